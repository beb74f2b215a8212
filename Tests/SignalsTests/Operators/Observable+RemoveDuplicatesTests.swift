import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct RemoveDuplicatesTests {
    @Test func removeDuplicatesComparesWithTheLastDeliveredValue() {
        let recorder = Recorder(Observable.sequence([1, 1, 2, 2, 1, 3, 3]).removeDuplicates())
        #expect(recorder.events == [.value(1), .value(2), .value(1), .value(3), .finished])
    }

    @Test func removeDuplicatesByPredicate() {
        let recorder = Recorder(Observable.sequence([1, 2, 10, 11, 3]).removeDuplicates { abs($0 - $1) < 5 })
        #expect(recorder.events == [.value(1), .value(10), .value(3), .finished])
    }

    @Test func removeDuplicatesStateIsPerBinding() {
        let subject = Subject<Int>()
        let stream = subject.asObservable().removeDuplicates()
        let first = Recorder(stream)
        subject.send(1)
        let second = Recorder(stream)
        subject.send(1)
        subject.send(2)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }
}

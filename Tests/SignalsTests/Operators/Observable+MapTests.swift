import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct MapTests {
    @Test func mapTransformsValuesAndPassesFinish() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.asObservable().map { "\($0 * 2)" })
        subject.send(1)
        subject.send(2)
        subject.finish()
        #expect(recorder.events == [.value("2"), .value("4"), .finished])
    }

    @Test func compactMapDropsNils() {
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable().compactMap { Int($0) })
        ["1", "x", "3"].forEach(subject.send)
        subject.finish()
        #expect(recorder.events == [.value(1), .value(3), .finished])
    }

    @Test func filterKeepsMatchingValues() {
        let recorder = Recorder(Observable.sequence(1...6).filter { $0.isMultiple(of: 2) })
        #expect(recorder.events == [.value(2), .value(4), .value(6), .finished])
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct PairwiseTests {
    @Test func pairwiseStartsWithTheSecondValue() {
        let recorder = Recorder(Observable.sequence([1, 2, 4]).pairwise().map { "\($0)-\($1)" })
        #expect(recorder.events == [.value("1-2"), .value("2-4"), .finished])
    }

    @Test func withPreviousGivesNilForTheFirstValue() {
        let selection = Subject<Int>()
        let recorder = Recorder(selection.withPrevious().map { "\($0.previous.map(String.init) ?? "nil")→\($0.current)" })
        selection.send(3)
        selection.send(5)
        selection.finish()
        #expect(recorder.events == [.value("nil→3"), .value("3→5"), .finished])
    }

    @Test func eachBindingHasItsOwnPrevious() {
        let pairs = Property(1).withPrevious().map { "\($0.previous ?? 0)→\($0.current)" }
        #expect(Recorder(pairs).events == [.value("0→1")])
        #expect(Recorder(pairs).events == [.value("0→1")])
    }
}

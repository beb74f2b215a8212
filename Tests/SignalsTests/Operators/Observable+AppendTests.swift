import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct AppendConcatTests {
    @Test func appendBindsTheSecondStreamWhenTheFirstFinishes() {
        let first = Subject<Int>()
        let second = Subject<Int>()
        let recorder = Recorder(first.append(second))
        #expect(second.bindingCount == 0)
        first.send(1)
        second.send(99)
        first.finish()
        #expect(second.bindingCount == 1)
        second.send(2)
        second.finish()
        #expect(recorder.events == [.value(1), .value(2), .finished])
    }

    @Test func appendOfValuesDeliversThemAfterTheFinish() {
        let recorder = Recorder(Observable.sequence([1, 2]).append(3, 4))
        #expect(recorder.events == [.value(1), .value(2), .value(3), .value(4), .finished])
    }

    @Test func appendContentsOfASequence() {
        let recorder = Recorder(Observable.just(0).append(contentsOf: 1...2))
        #expect(recorder.events == [.value(0), .value(1), .value(2), .finished])
    }

    @Test func anUnfinishedStreamNeverReachesTheAppendedOne() {
        let first = Subject<Int>()
        let recorder = Recorder(first.append(Observable.just(9)))
        first.send(1)
        #expect(recorder.events == [.value(1)])
    }

    @Test func cancellingCancelsWhicheverStreamIsBound() {
        let first = Subject<Int>()
        let second = Subject<Int>()
        let recorder = Recorder(first.append(second))
        recorder.cancel()
        #expect(first.bindingCount == 0)
        let again = Recorder(first.append(second))
        first.finish()
        #expect(second.bindingCount == 1)
        again.cancel()
        #expect(second.bindingCount == 0)
        second.send(1)
        #expect(again.events == [])
    }

    @Test func concatRunsTheSourcesOneAfterTheOther() {
        let scheduler = TestScheduler()
        let slow = Observable.just("a").delay(for: .milliseconds(100), scheduler: scheduler)
        let recorder = Recorder(Observable.concat(slow, Observable.just("b"), slow), scheduler: scheduler)
        scheduler.run()
        #expect(stamped(recorder) == ["100ms a", "100ms b", "200ms a", "200ms |"])
    }

    @Test func concatOfNothingFinishesAtOnce() {
        let recorder = Recorder(Observable<Int>.concat([]))
        #expect(recorder.events == [.finished])
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct MergeTests {
    @Test func mergeInterleavesAndFinishesWhenAllFinish() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(a.asObservable().merge(with: b.asObservable()))
        a.send(1)
        b.send(2)
        a.finish()
        b.send(3)
        #expect(recorder.events == [.value(1), .value(2), .value(3)])
        b.finish()
        #expect(recorder.events == [.value(1), .value(2), .value(3), .finished])
    }

    @Test func mergeOfNothingFinishesAtOnce() {
        let recorder = Recorder(Observable<Int>.merge([]))
        #expect(recorder.events == [.finished])
    }

    @Test func cancellingAMergeUnbindsEverySource() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let token = Observable.merge([a.asObservable(), b.asObservable()]).bind { _ in }
        #expect(a.bindingCount == 1 && b.bindingCount == 1)
        token.cancel()
        #expect(a.bindingCount == 0 && b.bindingCount == 0)
    }
}

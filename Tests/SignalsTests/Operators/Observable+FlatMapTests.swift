import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct FlatMapTests {
    @Test func mergesEveryInnerStreamAndFinishesWhenAllHave() {
        let outer = Subject<Int>()
        let inners = [Subject<String>(), Subject<String>()]
        let recorder = Recorder(outer.asObservable().flatMap { inners[$0].asObservable() })
        outer.send(0)
        outer.send(1)
        inners[0].send("a")
        inners[1].send("b")
        inners[0].send("c")
        outer.finish()
        inners[0].finish()
        #expect(recorder.events == [.value("a"), .value("b"), .value("c")])
        inners[1].finish()
        #expect(recorder.events == [.value("a"), .value("b"), .value("c"), .finished])
    }

    @Test func synchronousInnerStreamsAreDeliveredAndReleased() {
        let recorder = Recorder(Observable.sequence([1, 2, 3]).flatMap { Observable.sequence([$0, $0 * 10]) })
        #expect(recorder.events == [.value(1), .value(10), .value(2), .value(20), .value(3), .value(30), .finished])
    }

    @Test func cancellingUnbindsEveryInnerStream() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let token = outer.asObservable().flatMap { _ in inner.asObservable() }.bind { _ in }
        outer.send(0)
        outer.send(1)
        #expect(inner.bindingCount == 2)
        token.cancel()
        #expect(inner.bindingCount == 0)
    }
}

import Signals
import SignalsTesting
import Testing

@Suite struct FlatMapLatestTests {
    @Test func deliversOnlyTheLatestInnerStream() {
        let outer = Subject<Int>()
        let inners = [Subject<String>(), Subject<String>()]
        let recorder = Recorder(outer.asObservable().flatMapLatest { inners[$0].asObservable() })
        outer.send(0)
        inners[0].send("a")
        outer.send(1)
        #expect(inners[0].bindingCount == 0)
        inners[0].send("stale")
        inners[1].send("b")
        #expect(recorder.values == ["a", "b"])
    }

    @Test func finishesWhenOuterAndCurrentInnerHaveFinished() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let recorder = Recorder(outer.asObservable().flatMapLatest { _ in inner.asObservable() })
        outer.send(0)
        outer.finish()
        inner.send(1)
        #expect(recorder.events == [.value(1)])
        inner.finish()
        #expect(recorder.events == [.value(1), .finished])
    }

    @Test func innerFinishingDoesNotFinishWhileOuterIsLive() {
        let outer = Subject<Int>()
        let recorder = Recorder(outer.asObservable().flatMapLatest { Observable.just($0 * 10) })
        outer.send(1)
        outer.send(2)
        #expect(recorder.events == [.value(10), .value(20)])
        outer.finish()
        #expect(recorder.events == [.value(10), .value(20), .finished])
    }

    @Test func cancellingUnbindsOuterAndInner() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let token = outer.asObservable().flatMapLatest { _ in inner.asObservable() }.bind { _ in }
        outer.send(0)
        #expect(inner.bindingCount == 1)
        token.cancel()
        #expect(inner.bindingCount == 0)
        #expect(outer.bindingCount == 0)
    }

    @Test func switchingManyTimesKeepsOneInnerBinding() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        var sum = 0
        let token = outer.asObservable().flatMapLatest { offset in inner.asObservable().map { $0 + offset } }.bind { sum += $0 }
        for index in 0..<1_000 {
            outer.send(index)
            inner.send(1)
        }
        #expect(inner.bindingCount == 1)
        #expect(sum == (0..<1_000).reduce(0) { $0 + $1 + 1 })
        token.cancel()
    }
}

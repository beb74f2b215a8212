import Dispatch
import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct FlatMapLatestTests {
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

    @Test func theReplacedInnerStreamIsCancelledBeforeTheNextIsBound() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let log = LockedList<String>()
        let recorder = Recorder(outer.asObservable().flatMapLatest { index in
            inner.asObservable().handleEvents(
                onBind: { log.append("bind \(index)") },
                onCancel: { log.append("cancel \(index)") }
            )
        })
        outer.send(0)
        outer.send(1)
        outer.send(2)
        #expect(log.elements == ["bind 0", "cancel 0", "bind 1", "cancel 1", "bind 2"])
        recorder.cancel()
        #expect(log.elements.last == "cancel 2")
    }

    @Test func innerStreamsThatFinishWhileBeingBoundAreFreedWhileTheBindingLives() {
        final class Marker {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        let outer = Subject<Int>()
        let tracker = LeakTracker()
        let recorder = Recorder(outer.asObservable().flatMapLatest { value in
            let marker = tracker.track(Marker(value))
            return Observable.just(value).map { _ in marker.value * 10 }
        })
        outer.send(1)
        outer.send(2)
        #expect(recorder.values == [10, 20])
        #expect(tracker.trackedCount == 2)
        #expect(tracker.leakMessage == nil)
    }

    @Test func aFinishedInnerStreamReleasesItsInnerBinding() {
        final class Marker {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let tracker = LeakTracker()
        let recorder = Recorder(outer.asObservable().flatMapLatest { offset in
            let marker = tracker.track(Marker(offset))
            return inner.asObservable().map { $0 + marker.value }
        })
        outer.send(0)
        inner.send(1)
        inner.finish()
        #expect(recorder.values == [1])
        #expect(inner.bindingCount == 0)
        #expect(tracker.leakMessage == nil)
    }

    @Test func cancellingDuringTheInnerReplayUnbindsTheInnerStream() {
        let outer = Subject<Int>()
        let inner = Property(5)
        let slot = Locked<(any Cancellable)?>(nil)
        var values: [Int] = []
        let token = outer.asObservable().flatMapLatest { _ in inner.asObservable() }.bind { value in
            values.append(value)
            slot.withLock { $0 }?.cancel()
        }
        slot.withLock { $0 = token }
        outer.send(0)
        inner.value = 6
        #expect(values == [5])
        #expect(inner.bindingCount == 0)
        #expect(outer.bindingCount == 0)
        slot.withLock { $0 = nil }  // the handler holds the slot, which holds its token: a cycle
    }

    @Test func switchingWhileInnerStreamsSendFromOtherThreadsKeepsOnlyTheLastInnerBound() {
        let outer = Subject<Int>()
        let inners = (0..<4).map { _ in Subject<Int>() }
        let delivered = LockedList<Int>()
        let token = outer.asObservable().flatMapLatest { index in inners[index].asObservable() }.bind {
            delivered.append($0)
        }
        let switching = Locked(true)  // not `Atomic`: that needs macOS 15
        guard runBounded("the 3 threads' work", {
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                if thread == 0 {
                    for step in 0..<20_000 { outer.send(step % inners.count) }
                    switching.withLock { $0 = false }
                } else {
                    var step = 0
                    while switching.withLock({ $0 }) {
                        let index = (step + thread) % inners.count
                        inners[index].send(index)
                        step += 1
                    }
                }
            }
        }) != nil else { return }
        // The last switch was to inner 3: only it is still bound, and only it delivers.
        #expect(inners.map(\.bindingCount) == [0, 0, 0, 1])
        let before = delivered.elements.count
        inners[2].send(2)
        inners[3].send(3)
        #expect(Array(delivered.elements.dropFirst(before)) == [3])
        token.cancel()
        #expect(inners.map(\.bindingCount) == [0, 0, 0, 0])
        #expect(outer.bindingCount == 0)
    }
}

import Signals
import SignalsTesting
import Testing

// "`cancel()` stops delivery at once; what the chain captured is freed when the token is
// released, and earlier for the operators that combine several sources" (TheContract.md,
// Lifetimes). A subject's own binding keeps its handler until the token goes: freeing it inside
// `cancel()` cost benchmark workload 4 about 50% (the frees move into the timed cancel loop).

@Suite(.deadlockWatchdog) struct CancelReleasesTests {
    @Test func cancellingASubjectBindingStopsDeliveryAndReleasingTheTokenFreesItsChain() {
        let subject = Subject<Int>()
        let tracker = LeakTracker()
        var values: [Int] = []
        var token: Cancellable?
        do {
            let probe = tracker.track(ChainProbe())
            token = subject.map { probe.pass($0) }.filter { $0 > 0 }.bind { values.append($0) }
        }
        subject.send(1)
        token?.cancel()
        subject.send(2)
        #expect(values == [1])
        #expect(subject.bindingCount == 0)
        token = nil
        #expect(tracker.leakMessage == nil)
    }

    @Test func cancellingMultiSourceOperatorsReleasesTheirStateWhileTheTokenIsHeld() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let scheduler = TestScheduler()
        let tracker = LeakTracker()
        var tokens: [Cancellable] = []
        do {
            let probe = tracker.track(ChainProbe())
            tokens.append(a.merge(with: b).bind { _ = probe.pass($0) })
            tokens.append(a.combineLatest(b) { probe.pass($0 + $1) }.bind { _ in })
            tokens.append(a.flatMapLatest { _ in b.map { probe.pass($0) } }.bind { _ in })
            tokens.append(a.debounce(for: .seconds(1), scheduler: scheduler).bind { _ = probe.pass($0) })
            tokens.append(a.withLatestFrom(b) { probe.pass($0 + $1) }.bind { _ in })
        }
        a.send(1)
        b.send(2)
        #expect(tracker.leakMessage != nil)
        for token in tokens { token.cancel() }
        scheduler.run()
        #expect(tracker.leakMessage == nil)
        #expect(a.bindingCount == 0)
        #expect(b.bindingCount == 0)
        withExtendedLifetime(tokens) {}
    }

    @Test func aHandlerThatCapturesItsOwnTokenIsFreedOnceTheTokenIsLetGo() {
        final class TokenBox {
            var token: Cancellable?
        }
        let subject = Subject<Int>()
        let tracker = LeakTracker()
        do {
            let box = tracker.track(TokenBox())
            // The handler holds the box, the box holds the token, the token holds the handler:
            // the handler lets go of its token (not only cancels it) to end the cycle.
            box.token = subject.bind { [box] value in
                if value == 2 { box.token = nil }
            }
        }
        subject.send(1)
        #expect(tracker.leakMessage != nil)
        subject.send(2)
        #expect(tracker.leakMessage == nil)
        #expect(subject.bindingCount == 0)
    }

    @Test func aBindingReleasedDuringADeliveryIsFreedWhenThatDeliveryEnds() {
        let subject = Subject<Int>()
        let tracker = LeakTracker()
        var released: Cancellable?
        var sawFreeBeforeDeliveryEnded = false
        do {
            let probe = tracker.track(ChainProbe())
            released = subject.bind { _ = probe.pass($0) }
        }
        let releaser = subject.bind { _ in
            released = nil
            sawFreeBeforeDeliveryEnded = tracker.leakMessage == nil
        }
        subject.send(1)
        #expect(released == nil)
        #expect(!sawFreeBeforeDeliveryEnded)
        #expect(tracker.leakMessage == nil)
        withExtendedLifetime(releaser) {}
    }

    @Test func anAnyCancellableReleasesItsActionOnceItRan() {
        let tracker = LeakTracker()
        let runs = Counter()
        let cancellable: AnyCancellable
        do {
            let probe = tracker.track(ChainProbe())
            cancellable = AnyCancellable { _ = probe.pass(0); runs.increment() }
        }
        cancellable.cancel()
        cancellable.cancel()
        #expect(runs.value == 1)
        #expect(tracker.leakMessage == nil)
        #expect(cancellable.isCancelled)
    }
}

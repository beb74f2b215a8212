import Signals
import SignalsTesting
import Testing

// "Cancelling a binding releases its handler and everything the chain captured at once, even
// while the token is still held" (TheContract.md, Lifetimes). Each test keeps the token, calls
// `cancel()`, and checks that the probe the chain's closures captured is gone.

@Suite struct CancelReleasesTests {
    @Test func cancellingASubjectBindingReleasesItsChainWhileTheTokenIsHeld() {
        let subject = Subject<Int>()
        let tracker = LeakTracker()
        var values: [Int] = []
        let token: Cancellable
        do {
            let probe = tracker.track(ChainProbe())
            token = subject.map { probe.pass($0) }.filter { $0 > 0 }.bind { values.append($0) }
        }
        subject.send(1)
        #expect(tracker.leakMessage != nil)
        token.cancel()
        #expect(tracker.leakMessage == nil)
        subject.send(2)
        #expect(values == [1])
        withExtendedLifetime(token) {}
    }

    @Test func cancellingAPropertyBindingReleasesItsHandlerWhileTheTokenIsHeld() {
        let property = Property(0)
        let tracker = LeakTracker()
        let token: Cancellable
        do {
            let probe = tracker.track(ChainProbe())
            token = property.bind { _ = probe.pass($0) }
        }
        token.cancel()
        #expect(tracker.leakMessage == nil)
        withExtendedLifetime(token) {}
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

    @Test func aHandlerThatCapturesItsOwnTokenIsFreedByCancel() {
        final class TokenBox {
            var token: Cancellable?
        }
        let subject = Subject<Int>()
        let tracker = LeakTracker()
        do {
            let box = tracker.track(TokenBox())
            // The handler holds the box, the box holds the token, the token holds the handler.
            box.token = subject.bind { [box] value in
                if value == 2 { box.token?.cancel() }
            }
        }
        subject.send(1)
        #expect(tracker.leakMessage != nil)
        subject.send(2)
        #expect(tracker.leakMessage == nil)
        #expect(subject.bindingCount == 0)
    }

    @Test func aBindingCancelledDuringADeliveryIsReleasedWhenThatDeliveryEnds() {
        let subject = Subject<Int>()
        let tracker = LeakTracker()
        var cancelled: Cancellable?
        var sawReleaseBeforeDeliveryEnded = false
        do {
            let probe = tracker.track(ChainProbe())
            cancelled = subject.bind { _ = probe.pass($0) }
        }
        let canceller = subject.bind { _ in
            cancelled?.cancel()
            sawReleaseBeforeDeliveryEnded = tracker.leakMessage == nil
        }
        subject.send(1)
        #expect(!sawReleaseBeforeDeliveryEnded)
        #expect(tracker.leakMessage == nil)
        withExtendedLifetime((cancelled, canceller)) {}
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

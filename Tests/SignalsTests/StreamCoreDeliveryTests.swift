import Dispatch
import Signals
import SignalsTesting
import Testing

/// The delivery invariants `StreamCore` keeps while it delivers without reference counting:
/// structural changes made during a delivery (cancel, bind, table growth, token release) are
/// deferred until the delivery is over, and never change what that delivery does.
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct StreamCoreDeliveryTests {
    /// Holds tokens so a handler can cancel or release them mid-delivery.
    final class Tokens {
        var items: [Int: any Cancellable] = [:]
    }

    @Test func bindingCancelledByAnEarlierHandlerIsNotCalledForTheSameValue() {
        let subject = Subject<Int>()
        let tokens = Tokens()
        var calls: [String] = []
        tokens.items[0] = subject.bind { value in
            calls.append("first \(value)")
            tokens.items[1]?.cancel()
        }
        tokens.items[1] = subject.bind { calls.append("second \($0)") }
        subject.send(1)
        subject.send(2)
        #expect(calls == ["first 1", "first 2"])
        #expect(subject.bindingCount == 1)
        tokens.items = [:]  // the first handler holds `tokens`, which holds its token: a cycle
    }

    /// A table of one binding is delivered inline, longer ones by the loop: as bindings come and
    /// go, each send and each property write reaches exactly the bindings live at the time.
    @Test func sendsReachExactlyTheLiveBindingsAsTheTableGrowsAndShrinksThroughOne() {
        let subject = Subject<Int>()
        let property = Property(0)
        var calls: [String] = []
        let a = subject.bind { calls.append("a \($0)") }
        subject.send(1)                                      // one binding
        let b = subject.bind { calls.append("b \($0)") }
        subject.send(2)                                      // two
        a.cancel()
        subject.send(3)                                      // one, in the second slot
        b.cancel()
        subject.send(4)                                      // none
        let c = property.bind { calls.append("c \($0)") }   // replays 0
        property.value = 5                                   // one, through a write
        c.cancel()
        property.value = 6
        #expect(calls == ["a 1", "a 2", "b 2", "b 3", "c 0", "c 5"])
        #expect(subject.bindingCount == 0)
    }

    @Test func tokenReleasedByAHandlerDuringDeliveryStopsItsBinding() {
        let subject = Subject<Int>()
        let tokens = Tokens()
        var calls: [String] = []
        tokens.items[0] = subject.bind { value in
            calls.append("first \(value)")
            tokens.items[0] = nil
            tokens.items[1] = nil
        }
        tokens.items[1] = subject.bind { calls.append("second \($0)") }
        tokens.items[2] = subject.bind { calls.append("third \($0)") }
        subject.send(1)
        subject.send(2)
        #expect(calls == ["first 1", "third 1", "third 2"])
        #expect(subject.bindingCount == 1)
    }

    @Test func bindingsMadeDuringDeliveryGetOnlyLaterValuesInOrder() {
        let subject = Subject<Int>()
        var calls: [String] = []
        var made: [any Cancellable] = []
        let token = subject.bind { value in
            calls.append("outer \(value)")
            if value == 1 {
                // Enough bindings to make the slot table grow while it is being read.
                for index in 0..<100 {
                    made.append(subject.bind { calls.append("inner\(index) \($0)") })
                }
            }
        }
        subject.send(1)
        subject.send(2)
        #expect(calls == ["outer 1", "outer 2"] + (0..<100).map { "inner\($0) 2" })
        #expect(subject.bindingCount == 101)
        token.cancel()
        made.removeAll()
        #expect(subject.bindingCount == 0)
    }

    @Test func reentrantSendsAreDeliveredInOrderAfterTheCurrentDelivery() {
        let subject = Subject<Int>()
        var calls: [String] = []
        let first = subject.bind { value in
            calls.append("a\(value)")
            if value < 3 { subject.send(value + 1) }
        }
        let second = subject.bind { calls.append("b\($0)") }
        subject.send(1)
        #expect(calls == ["a1", "b1", "a2", "b2", "a3", "b3"])
        withExtendedLifetime((first, second)) {}
    }

    @Test func oneHundredThousandReentrantSendsWithChurnDoNotCrash() {
        let subject = Subject<Int>()
        var total = 0
        var churn: (any Cancellable)?
        let token = subject.bind { value in
            total += 1
            churn = subject.bind { _ in }
            if value < 100_000 { subject.send(value + 1) }
        }
        subject.send(1)
        #expect(total == 100_000)
        #expect(subject.bindingCount == 2)
        withExtendedLifetime((token, churn)) {}
    }

    @Test func finishDuringDeliveryFinishesEveryBindingOnceAfterTheValue() {
        let subject = Subject<Int>()
        let tokens = Tokens()
        var calls: [String] = []
        tokens.items[0] = subject.bind(
            onValue: { value in
                calls.append("first \(value)")
                subject.finish()
                tokens.items[1] = nil
            },
            onFinish: { calls.append("first finished") }
        )
        tokens.items[1] = subject.bind(
            onValue: { calls.append("second \($0)") },
            onFinish: { calls.append("second finished") }
        )
        tokens.items[2] = subject.bind(
            onValue: { calls.append("third \($0)") },
            onFinish: { calls.append("third finished") }
        )
        subject.send(1)
        subject.send(2)
        #expect(calls == ["first 1", "third 1", "first finished", "third finished"])
        tokens.items.removeAll()
        #expect(subject.bindingCount == 0)
    }

    @Test func randomCancellationKeepsTheOrderOfTheRemainingBindings() {
        let subject = Subject<Int>()
        var calls: [Int] = []
        var tokens: [(any Cancellable)?] = (0..<1000).map { index in
            subject.bind { _ in calls.append(index) }
        }
        var generator = SystemRandomNumberGenerator()
        let cancelled = Set((0..<1000).shuffled(using: &generator).prefix(900))
        for index in cancelled { tokens[index] = nil }
        subject.send(0)
        #expect(calls == (0..<1000).filter { !cancelled.contains($0) })
        #expect(subject.bindingCount == 100)
        tokens.removeAll()
        #expect(subject.bindingCount == 0)
    }

    @Test func propertyBoundDuringDeliveryReplaysAfterTheCurrentDelivery() {
        let property = Property(0)
        var calls: [String] = []
        var late: (any Cancellable)?
        let token = property.bind { value in
            calls.append("first \(value)")
            if value == 1 { late = property.bind { calls.append("late \($0)") } }
        }
        property.value = 1
        property.value = 2
        #expect(calls == ["first 0", "first 1", "late 1", "first 2", "late 2"])
        withExtendedLifetime((token, late)) {}
    }

    @Test func concurrentSendBindAndCancelDeliverEveryValueToLongLivedBindings() {
        let subject = Subject<Int>()
        let received = Counter()
        let token = subject.bind { _ in received.increment() }
        guard runBounded("the 4 threads' work", {
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for index in 0..<2_000 {
                    if worker % 2 == 0 {
                        subject.send(index)
                    } else {
                        let churn = subject.bind { _ in }
                        if index % 3 == 0 { subject.send(index) }
                        churn.cancel()
                    }
                }
            }
        }) != nil else { return }
        #expect(received.value == 2 * 2_000 + 2 * 667)
        #expect(subject.bindingCount == 1)
        token.cancel()
    }
}

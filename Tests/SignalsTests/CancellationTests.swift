import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct CancellationTests {
    @Test func aDeallocatedTokenCancelsItsBinding() {
        let subject = Subject<Int>()
        var received: [Int] = []
        do {
            let token = subject.bind { received.append($0) }
            subject.send(1)
            _ = token
        }
        subject.send(2)
        #expect(received == [1])
        #expect(subject.bindingCount == 0)
    }

    @Test func aBindingCancelledDuringADeliveryIsNotCalledEvenForThatValue() {
        let subject = Subject<Int>()
        var calls: [String] = []
        var second: (any Cancellable)?
        let first = subject.bind { value in
            calls.append("first \(value)")
            second?.cancel()
        }
        second = subject.bind { calls.append("second \($0)") }
        subject.send(1)
        subject.send(2)
        #expect(calls == ["first 1", "first 2"])
        first.cancel()
    }

    @Test func aBindingThatCancelsItselfGetsNothingMore() {
        let subject = Subject<Int>()
        var received: [Int] = []
        var token: (any Cancellable)?
        token = subject.bind { value in
            received.append(value)
            subject.send(value + 1)   // queued re-entrantly
            token?.cancel()
        }
        subject.send(1)
        #expect(received == [1])
        token = nil  // the handler holds its own token: a cycle that cancelling does not break
    }

    @Test func cancelIsIdempotent() {
        let subject = Subject<Int>()
        let token = subject.map { $0 }.bind { _ in }
        token.cancel()
        token.cancel()
        #expect(subject.bindingCount == 0)
    }

    @Test func cancellingAChainCancelsTheUpstreamBinding() {
        let subject = Subject<Int>()
        let token = subject.map { $0 + 1 }.filter { $0 > 0 }.removeDuplicates().bind { _ in }
        #expect(subject.bindingCount == 1)
        token.cancel()
        #expect(subject.bindingCount == 0)
    }

    @Test func bindToOwnerHoldsTheOwnerWeakly() {
        final class Owner { var values: [Int] = [] }
        let subject = Subject<Int>()
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        let token = subject.bind(with: owner!) { owner, value in owner.values.append(value) }
        subject.send(1)
        #expect(owner?.values == [1])
        owner = nil
        #expect(weakOwner == nil)
        subject.send(2)
        #expect(subject.bindingCount == 0)
        token.cancel()
    }

    @Test func anyCancellableRunsItsActionOnce() {
        let counter = Counter()
        let cancellable = AnyCancellable { counter.increment() }
        cancellable.cancel()
        cancellable.cancel()
        #expect(counter.value == 1)
        #expect(cancellable.isCancelled)
    }

    @Test func anyCancellableRunsItsActionOnDeinit() {
        let counter = Counter()
        do { _ = AnyCancellable { counter.increment() } }
        #expect(counter.value == 1)
    }
}

@Suite(.deadlockWatchdog) struct CancellableBagTests {
    @Test func storeInBagKeepsBindingsAliveUntilCancelAll() {
        let subject = Subject<Int>()
        var received: [Int] = []
        var bag = CancellableBag()
        subject.bind { received.append($0) }.store(in: &bag)
        subject.bind { received.append($0 * 10) }.store(in: bag)
        #expect(bag.count == 2)
        subject.send(1)
        bag.cancelAll()
        #expect(bag.count == 0)
        subject.send(2)
        #expect(received == [1, 10])
    }

    @Test func theBagCancelsEverythingOnDeinit() {
        let subject = Subject<Int>()
        do {
            let bag = CancellableBag()
            subject.bind { _ in }.store(in: bag)
            subject.bind { _ in }.store(in: bag)
            #expect(subject.bindingCount == 2)
        }
        #expect(subject.bindingCount == 0)
    }

    @Test func theBagIsReusableAfterCancelAll() {
        let subject = Subject<Int>()
        let bag = CancellableBag()
        subject.bind { _ in }.store(in: bag)
        bag.cancelAll()
        subject.bind { _ in }.store(in: bag)
        #expect(bag.count == 1)
        #expect(subject.bindingCount == 1)
    }

    @Test func aCancelledBindingMayTouchTheBagWithoutDeadlock() {
        let bag = CancellableBag()
        let counter = Counter()
        AnyCancellable { _ = bag.count; counter.increment() }.store(in: bag)
        bag.cancelAll()
        #expect(counter.value == 1)
    }
}

import Dispatch
import Signals
import Testing

/// Bindings made while a stream is delivering: a new `Property` binding gets the current value
/// once and then only later changes; a new `Subject` binding gets only values sent after `bind`
/// returned (The Signals contract, "Bindings made during a delivery").
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct LateBinderTests {
    @Test func propertyBoundInItsOwnHandlerAfterAWriteGetsTheCurrentValueOnce() {
        let property = Property(0)
        var late: [Int] = []
        var lateToken: (any Cancellable)?
        let token = property.bind { value in
            if value == 1 {
                property.value = 2
                lateToken = property.bind { late.append($0) }
            }
        }
        property.value = 1
        property.value = 5
        #expect(late == [2, 5])
        withExtendedLifetime((token, lateToken)) {}
    }

    @Test func propertyBoundInItsOwnHandlerAfterTwoWritesGetsOnlyTheLatest() {
        let property = Property(0)
        var late: [Int] = []
        var first: [Int] = []
        var lateToken: (any Cancellable)?
        let token = property.bind { value in
            first.append(value)
            if value == 1 {
                property.value = 2
                property.value = 3
                lateToken = property.bind { late.append($0) }
            }
        }
        property.value = 1
        property.value = 4
        #expect(first == [0, 1, 2, 3, 4])
        #expect(late == [3, 4])
        withExtendedLifetime((token, lateToken)) {}
    }

    @Test func propertyWrittenAfterALateBindingDeliversTheWriteAfterTheReplay() {
        let property = Property(0)
        var late: [Int] = []
        var lateToken: (any Cancellable)?
        let token = property.bind { value in
            if value == 1 {
                property.value = 2
                lateToken = property.bind { late.append($0) }
                property.value = 3
            }
        }
        property.value = 1
        #expect(late == [2, 3])
        withExtendedLifetime((token, lateToken)) {}
    }

    @Test func subjectBoundInItsOwnHandlerAfterASendDoesNotReceiveThatValue() {
        let subject = Subject<Int>()
        var late: [Int] = []
        var lateToken: (any Cancellable)?
        let token = subject.bind { value in
            if value == 1 {
                subject.send(2)
                lateToken = subject.bind { late.append($0) }
                subject.send(3)
            }
        }
        subject.send(1)
        subject.send(4)
        #expect(late == [3, 4])
        withExtendedLifetime((token, lateToken)) {}
    }

    @Test func lateBindingsMadeOneAfterAnotherEachSkipOnlyWhatWasQueuedBeforeThem() {
        let subject = Subject<Int>()
        var calls: [String] = []
        var tokens: [any Cancellable] = []
        let token = subject.bind { value in
            calls.append("first \(value)")
            if value == 1 {
                subject.send(2)
                tokens.append(subject.bind { calls.append("a \($0)") })
                subject.send(3)
                tokens.append(subject.bind { calls.append("b \($0)") })
                subject.send(4)
            }
        }
        subject.send(1)
        #expect(calls == ["first 1", "first 2", "first 3", "a 3", "first 4", "a 4", "b 4"])
        withExtendedLifetime((token, tokens)) {}
    }

    @Test func aLateBindingCancelledBeforeItsFirstValueLetsLaterBindingsReceiveTheirs() {
        let subject = Subject<Int>()
        var calls: [String] = []
        var tokens: [Int: any Cancellable] = [:]
        let token = subject.bind { value in
            calls.append("first \(value)")
            if value == 1 {
                subject.send(2)
                tokens[0] = subject.bind { calls.append("a \($0)") }
                subject.send(3)
                tokens[1] = subject.bind { calls.append("b \($0)") }
                tokens[0] = nil
                subject.send(4)
            }
        }
        subject.send(1)
        subject.send(5)
        #expect(calls == ["first 1", "first 2", "first 3", "first 4", "b 4", "first 5", "b 5"])
        withExtendedLifetime((token, tokens)) {}
    }

    @Test func propertyBoundOnAnotherThreadDuringADeliveryGetsItsReplayFromTheDeliveringThread() {
        let property = Property(0)
        let inDelivery = DispatchSemaphore(value: 0)
        let bound = DispatchSemaphore(value: 0)
        let late = LockedList<Int>()
        let token = property.bind { value in
            if value == 1 {
                inDelivery.signal()
                bound.waitOrFail("the late binding")
            }
        }
        let done = DispatchSemaphore(value: 0)
        detachThread {
            property.value = 1
            done.signal()
        }
        guard inDelivery.waitOrFail("the delivery of 1") else { return }
        property.value = 2
        let lateToken = property.bind { late.append($0) }
        // The other thread is delivering: the replay waits for it, after the queued 2.
        #expect(late.elements == [])
        bound.signal()
        done.waitOrFail("the delivering thread's return")
        #expect(late.elements == [2])
        property.value = 3
        #expect(late.elements == [2, 3])
        withExtendedLifetime((token, lateToken)) {}
    }

    @Test func propertyBoundWhileNothingIsDeliveredGetsItsReplayBeforeBindReturns() {
        let property = Property(7)
        var late: [Int] = []
        let token = property.bind { late.append($0) }
        #expect(late == [7])
        withExtendedLifetime(token) {}
    }

    @Test func subjectBoundOnAnotherThreadDuringADeliveryGetsOnlyValuesSentAfterBind() {
        let subject = Subject<Int>()
        let inDelivery = DispatchSemaphore(value: 0)
        let bound = DispatchSemaphore(value: 0)
        let late = LockedList<Int>()
        let token = subject.bind { value in
            if value == 1 {
                inDelivery.signal()
                bound.waitOrFail("the late binding")
            }
        }
        let done = DispatchSemaphore(value: 0)
        detachThread {
            subject.send(1)
            done.signal()
        }
        guard inDelivery.waitOrFail("the delivery of 1") else { return }
        subject.send(2)
        let lateToken = subject.bind { late.append($0) }
        subject.send(3)
        bound.signal()
        done.waitOrFail("the delivering thread's return")
        #expect(late.elements == [3])
        withExtendedLifetime((token, lateToken)) {}
    }

    @Test func bindingsMadeWhileAnotherThreadWritesNeverSeeADuplicateOrAnOlderValue() {
        let property = Property(0)
        let writes = 20_000
        let violations = Counter()
        let histories = Counter()
        let writer = DispatchSemaphore(value: 0)
        detachThread {
            for value in 1...writes { property.value = value }
            writer.signal()
        }
        var finished = false
        let deadline = DispatchTime.now() + .seconds(waitLimitSeconds)
        while !finished {
            let seen = LockedList<Int>()
            let before = property.value
            let token = property.bind { seen.append($0) }
            for _ in 0..<10 { _ = property.value }
            token.cancel()
            let history = seen.elements
            // The replay may still be on its way (the writer delivers it) when the token is
            // cancelled, so a history may be empty; it never starts before `before`.
            if let first = history.first, first < before { violations.increment() }
            for (earlier, later) in zip(history, history.dropFirst()) where later <= earlier {
                violations.increment()
            }
            histories.increment()
            finished = writer.wait(timeout: .now()) == .success
            if !finished, DispatchTime.now() > deadline {
                Issue.record("the writer did not finish within \(waitLimitSeconds) s: a deadlock?")
                return
            }
        }
        #expect(violations.value == 0)
        #expect(histories.value > 0)
    }
}

import Dispatch
import Signals
import Testing

/// Cancelling from another thread (The Signals contract, "Cancelling from another thread"):
/// once `cancel()` has returned on a thread that is not delivering, the handler is entered at
/// most once more — for the value being delivered to it at that moment — and never for a
/// later value.
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct CrossThreadCancelTests {
    @Test func afterCancelReturnsOnAnotherThreadTheHandlerIsEnteredAtMostOnceMore() {
        var worst = 0
        for _ in 0..<200 {
            let subject = Subject<Int>()
            let entered = Counter()
            let started = DispatchSemaphore(value: 0)
            let token = subject.asObservable().bind { value in
                entered.increment()
                if value == 10 { started.signal() }
            }
            let senderDone = DispatchSemaphore(value: 0)
            detachThread {
                for value in 0..<2_000 { subject.send(value) }
                senderDone.signal()
            }
            guard started.waitOrFail("the delivery of 10") else { return }
            token.cancel()
            let atReturn = entered.value
            guard senderDone.waitOrFail("the sender's return") else { return }
            worst = max(worst, entered.value - atReturn)
        }
        #expect(worst <= 1)
    }

    @Test func aHandlerThatWaitsForACancelOnAnotherThreadFinishesItsCallAndGetsNothingMore() {
        let subject = Subject<Int>()
        var calls: [Int] = []
        let inHandler = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        let token = subject.asObservable().bind { value in
            calls.append(value)
            if value == 1 {
                inHandler.signal()
                cancelled.waitOrFail("the cancel")
            }
        }
        let senderDone = DispatchSemaphore(value: 0)
        detachThread {
            subject.send(1)
            subject.send(2)
            senderDone.signal()
        }
        guard inHandler.waitOrFail("the delivery of 1") else { return }
        // The call that is running completes; cancel does not wait for it.
        token.cancel()
        cancelled.signal()
        senderDone.waitOrFail("the sender's return")
        #expect(calls == [1])
    }
}

import CSignalsTestHammer
import Foundation
@testable import Signals
import Testing

/// The stream word (`StreamWord`): a subject's lock and its drainer role in one word, so that an
/// uncontended send claims the role without the lock. These tests cover what the interleaving
/// explorer takes as given: that the word is a lock (no lost update, no lost wake-up, on both
/// sleeping paths), and that a lock holder who finds a claim treats it as a running delivery.
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct StreamWordTests {
    @Test(arguments: [false, true])
    func theWordIsALockWithNoLostWakeUp(parking: Bool) {
        // Four threads on two cores take the lock 100,000 times each around a plain counter: a
        // lock that let two in loses increments; a lost wake-up leaves a thread asleep forever.
        let count = runBounded("four threads taking the stream word's lock") {
            signals_stream_hammer(4, 100_000, parking)
        }
        #expect(count == 400_000)
    }

    @Test func aBindingMadeWhileAClaimedSendDeliversGetsOnlyLaterValues() {
        // The first send claims the role without the lock; its handler holds the delivery open
        // until another thread has bound. That binder's lock finds the claim: the binding must
        // skip the value being delivered, count as bound, and receive the next send.
        let subject = Subject<Int>()
        let binderDone = DispatchSemaphore(value: 0)
        let late = LockedList<Int>()
        let lateToken = Locked<Cancellable?>(nil)
        let first = LockedList<Int>()
        let countDuringDelivery = Locked<Int>(0)
        let token = subject.bind { value in
            first.append(value)
            guard value == 1 else { return }
            detachThread {
                lateToken.withLock { $0 = subject.bind { late.append($0) } }
                binderDone.signal()
            }
            _ = binderDone.waitOrFail("the binder on another thread")
            countDuringDelivery.withLock { $0 = subject.bindingCount }
        }
        subject.send(1)
        subject.send(2)
        #expect(first.elements == [1, 2])
        #expect(late.elements == [2])
        let counted = countDuringDelivery.withLock { $0 }
        #expect(counted == 2)
        #expect(subject.bindingCount == 2)
        withExtendedLifetime(token) {}
        lateToken.withLock { $0?.cancel() }
        #expect(subject.bindingCount == 1)
    }

    @Test func aSendFromAnotherThreadWhileAClaimedSendDeliversIsQueuedBehindIt() {
        // The second sender's lock finds the claim and queues behind it: the first send's
        // thread delivers both, in order, before it returns.
        let subject = Subject<Int>()
        let queued = DispatchSemaphore(value: 0)
        let received = LockedList<(value: Int, onFirstSender: Bool)>()
        let firstSender = Locked<Thread?>(nil)
        let token = subject.bind { value in
            received.append((value, Thread.current == firstSender.withLock { $0 }))
            guard value == 1 else { return }
            detachThread {
                subject.send(2)
                queued.signal()
            }
            _ = queued.waitOrFail("the second sender on another thread")
        }
        firstSender.withLock { $0 = Thread.current }
        subject.send(1)
        let elements = received.elements
        #expect(elements.map(\.value) == [1, 2])
        #expect(elements.allSatisfy { $0.onFirstSender })
        withExtendedLifetime(token) {}
    }
}

import Signals
import Testing

/// Compile-time checks, run as tests: what may cross threads and actors. (The negative cases —
/// a `Subject` of a non-`Sendable` value is not `Sendable`, an `Observable` is never
/// `Sendable` — are compile errors, so they are documented in "MainActor view models".)
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct SendabilityTests {
    private func requireSendable<T: Sendable>(_ value: T) -> T { value }

    @Test func subjectsAndPropertiesOfSendableValuesAreSendable() async {
        let subject = requireSendable(Subject<Int>())
        let property = requireSendable(Property("idle"))
        let received = Property<[Int]>([])
        let token = subject.bind { value in received.modify { $0.append(value) } }
        await Task.detached {
            subject.send(1)
            property.value = "sent from a detached task"
        }.value
        #expect(received.value == [1])
        #expect(property.value == "sent from a detached task")
        token.cancel()
    }

    actor Session {
        let counts = Subject<Int>()

        /// The documented way to hand a chain to another actor: `sending`, which the compiler
        /// accepts only because the chain captures no state of the actor.
        func doubledCounts() -> sending Observable<Int> {
            counts.map { $0 * 2 }
        }

        func send(_ value: Int) { counts.send(value) }
    }

    @Test func aChainReturnedAsSendingCrossesActorsAndDelivers() async {
        let session = Session()
        let doubled = await session.doubledCounts()
        let received = Property<[Int]>([])
        let token = doubled.bind { value in received.modify { $0.append(value) } }
        await session.send(21)
        #expect(received.value == [42])
        token.cancel()
    }
}

import Signals
import SignalsTesting
import Testing

// "Releasing the token frees the whole chain" (TheContract.md, Lifetimes), even while the work
// behind the binding goes on: an operation that ignores cancellation keeps running, but the
// binding's handlers, and everything they capture, are freed when the token is released.
// Every operation here waits at a gate that ignores cancellation; the test releases the token
// while the operation is held there, checks the handler's capture is gone at once, then opens
// the gate and waits (bounded) until the operation has ended, so that no task outlives the test.

/// A gate that an operation waits at until the test opens it, ignoring cancellation: the
/// operation a careless dependency runs (a request that does not check `Task.isCancelled`).
final class CancellationIgnoringGate: Sendable {
    private struct State {
        var isOpen = false
        var arrived = 0
        var passers: [CheckedContinuation<Void, Never>] = []
        var arrivalWaiters: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    /// Waits until the gate is open; a cancelled task waits too.
    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (isOpen, arrivalWaiters) = state.withLock { state -> (Bool, [@Sendable () -> Void]) in
                state.arrived += 1
                defer { state.arrivalWaiters = [] }
                if !state.isOpen { state.passers.append(continuation) }
                return (state.isOpen, state.arrivalWaiters)
            }
            for waiter in arrivalWaiters { waiter() }
            if isOpen { continuation.resume() }
        }
    }

    /// Lets every waiting and later operation through.
    func open() {
        let passers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.passers = [] }
            return state.passers
        }
        for passer in passers { passer.resume() }
    }

    /// Calls `action` once an operation has arrived at the gate (at once if one has).
    func whenArrived(_ action: @escaping @Sendable () -> Void) {
        let arrived = state.withLock { state -> Bool in
            if state.arrived > 0 { return true }
            state.arrivalWaiters.append(action)
            return false
        }
        if arrived { action() }
    }
}

/// Something an operation captures; it calls `onRelease` when the operation's task has let it
/// go, which is how a test knows that task has ended.
final class ReleaseSignal: Sendable {
    private let onRelease: @Sendable () -> Void
    init(_ onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
    func touch() {}
    deinit { onRelease() }
}

/// An async sequence whose first `next()` waits at a gate, ignoring cancellation, then ends.
struct GatedSequence: AsyncSequence, Sendable {
    typealias Element = Int
    let gate: CancellationIgnoringGate
    let signal: ReleaseSignal

    struct AsyncIterator: AsyncIteratorProtocol {
        let gate: CancellationIgnoringGate
        let signal: ReleaseSignal
        mutating func next() async -> Int? {
            await gate.pass()
            signal.touch()
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(gate: gate, signal: signal) }
}

/// An async sequence that yields 1, then waits at a gate, ignoring cancellation, then ends.
struct OneThenGatedSequence: AsyncSequence, Sendable {
    typealias Element = Int
    let gate: CancellationIgnoringGate
    let signal: ReleaseSignal

    struct AsyncIterator: AsyncIteratorProtocol {
        let gate: CancellationIgnoringGate
        let signal: ReleaseSignal
        var yielded = false
        mutating func next() async -> Int? {
            if !yielded {
                yielded = true
                return 1
            }
            await gate.pass()
            signal.touch()
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(gate: gate, signal: signal) }
}

/// One binding of a stream whose work waits at a gate: the handler captures a tracked probe
/// and records what it gets; the test releases the token and opens the gate.
final class GatedBinding {
    let gate = CancellationIgnoringGate()
    let tracker = LeakTracker()
    private let events = LockedList<Event<Int>>()
    private let released = Locked<[@Sendable () -> Void]?>([])
    private var token: Cancellable?

    /// What the stream delivered to the handler.
    var history: [Event<Int>] { events.elements }

    /// A signal for the operation to capture: fires once its task has let it go.
    func releaseSignal() -> ReleaseSignal {
        ReleaseSignal { [released] in
            let waiters = released.withLock { waiters -> [@Sendable () -> Void] in
                defer { waiters = nil }
                return waiters ?? []
            }
            for waiter in waiters { waiter() }
        }
    }

    /// Binds the stream `makeStream` builds (in a scope of its own, so only the token holds
    /// the binding) with handlers that capture a tracked probe, then waits until the work
    /// behind it waits at the gate. Returns false if it never got there.
    func bind(_ makeStream: (CancellationIgnoringGate, ReleaseSignal) -> Observable<Int>) async -> Bool {
        do {
            let probe = tracker.track(ChainProbe())
            let events = events
            token = makeStream(gate, releaseSignal()).bind(
                onValue: { events.append(.value(probe.pass($0))) },
                onFinish: { events.append(probe.pass(.finished)) }
            )
        }
        return await awaitBounded("the operation reaching the gate") { arrived in
            self.gate.whenArrived { arrived(()) }
        } != nil
    }

    /// Releases the token (without calling `cancel()`).
    func releaseToken() { token = nil }

    /// Opens the gate and waits until the operation's task has let its signal go.
    func openGateAndWaitForTheWorkToEnd() async -> Bool {
        gate.open()
        return await awaitBounded("the operation's task ending after the gate opened") { ended in
            let endedAlready = released.withLock { waiters -> Bool in
                guard waiters != nil else { return true }
                waiters?.append { ended(()) }
                return false
            }
            if endedAlready { ended(()) }
        } != nil
    }
}

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct ReleasedBindingTests {
    /// Binds, releases the token while the work waits at the gate, expects the handler's
    /// capture freed at once, then lets the work end and expects nothing was delivered.
    private func expectReleasingFreesTheHandler(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ makeStream: (CancellationIgnoringGate, ReleaseSignal) -> Observable<Int>
    ) async {
        let binding = GatedBinding()
        guard await binding.bind(makeStream) else { return }
        binding.releaseToken()
        #expect(binding.tracker.leakMessage == nil, sourceLocation: sourceLocation)
        #expect(await binding.openGateAndWaitForTheWorkToEnd(), sourceLocation: sourceLocation)
        #expect(binding.history == [], sourceLocation: sourceLocation)
        #expect(binding.tracker.leakMessage == nil, sourceLocation: sourceLocation)
    }

    @Test func releasingATaskTokenFreesTheHandlerWhileTheOperationIgnoresCancellation() async {
        await expectReleasingFreesTheHandler { gate, signal in
            Observable<Int>.task { () async -> Int in
                await gate.pass()
                signal.touch()
                return 1
            }
        }
    }

    @Test func releasingAThrowingTaskTokenFreesTheHandlerWhileTheOperationIgnoresCancellation() async {
        await expectReleasingFreesTheHandler { gate, signal in
            Observable.task { () async throws -> Int in
                await gate.pass()
                signal.touch()
                return 1
            }
            .compactMap { try? $0.get() }
        }
    }

    @Test func releasingATokenFreesTheOperatorsBuiltOnATaskWhileItsOperationRuns() async {
        let tracker = LeakTracker()
        await expectReleasingFreesTheHandler { gate, signal in
            let probe = tracker.track(ChainProbe())
            return Observable<Int>.task { () async -> Int in
                await gate.pass()
                signal.touch()
                return 1
            }
            .map { probe.pass($0) }
            .filter { probe.pass($0) > 0 }
        }
        #expect(tracker.leakMessage == nil)
    }

    @Test func releasingAnElementsBridgeTokenFreesTheHandlerWhileTheSequenceIgnoresCancellation() async {
        await expectReleasingFreesTheHandler { gate, signal in
            Observable(elements: GatedSequence(gate: gate, signal: signal))
        }
    }

    @Test func releasingAResultsBridgeTokenFreesTheHandlerWhileTheSequenceIgnoresCancellation() async {
        await expectReleasingFreesTheHandler { gate, signal in
            Observable(results: GatedSequence(gate: gate, signal: signal)).compactMap { try? $0.get() }
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // the typed-failure bridge
    @Test func releasingATypedSequenceBridgeTokenFreesTheHandlerWhileTheSequenceIgnoresCancellation() async {
        await expectReleasingFreesTheHandler { gate, signal in
            Observable(GatedSequence(gate: gate, signal: signal))
        }
    }

    @Test func releasingADeferredTokenFreesTheHandlerWhileTheStreamItMadeWorks() async {
        await expectReleasingFreesTheHandler { gate, signal in
            Observable.deferred {
                Observable<Int>.task { () async -> Int in
                    await gate.pass()
                    signal.touch()
                    return 1
                }
            }
        }
    }

    @Test func releasingADeferredElementsTokenFreesTheHandlerWhileTheSequenceIgnoresCancellation() async {
        await expectReleasingFreesTheHandler { gate, signal in
            Observable(deferredElements: { GatedSequence(gate: gate, signal: signal) })
        }
    }

    @Test func releasingACreateTokenFreesTheHandlerWhileATaskStillHoldsTheObserver() async {
        await expectReleasingFreesTheHandler { gate, signal in
            Observable<Int>.create { observer in
                Task {
                    await gate.pass()
                    signal.touch()
                    observer.send(1)
                    observer.finish()
                }
                return AnyCancellable()
            }
        }
    }

    @Test func releasingAFlatMapLatestTokenFreesTheHandlerWhileItsInnerTaskIgnoresCancellation() async {
        let trigger = Property(0)
        await expectReleasingFreesTheHandler { gate, signal in
            trigger.flatMapLatest { _ in
                Observable<Int>.task { () async -> Int in
                    await gate.pass()
                    signal.touch()
                    return 1
                }
            }
        }
        #expect(trigger.bindingCount == 0)
    }

    /// The token released by its own handler, during a delivery: the serializer lets go of the
    /// handler once that delivery has returned, before the bridge asks for the next element.
    @Test func aTokenReleasedByItsOwnHandlerFreesTheHandlerOnceThatDeliveryReturns() async {
        final class TokenHolder {
            var token: Cancellable?
        }
        let gate = CancellationIgnoringGate()
        let tracker = LeakTracker()
        let values = LockedList<Int>()
        let ended = Locked<[@Sendable () -> Void]?>([])
        do {
            let holder = TokenHolder()
            let probe = tracker.track(ChainProbe())
            let signal = ReleaseSignal {
                let waiters = ended.withLock { waiters -> [@Sendable () -> Void] in
                    defer { waiters = nil }
                    return waiters ?? []
                }
                for waiter in waiters { waiter() }
            }
            holder.token = Observable(elements: OneThenGatedSequence(gate: gate, signal: signal)).bind { value in
                values.append(probe.pass(value))
                holder.token = nil   // released during its own delivery
            }
        }
        let arrived: Void? = await awaitBounded("the bridge asking for its second element") { arrived in
            gate.whenArrived { arrived(()) }
        }
        #expect(arrived != nil)
        #expect(tracker.leakMessage == nil)
        gate.open()
        let end: Void? = await awaitBounded("the bridge's task ending after the gate opened") { done in
            let endedAlready = ended.withLock { waiters -> Bool in
                guard waiters != nil else { return true }
                waiters?.append { done(()) }
                return false
            }
            if endedAlready { done(()) }
        }
        #expect(end != nil)
        #expect(values.elements == [1])
    }
}

/// The other side of B1: a serializer lets go of its downstream only once no delivery runs, so
/// a handler that cancels its own binding runs to its end with what it captured.
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct CancelInsideADeliveryTests {
    final class Witness {}

    @Test func aHandlerThatCancelsItsOwnBindingKeepsWhatItCapturesUntilItReturns() {
        var observer: Observer<Int>?
        let stream = Observable<Int>.create { given in
            observer = given
            return AnyCancellable {}
        }
        weak var weakWitness: Witness?
        var aliveAfterCancel: Bool?
        var token: (any Cancellable)?
        do {
            let witness = Witness()
            weakWitness = witness
            token = stream.bind { [witness] _ in
                token?.cancel()
                aliveAfterCancel = weakWitness != nil
                withExtendedLifetime(witness) {}
            }
        }
        observer?.send(1)
        #expect(aliveAfterCancel == true, "the handler's captures were freed while it ran")
        token = nil
        #expect(weakWitness == nil, "the handler's captures outlive the delivery and the token")
    }
}

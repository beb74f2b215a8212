/// One `Observable.task` run, from its start until its result has been delivered (or dropped
/// because the binding was cancelled): a package hook that lets test doubles called by the
/// operation (SignalsTesting's `ScriptedFunction`) await the delivery instead of polling.
///
/// The operation runs with the run as ``current``; a double marks the run as waiting on the
/// test while it suspends (``beginWaitingOnTest()``), and the test awaits ``waitUntilIdle()``
/// after answering: the run has then either delivered or is waiting on the test again.
package final class TaskWork: Sendable {
    private struct State {
        var hasEnded = false
        var waitsOnTest = 0
        var waiters: [CheckedContinuation<Void, Never>] = []

        var isIdle: Bool { hasEnded || waitsOnTest > 0 }

        /// The waiters to resume now that the run may be idle (none if it is not).
        mutating func takeWaiters() -> [CheckedContinuation<Void, Never>] {
            guard isIdle, !waiters.isEmpty else { return [] }
            defer { waiters = [] }
            return waiters
        }
    }

    /// The run whose operation is executing on this task, if any.
    @TaskLocal package static var current: TaskWork?

    private let state = Locked(State())

    package init() {}

    /// Runs `operation` with this run as ``current``.
    package func run<T>(_ operation: @Sendable () async throws -> T) async throws -> T {
        try await TaskWork.$current.withValue(self) { try await operation() }
    }

    /// Runs the non-throwing `operation` with this run as ``current``.
    package func run<T>(_ operation: @Sendable () async -> T) async -> T {
        await TaskWork.$current.withValue(self) { await operation() }
    }

    /// The run delivered its result, or will deliver nothing: it is idle for good.
    package func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.hasEnded = true
            return state.takeWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The operation suspends until a test answers it.
    package func beginWaitingOnTest() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.waitsOnTest += 1
            return state.takeWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The test answered: the operation runs again.
    package func endWaitingOnTest() {
        state.withLock { $0.waitsOnTest = max(0, $0.waitsOnTest - 1) }
    }

    /// Returns once the run has delivered (or ended without delivering), or waits on the test.
    package func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isIdle = state.withLock { state -> Bool in
                if state.isIdle { return true }
                state.waiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }
}

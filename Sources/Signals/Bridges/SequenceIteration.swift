/// One run of an AsyncSequence bridge (`Observable(elements:)`, `Observable(results:)`, …),
/// from its start until its last delivery downstream has returned: a package hook that lets a
/// test double handing the bridge its end (SignalsTesting's `ScriptedAsyncSequence`) await the
/// moment the end *has been delivered*, rather than the moment the bridge took it from the
/// sequence (when the bridge still has to hop back to its actor to deliver it).
///
/// The sequence is iterated with the run as ``current``; its delivery downstream runs with no
/// current run, so a `Task` started by a handler does not inherit it.
package final class SequenceIteration: Sendable {
    private struct State {
        var hasEnded = false
        var actions: [@Sendable () -> Void] = []
    }

    /// The bridge run whose sequence is being iterated on this task, if any.
    @TaskLocal package static var current: SequenceIteration?

    private let state = Locked(State())

    package init() {}

    /// Runs `operation` (the bridge's loop) with this run as ``current``, then ends the run.
    package func run(_ operation: @Sendable () async -> Void) async {
        await SequenceIteration.$current.withValue(self) { await operation() }
        end()
    }

    /// Runs `action` once the run has ended: its last delivery (the finish, or a failure and
    /// the finish) has returned, or it was cancelled. At once if it has already ended.
    package func whenEnded(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.hasEnded { return true }
            state.actions.append(action)
            return false
        }
        if runNow { action() }
    }

    /// Runs `delivery` (a send into the bridge's stream) outside the run: a `Task` that a
    /// handler starts does not inherit it as ``current``.
    static func outside<Result>(_ delivery: () -> Result) -> Result {
        SequenceIteration.$current.withValue(nil) { delivery() }
    }

    private func end() {
        let actions = state.withLock { state -> [@Sendable () -> Void] in
            state.hasEnded = true
            defer { state.actions = [] }
            return state.actions
        }
        for action in actions { action() }
    }
}

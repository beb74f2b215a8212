/// The tokens of an operator's scheduled actions that have not run yet, so that cancelling the
/// binding cancels them (and a `TestScheduler` drops them) instead of leaving dead work queued.
///
/// Kept in an operator's state machine, under its serializer's lock. Actions are numbered in
/// the order they were scheduled and assumed to run in that order (a serial scheduler, as the
/// time operators require): when the `n`th has run, tokens up to `n` are dropped. A token that
/// comes back from the scheduler after its action already ran, or after the binding was
/// cancelled, is handed back to be cancelled (a no-op for one that ran).
@usableFromInline
struct ScheduledActions {
    @usableFromInline var scheduledCount: UInt64 = 0
    @usableFromInline var ranCount: UInt64 = 0
    @usableFromInline var tokens = FIFOQueue<(number: UInt64, token: any Cancellable)>()
    @usableFromInline var isCancelled = false

    @inlinable init() {}

    /// An action is about to be scheduled: returns its number.
    @inlinable
    mutating func willSchedule() -> UInt64 {
        scheduledCount &+= 1
        return scheduledCount
    }

    /// The scheduler returned `token` for action `number`: keeps it, or hands it back to be
    /// cancelled if the action already ran or the binding was cancelled.
    @inlinable
    mutating func scheduled(_ token: any Cancellable, number: UInt64) -> (any Cancellable)? {
        if isCancelled || number <= ranCount { return token }
        tokens.append((number, token))
        return nil
    }

    /// The oldest action ran: its token is no longer needed.
    @inlinable
    mutating func actionRan() {
        ranCount &+= 1
        while let first = tokens.first, first.number <= ranCount {
            _ = tokens.popFirst()
        }
    }

    /// The binding was cancelled: returns the tokens to cancel (outside the lock).
    @inlinable
    mutating func cancelled() -> [any Cancellable] {
        isCancelled = true
        var pending: [any Cancellable] = []
        while let (_, token) = tokens.popFirst() { pending.append(token) }
        return pending
    }
}

/// Holds a cancellable that arrives later (e.g. an upstream token, when the handler that must
/// cancel it can run before `bind` returns). Cancelling before `set` cancels on arrival.
@usableFromInline
final class LateCancellable: Cancellable, @unchecked Sendable {
    // Lock holder: `inner` and `isCancelled` are guarded by `lock`.
    @usableFromInline let lock = Lock()
    @usableFromInline var inner: Cancellable?
    @usableFromInline var isCancelled = false

    @inlinable init() {}

    deinit {
        inner?.cancel()
        lock.deallocate()
    }

    @inlinable
    func set(_ cancellable: Cancellable) {
        lock.lock()
        if isCancelled {
            lock.unlock()
            cancellable.cancel()
            return
        }
        let previous = inner
        inner = cancellable
        lock.unlock()
        withExtendedLifetime(previous) {}
    }

    @inlinable
    func cancel() {
        lock.lock()
        if isCancelled {
            lock.unlock()
            return
        }
        isCancelled = true
        let current = inner
        inner = nil
        lock.unlock()
        current?.cancel()
    }
}

/// The token handed to the user when a handler must be able to cancel its own binding.
///
/// Such a handler captures a `LateCancellable` that owns the upstream token, which owns the
/// handler: a cycle that cancelling breaks. The user holds this wrapper instead of the slot,
/// so releasing it cancels the slot (and frees the chain) although the handler still refers
/// to the slot.
@usableFromInline
final class SlotOwner: Cancellable {
    @usableFromInline let slot: LateCancellable

    @inlinable init(_ slot: LateCancellable) { self.slot = slot }

    @inlinable func cancel() { slot.cancel() }

    deinit { slot.cancel() }
}

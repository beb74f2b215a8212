/// Holds a cancellable that arrives later (e.g. an upstream token, when the handler that must
/// cancel it can run before `bind` returns). Cancelling before `set` cancels on arrival.
@usableFromInline
final class CancellableSlot: Cancellable, @unchecked Sendable {
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

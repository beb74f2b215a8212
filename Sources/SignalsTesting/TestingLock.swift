import Synchronization

/// The lock SignalsTesting types use (not on any hot path, so `Mutex` is fine here).
final class NSLockLike: Sendable {
    private let mutex = Mutex<Void>(())

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        try mutex.withLock { _ in try body() }
    }
}

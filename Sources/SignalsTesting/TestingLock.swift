import Signals

/// The lock SignalsTesting types use: the package's pthread-based lock, which
/// ThreadSanitizer can see (see `Locked`).
final class NSLockLike: Sendable {
    private let locked = Locked()

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        try locked.withLock { try body() }
    }
}

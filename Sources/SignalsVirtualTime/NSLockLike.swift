import Signals

/// The lock SignalsVirtualTime and SignalsTesting types use: the package's pthread-based lock, which
/// ThreadSanitizer can see (see `Locked`).
package final class NSLockLike: Sendable {
    private let locked = Locked()

    package init() {}

    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        try locked.withLock { try body() }
    }
}

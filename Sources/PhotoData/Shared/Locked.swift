import Foundation

/// A value guarded by a lock, for PhotoData's shared mutable state (the failure plan, the HTTP
/// transfers, the last rate-limit header). PhotoData's own, so that it needs no Signals: an
/// `NSLock` is enough for state that is touched once per request.
final class Locked<State>: @unchecked Sendable {
    // Lock holder: `state` is read and written only inside `withLock`.
    private let lock = NSLock()
    private var state: State

    /// Creates a lock guarding `state`.
    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state. Do not call out to other code inside `body`.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

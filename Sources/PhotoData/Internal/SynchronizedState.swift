import Foundation

/// A value guarded by an `NSLock` (a pthread mutex on Linux), for PhotoData and its tests.
///
/// Used instead of `Synchronization.Mutex`: on Linux, `Mutex` waits in futex calls that
/// ThreadSanitizer cannot see, so a contended `Mutex` shows up as a race under
/// `swift test --sanitize=thread`. ThreadSanitizer intercepts pthread mutexes. (PhotoData does
/// not depend on Signals, whose `Locked` does the same for the other modules.)
package final class SynchronizedState<State>: @unchecked Sendable {
    // Lock holder: `state` is read and written only inside `withLock`.
    private let lock = NSLock()
    @exclusivity(unchecked) private var state: State

    /// Creates a lock guarding `state`.
    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// A value guarded by the package's `Lock` (os_unfair_lock, or a futex lock on Linux), for
/// Signals' own plumbing and the package's other modules (SignalsTesting, the features, the demo,
/// the tests).
///
/// Use it instead of `Synchronization.Mutex` wherever threads may contend: on Linux, `Mutex`
/// waits in futex calls that ThreadSanitizer cannot see, so `swift test --sanitize=thread`
/// reports races on state that `Mutex` does guard (seen on `Timeline` under contention).
/// ThreadSanitizer sees this lock's ordering: it intercepts `os_unfair_lock`, and the Linux
/// futex lock is C11 atomics compiled into the instrumented code.
///
/// A plain lock is `Locked<Void>` with the `withLock(_:)` that takes no state: an `inout`
/// access to a zero-sized state has the address one past the object's end, where
/// ThreadSanitizer confuses it with the next object's and reports a race between two
/// different locks. `state` also opts out of the runtime's exclusivity checks, which the lock
/// makes redundant.
package final class Locked<State>: @unchecked Sendable {
    // Lock holder: `state` is read and written only inside `withLock`.
    private let lock = Lock()
    @exclusivity(unchecked) private var state: State

    /// Creates a lock guarding `state`.
    package init(_ state: State) {
        self.state = state
    }

    deinit { lock.deallocate() }

    /// Runs `body` with exclusive access to the state. Do not call user code inside `body`.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

extension Locked where State == Void {
    /// Creates a plain lock.
    package convenience init() {
        self.init(())
    }

    /// Runs `body` while holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

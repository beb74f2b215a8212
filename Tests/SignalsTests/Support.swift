import Foundation
import Signals
import Testing

/// A thread-safe counter for tests.
final class Counter: Sendable {
    private let storage = Locked<Int>(0)
    func increment(by amount: Int = 1) { storage.withLock { $0 += amount } }
    func store(_ value: Int) { storage.withLock { $0 = value } }
    var value: Int { storage.withLock { $0 } }
}

/// A thread-safe list for tests.
final class LockedList<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])
    func append(_ element: Element) { storage.withLock { $0.append(element) } }
    var elements: [Element] { storage.withLock { $0 } }
}

/// Runs `body` on a new thread of its own. Tests whose threads block on semaphores use this
/// rather than `DispatchQueue.global()`, whose pool (and the cooperative pool that runs the
/// tests) parallel tests can exhaust.
func detachThread(_ body: @escaping @Sendable () -> Void) {
    Thread.detachNewThread(body)
}

/// Runs CPU-bound `work` (an exploration) on a thread of its own and awaits its result. On a
/// 2-core host the cooperative pool has two threads, and Swift Testing starts every test's time
/// limit at once: a synchronous test computing for a minute holds one of them, and the tests
/// queued behind it exceed their limits without having run. The awaiting task holds no thread.
/// No bound of its own: the caller's time limit and the deadlock watchdog bound it.
func computeOnAThreadOfItsOwn<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        detachThread { continuation.resume(returning: work()) }
    }
}

/// Runs `exitTest` (an `#expect(processExitsWith:)`) preferring an executor that gives each of
/// its jobs a thread of its own. Swift Testing's exit test reads the child's output and events
/// with blocking reads in child tasks, one to three per exit test, for the child's whole life:
/// on the cooperative pool (two threads on a 2-core host) two such reads stop every other test
/// of the run, and the waiting ones exceed their time limits. Child tasks inherit the
/// preference, so those reads block threads of their own instead.
@discardableResult
func withBlockingReadsOffThePool<Result: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ exitTest: () async -> Result
) async -> Result {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return await withTaskExecutorPreference(ThreadPerJobExecutor.shared, isolation: isolation, operation: exitTest)
    }
    return await exitTest()
}

/// A task executor that runs every job on a new thread: for tasks that block (an exit test's
/// reads), which must not hold a thread of the cooperative pool.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        detachThread { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

// MARK: Waiting with a bound

// A test that waits for another thread must fail by name if that thread never comes (a
// deadlock in the engine), not hang `swift test`. Swift Testing's `.timeLimit` records the
// failure but cannot interrupt a thread blocked in a semaphore or a lock, so every blocking wait
// here has its own bound, shorter than the suites' one-minute limit: past it the wait records an
// issue naming what never came and returns, and the test ends.

/// How long a test waits for another thread: far beyond a healthy run. Under ThreadSanitizer
/// every test of the parallel run is several times slower and the main actor and the
/// cooperative pool are queued for tens of seconds (a main-actor test measured 27 s before its
/// body ran, 36 s more before a task it started ran), so the bound doubles under a sanitizer
/// (AddressSanitizer's run is slower too); a deadlock still fails by name, and the deadlock
/// watchdog ends the run at twice the suite's limit.
let waitLimitSeconds = FloodTests.isSanitized ? 90 : 45

/// Whether ThreadSanitizer runs this process.
let isThreadSanitized: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

extension Trait where Self == ConditionTrait {
    /// Skips an exit test in the ThreadSanitizer run, where it checks a message, not a race: it
    /// starts the sanitized test binary again, which takes seconds, and Swift Testing blocks a
    /// thread reading the child's output all that time (`withBlockingReadsOffThePool` keeps it
    /// off the cooperative pool). The plain and AddressSanitizer runs keep it.
    static var notUnderThreadSanitizer: Self {
        .disabled(if: isThreadSanitized, "an exit test checks a message, not a race; it runs without ThreadSanitizer")
    }
}

extension DispatchSemaphore {
    /// Waits for a signal at most `waitLimitSeconds`. If none comes, records an issue naming
    /// `what` (when called from a test's own thread) and returns false, so a deadlock fails
    /// the test by name instead of hanging the suite.
    @discardableResult
    func waitOrFail(
        _ what: String,
        seconds: Int = waitLimitSeconds,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        guard wait(timeout: .now() + .seconds(seconds)) == .timedOut else { return true }
        if Test.current != nil {
            Issue.record("\(what) did not happen within \(seconds) s: a deadlock?", sourceLocation: sourceLocation)
        }
        return false
    }
}

/// Runs `body` on a thread of its own and waits for it at most `waitLimitSeconds`. If it does
/// not return (a deadlock), records an issue naming `what` and returns nil, leaving the stuck
/// thread behind: the test fails by name and the suite goes on. For synchronous tests whose
/// own thread would otherwise block in the engine (a lock, `concurrentPerform`).
func runBounded<Result: Sendable>(
    _ what: String,
    seconds: Int = waitLimitSeconds,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> Result
) -> Result? {
    let result = Locked<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    detachThread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    guard done.waitOrFail(what, seconds: seconds, sourceLocation: sourceLocation) else { return nil }
    return result.withLock { $0 }
}

/// Awaits the value that `start` hands to its callback (another thread's or the main actor's
/// work), at most `waitLimitSeconds`. If it never comes, records an issue naming `what` and
/// returns nil. Unlike a bare `withCheckedContinuation`, which ignores cancellation (so
/// `.timeLimit` alone would record the failure and still wait forever), this always resumes.
func awaitBounded<Value: Sendable>(
    _ what: String,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ start: (@escaping @Sendable (Value) -> Void) -> Void
) async -> Value? {
    let state = Locked<(continuation: CheckedContinuation<Value?, Never>?, resumed: Bool)>((nil, false))
    @Sendable func resume(_ value: Value?) {
        let continuation: CheckedContinuation<Value?, Never>? = state.withLock { state in
            guard !state.resumed, let continuation = state.continuation else { return nil }
            state.resumed = true
            return continuation
        }
        continuation?.resume(returning: value)
    }
    let value = await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Value?, Never>) in
        state.withLock { $0.continuation = continuation }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(waitLimitSeconds)) { resume(nil) }
        start { resume($0) }
    }
    if value == nil {
        Issue.record("\(what) did not happen within \(waitLimitSeconds) s: a deadlock?", sourceLocation: sourceLocation)
    }
    return value
}

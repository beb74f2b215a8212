import Foundation
import Signals
import Testing

// MARK: A deadlock ends the run, naming the test (issue 34, item 5)

// Swift Testing's `.timeLimit` records a failure when a test runs too long, but it cannot stop
// a thread blocked in a lock: a test deadlocked inside `send` never returns, and `swift test`
// waits for it forever, the tests queued behind it on the cooperative pool too. Every suite of
// this target therefore carries `.deadlockWatchdog`: it records each running test case, and a
// watchdog thread ends the process, naming the test, once one runs well past its time limit.

/// Ends the process with a message naming the test when a test case runs past its deadline.
extension Trait where Self == DeadlockWatchdog {
    /// Fails a deadlocked test by name: past twice its time limit (at least a minute more; ten
    /// minutes for a test without one), the process prints the test and every test still
    /// running, and exits with status 1.
    static var deadlockWatchdog: Self { DeadlockWatchdog() }
}

struct DeadlockWatchdog: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// The time a test without a time limit of its own or its suite's may run.
    static let defaultLimit: Duration = .seconds(600)

    /// When the watchdog ends a test that is limited to `limit`.
    static func deadline(forLimit limit: Duration?) -> Duration {
        let limit = limit ?? defaultLimit
        return limit + max(limit, .seconds(60))
    }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        // One scope per test case (its function, once per argument), none for the suite.
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let name = "\(test.name) (\(test.sourceLocation.fileName):\(test.sourceLocation.line))"
        let entry = RunningTests.shared.enter(name, deadline: Self.deadline(forLimit: test.timeLimit))
        defer { RunningTests.shared.leave(entry) }
        try await function()
    }
}

/// The test cases running now, and the thread that watches their deadlines.
final class RunningTests: Sendable {
    static let shared = RunningTests()

    struct Entry: Sendable {
        var name: String
        var started: ContinuousClock.Instant
        var deadline: Duration
    }

    private struct State {
        var running: [Int: Entry] = [:]
        var nextID = 0
        var watching = false
    }

    private let state = Locked(State())

    /// What the watchdog does with the names when a test is past its deadline: by default it
    /// prints them and exits; a test of the watchdog itself passes a recorder.
    let onExpiry: @Sendable (_ expired: [Entry], _ running: [Entry]) -> Void
    /// Whether a thread checks the deadlines every second (a test of the watchdog calls
    /// `check(at:)` itself).
    let watches: Bool

    init(watches: Bool = true, onExpiry: @escaping @Sendable (_ expired: [Entry], _ running: [Entry]) -> Void = RunningTests.exit) {
        self.watches = watches
        self.onExpiry = onExpiry
    }

    func enter(_ name: String, deadline: Duration, at now: ContinuousClock.Instant = .now) -> Int {
        let (id, startWatching) = state.withLock { state -> (Int, Bool) in
            let id = state.nextID
            state.nextID += 1
            state.running[id] = Entry(name: name, started: now, deadline: deadline)
            defer { state.watching = true }
            return (id, watches && !state.watching)
        }
        if startWatching {
            Thread.detachNewThread { [self] in
                while true {
                    // The watchdog's own period, not a wait for a result: it only bounds how
                    // late past a deadline the run ends.
                    Thread.sleep(forTimeInterval: 1)
                    check()
                }
            }
        }
        return id
    }

    func leave(_ id: Int) {
        _ = state.withLock { $0.running.removeValue(forKey: id) }
    }

    /// Calls `onExpiry` if a running test is past its deadline at `now`.
    func check(at now: ContinuousClock.Instant = .now) {
        let running = state.withLock { state in
            state.running.values.sorted { $0.started < $1.started }
        }
        let expired = running.filter { now - $0.started > $0.deadline }
        if !expired.isEmpty { onExpiry(expired, running) }
    }

    /// Prints the tests past their deadline and every test still running, then exits with
    /// status 1 (no cleanup: a deadlocked thread may hold any lock).
    static let exit: @Sendable ([Entry], [Entry]) -> Void = { expired, running in
        let now = ContinuousClock.now
        func describe(_ entry: Entry) -> String {
            "\(entry.name), running for \((now - entry.started).components.seconds) s"
        }
        var message = ""
        for entry in expired {
            message += "error: deadlock watchdog: test \(describe(entry)), past its deadline of \(entry.deadline.components.seconds) s (twice its time limit): a deadlock?\n"
        }
        message += "error: deadlock watchdog: \(running.count) test(s) still running:\n"
        for entry in running { message += "  \(describe(entry))\n" }
        message += "error: deadlock watchdog: ending the test process with status 1\n"
        FileHandle.standardError.write(Data(message.utf8))
        _exit(1)
    }
}

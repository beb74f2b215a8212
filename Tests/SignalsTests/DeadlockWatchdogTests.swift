import Foundation
import Signals
import Testing

/// The watchdog that ends a deadlocked run by name (`DeadlockWatchdog.swift`).
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct DeadlockWatchdogTests {
    @Test func aTestIsEndedAtTwiceItsTimeLimitAndAtLeastAMinuteLater() {
        #expect(DeadlockWatchdog.deadline(forLimit: .seconds(60)) == .seconds(120))
        #expect(DeadlockWatchdog.deadline(forLimit: .seconds(600)) == .seconds(1200))
        #expect(DeadlockWatchdog.deadline(forLimit: .seconds(5)) == .seconds(65))
        #expect(DeadlockWatchdog.deadline(forLimit: nil) == DeadlockWatchdog.deadline(forLimit: DeadlockWatchdog.defaultLimit))
    }

    @Test func onlyATestPastItsDeadlineExpiresAndEveryRunningTestIsNamed() {
        let reports = LockedList<(expired: [String], running: [String])>()
        let tests = RunningTests(watches: false) { expired, running in
            reports.append((expired.map(\.name), running.map(\.name)))
        }
        let start = ContinuousClock.now
        let slow = tests.enter("slow()", deadline: .seconds(10), at: start)
        _ = tests.enter("stuck()", deadline: .seconds(2), at: start + .seconds(1))
        tests.check(at: start + .seconds(3))
        #expect(reports.elements.isEmpty, "stuck() has run 2 s, not past its deadline")
        tests.check(at: start + .seconds(4))
        #expect(reports.elements.map(\.expired) == [["stuck()"]])
        #expect(reports.elements.map(\.running) == [["slow()", "stuck()"]])
        tests.leave(slow)
        tests.check(at: start + .seconds(20))
        #expect(reports.elements.last?.running == ["stuck()"], "a test that left is not named")
    }

    @Test func aTestThatLeftIsNeverReported() {
        let reports = Counter()
        let tests = RunningTests(watches: false) { _, _ in reports.increment() }
        let start = ContinuousClock.now
        tests.leave(tests.enter("quick()", deadline: .seconds(1), at: start))
        tests.check(at: start + .seconds(60))
        #expect(reports.value == 0)
    }

    @Test func theRunningTestCarriesItsSuitesTimeLimitToTheWatchdog() {
        // The deadline comes from `Test.timeLimit`, which includes the suite's limit.
        #expect(Test.current?.timeLimit == .seconds(60))
    }

    #if compiler(>=6.2) && (os(Linux) || os(macOS))  // exit tests: Swift Testing 6.2
    @Test(.notUnderThreadSanitizer) func aThreadDeadlockedInALockEndsTheProcessNamingTheTest() async {
        let result = await withBlockingReadsOffThePool {
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                alarm(30)  // if the watchdog failed, end the child (without the message) instead of hanging
                let tests = RunningTests()
                _ = tests.enter("deadlocked() (Example.swift:7)", deadline: .seconds(1))
                let lock = Locked(0)
                lock.withLock { _ in lock.withLock { _ in } }  // a real deadlock: the lock is not re-entrant
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("error: deadlock watchdog: test deadlocked() (Example.swift:7), running for"))
        #expect(standardError.contains("1 test(s) still running"))
    }
    #endif
}

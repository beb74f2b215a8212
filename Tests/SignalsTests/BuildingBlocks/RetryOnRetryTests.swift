import Signals
import SignalsTesting
import Testing

/// `retry(_:backoff:scheduler:if:onRetry:)`: retries a screen can show.
@Suite(.deadlockWatchdog) struct RetryOnRetryTests {
    private func message(_ retry: RetryAttempt<Failure>, at scheduler: TestScheduler) -> String {
        "\(scheduler.now.nanoseconds / 1_000_000)ms retry \(retry.number) of \(retry.maxRetries) "
            + "in \(retry.delay.components.seconds) s after \(retry.failure)"
    }

    @Test func eachRetryIsReportedWithItsNumberDelayAndFailureAndTheOutputIsUnchanged() {
        let script: [[Result<Int, Failure>]] = [
            [.failure(Failure(code: 1))], [.failure(Failure(code: 2))], [.failure(Failure(code: 3))], [.success(4)],
        ]
        let backoff = RetryBackoff.exponential(initial: .seconds(2), maxDelay: .seconds(30))
        let scheduler = TestScheduler()
        var reports: [String] = []
        let attempts = ScriptedAttempts(script)
        let reported = Recorder(
            attempts.stream()
                .retry(3, backoff: backoff, scheduler: scheduler, onRetry: { reports.append(message($0, at: scheduler)) })
                .map(describe),
            scheduler: scheduler
        )
        let plainScheduler = TestScheduler()
        let plain = Recorder(
            ScriptedAttempts(script).stream().retry(3, backoff: backoff, scheduler: plainScheduler).map(describe),
            scheduler: plainScheduler
        )
        scheduler.run()
        plainScheduler.run()
        #expect(reports == [
            "0ms retry 1 of 3 in 2 s after E1",
            "2000ms retry 2 of 3 in 4 s after E2",
            "6000ms retry 3 of 3 in 8 s after E3",
        ])
        #expect(stamped(reported) == ["14000ms 4", "14000ms |"])
        #expect(stamped(reported) == stamped(plain))
        #expect(attempts.bindings == 4)
    }

    @Test func aFailureThatIsDeliveredIsNotReported() {
        let scheduler = TestScheduler()
        var reports: [Int] = []
        let attempts = ScriptedAttempts([[.failure(Failure(code: 503))], [.failure(Failure(code: 401))], [.success(3)]])
        let recorder = Recorder(
            attempts.stream()
                .retry(5, backoff: .constant(.seconds(1)), scheduler: scheduler, if: { $0.code >= 500 },
                       onRetry: { reports.append($0.failure.code) })
                .map(describe),
            scheduler: scheduler
        )
        scheduler.run()
        #expect(reports == [503])
        #expect(stamped(recorder) == ["1000ms E401", "1000ms |"])
    }

    @Test func theLastFailureAfterTheRetriesRunOutIsNotReported() {
        let scheduler = TestScheduler()
        var reports: [String] = []
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.failure(Failure(code: 2))]])
        let recorder = Recorder(
            attempts.stream()
                .retry(1, backoff: .constant(.seconds(1)), scheduler: scheduler,
                       onRetry: { reports.append("\($0.number) of \($0.maxRetries) \($0.failure)") })
                .map(describe),
            scheduler: scheduler
        )
        scheduler.run()
        #expect(reports == ["1 of 1 E1"])
        #expect(stamped(recorder) == ["1000ms E2", "1000ms |"])
    }

    @Test func theReportedDelayIsTheJitteredWaitTheSchedulerRuns() {
        let scheduler = TestScheduler()
        let backoff = RetryBackoff.exponential(initial: .milliseconds(100), maxDelay: .seconds(1), jitter: 1, seed: 3)
        var delays: [Duration] = []
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.failure(Failure(code: 2))], [.success(3)]])
        let recorder = Recorder(
            attempts.stream().retry(2, backoff: backoff, scheduler: scheduler, onRetry: { delays.append($0.delay) }),
            scheduler: scheduler
        )
        scheduler.run()
        #expect(delays == backoff.delays(count: 2))
        #expect(recorder.entries.first?.time == delays[0] + delays[1])
    }

    @Test func cancellingDuringTheWaitStopsTheReports() {
        let scheduler = TestScheduler()
        var reports = 0
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.failure(Failure(code: 2))], [.success(3)]])
        let recorder = Recorder(
            attempts.stream().retry(2, backoff: .constant(.seconds(1)), scheduler: scheduler, onRetry: { _ in reports += 1 }),
            scheduler: scheduler
        )
        scheduler.advance(by: .milliseconds(500))
        recorder.cancel()
        scheduler.run()
        #expect(reports == 1)
        #expect(attempts.bindings == 1)
        #expect(recorder.events == [])
    }

    @Test func theAttemptReadsAsAStatusLine() {
        let attempt = RetryAttempt(number: 2, maxRetries: 3, delay: .seconds(4), failure: Failure(code: 503))
        #expect("Retrying (\(attempt.number) of \(attempt.maxRetries)) in \(attempt.delay.components.seconds) s"
            == "Retrying (2 of 3) in 4 s")
    }
}

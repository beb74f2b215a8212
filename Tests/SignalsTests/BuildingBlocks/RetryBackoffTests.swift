@testable import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct RetryBackoffTests {
    @Test func exponentialDelaysDoubleUpToTheMaximum() {
        let backoff = RetryBackoff.exponential(initial: .milliseconds(100), maxDelay: .milliseconds(500))
        #expect(backoff.delays(count: 6) == [100, 200, 400, 500, 500, 500].map { Duration.milliseconds($0) })
    }

    @Test func aLongBackoffStaysAtTheMaximumWithoutOverflowing() {
        let backoff = RetryBackoff.exponential(initial: .seconds(1), multiplier: 10, maxDelay: .seconds(3_600))
        #expect(backoff.baseDelay(beforeRetry: 1_000) == .seconds(3_600))
        #expect(backoff.baseDelay(beforeRetry: 3) == .seconds(100))
    }

    @Test func seededJitterRepeatsAndStaysWithinItsShareOfEachDelay() {
        let backoff = RetryBackoff.exponential(
            initial: .milliseconds(100), maxDelay: .seconds(1), jitter: 0.5, seed: 42
        )
        let delays = backoff.delays(count: 5)
        #expect(delays == backoff.delays(count: 5))
        let bases = (1...5).map { backoff.baseDelay(beforeRetry: $0) }
        for (delay, base) in zip(delays, bases) {
            #expect(delay <= base && delay >= base * 0.5)
        }
        #expect(delays != bases)
        let otherSeed = RetryBackoff.exponential(initial: .milliseconds(100), maxDelay: .seconds(1), jitter: 0.5, seed: 7)
        #expect(otherSeed.delays(count: 5) != delays)
    }

    @Test func theMachineAsksForEachRetrysDelayInTurn() {
        var machine = RetryStateMachine(
            retries: 2,
            backoff: .exponential(initial: .milliseconds(100), maxDelay: .seconds(1))
        )
        guard case .retry(1, .some(let first), _) = machine.failed(attempt: 0) else {
            Issue.record("the first failure should retry")
            return
        }
        #expect(first == .milliseconds(100))
        let started1 = machine.delayEnded(attempt: 1)
        #expect(started1)
        guard case .retry(2, .some(let second), _) = machine.failed(attempt: 1) else {
            Issue.record("the second failure should retry")
            return
        }
        #expect(second == .milliseconds(200))
        let started2 = machine.delayEnded(attempt: 2)
        #expect(started2)
        guard case .deliver = machine.failed(attempt: 2) else {
            Issue.record("the third failure should be delivered")
            return
        }
    }

    @Test func theMachineDeliversAFailureThePredicateRejectsWithoutSpendingARetry() {
        var machine = RetryStateMachine(retries: 1)
        guard case .deliver = machine.failed(attempt: 0, isRetryable: false) else {
            Issue.record("a rejected failure should be delivered")
            return
        }
        #expect(machine.remaining == 1)
    }

    @Test func retriesWaitEachExponentialDelayInVirtualTime() {
        let scheduler = TestScheduler()
        let attempts = ScriptedAttempts([
            [.failure(Failure(code: 1))], [.failure(Failure(code: 2))],
            [.failure(Failure(code: 3))], [.failure(Failure(code: 4))], [.success(5)]
        ])
        let recorder = Recorder(
            attempts.stream()
                .retry(4, backoff: .exponential(initial: .milliseconds(100), maxDelay: .milliseconds(400)), scheduler: scheduler)
                .map(describe),
            scheduler: scheduler
        )
        var bindings: [String] = []
        for step in [99, 1, 199, 1, 399, 1, 399, 1] {
            scheduler.advance(by: .milliseconds(step))
            bindings.append("\(scheduler.now.nanoseconds / 1_000_000)ms \(attempts.bindings)")
        }
        #expect(bindings == [
            "99ms 1", "100ms 2", "299ms 2", "300ms 3", "699ms 3", "700ms 4", "1099ms 4", "1100ms 5"
        ])
        #expect(stamped(recorder) == ["1100ms 5", "1100ms |"])
    }

    @Test func seededJitterWaitsTheListedDelays() {
        let scheduler = TestScheduler()
        let backoff = RetryBackoff.exponential(initial: .milliseconds(100), maxDelay: .seconds(1), jitter: 1, seed: 3)
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.failure(Failure(code: 2))], [.success(3)]])
        let recorder = Recorder(
            attempts.stream().retry(2, backoff: backoff, scheduler: scheduler).map(describe),
            scheduler: scheduler
        )
        let delays = backoff.delays(count: 2)
        scheduler.advance(by: delays[0] - .nanoseconds(1))
        #expect(attempts.bindings == 1)
        scheduler.advance(by: .nanoseconds(1))
        #expect(attempts.bindings == 2)
        scheduler.advance(by: delays[1] - .nanoseconds(1))
        #expect(attempts.bindings == 2)
        scheduler.advance(by: .nanoseconds(1))
        #expect(recorder.values == ["3"])
        #expect(scheduler.now == delays[0] + delays[1])
    }

    @Test func onlyFailuresThePredicateAcceptsAreRetried() {
        let scheduler = TestScheduler()
        let attempts = ScriptedAttempts([[.failure(Failure(code: 503))], [.failure(Failure(code: 401))], [.success(3)]])
        let recorder = Recorder(
            attempts.stream()
                .retry(5, backoff: .constant(.seconds(1)), scheduler: scheduler, if: { $0.code >= 500 })
                .map(describe),
            scheduler: scheduler
        )
        scheduler.run()
        #expect(stamped(recorder) == ["1000ms E401", "1000ms |"])
        #expect(attempts.bindings == 2)
    }

    @Test func retryWithAPredicateAndNoDelayRetriesAtOnce() {
        let attempts = ScriptedAttempts([[.failure(Failure(code: 503))], [.failure(Failure(code: 401))], [.success(3)]])
        let recorder = Recorder(attempts.stream().retry(5, if: { $0.code >= 500 }).map(describe))
        #expect(recorder.events == [.value("E401"), .finished])
    }

    @Test func cancellingDuringABackoffCancelsThePendingRetry() {
        let scheduler = TestScheduler()
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.success(2)]])
        let recorder = Recorder(
            attempts.stream()
                .retry(1, backoff: .exponential(initial: .seconds(1), maxDelay: .seconds(5)), scheduler: scheduler)
                .map(describe),
            scheduler: scheduler
        )
        scheduler.advance(by: .milliseconds(500))
        recorder.cancel()
        scheduler.run()
        #expect(attempts.bindings == 1)
        #expect(recorder.events == [])
    }
}

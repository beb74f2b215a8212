import Signals
import SignalsTesting
import Testing

/// A cold upstream that, on its n-th binding, delivers `script[n]` (one result, then a finish
/// unless the entry says otherwise), `delay` after the bind; records the bindings.
final class ScriptedAttempts: @unchecked Sendable {
    // Only touched on the test's thread.
    private(set) var bindings = 0
    private(set) var live = 0
    let script: [[Result<Int, Failure>]]

    init(_ script: [[Result<Int, Failure>]]) { self.script = script }

    func stream(delay: Duration? = nil, scheduler: TestScheduler? = nil) -> Observable<Result<Int, Failure>> {
        .create { observer in
            let attempt = self.bindings
            self.bindings += 1
            self.live += 1
            let results = attempt < self.script.count ? self.script[attempt] : [.success(-1)]
            let send: @Sendable () -> Void = {
                for result in results { observer.send(result) }
                observer.finish()
            }
            if let delay, let scheduler {
                let timer = scheduler.schedule(after: delay) { send() }
                return AnyCancellable { [self] in self.ended(); timer.cancel() }
            }
            send()
            return AnyCancellable { [self] in self.ended() }
        }
    }

    private func ended() { live -= 1 }
}

@Suite(.deadlockWatchdog) struct RetryTests {
    @Test func retryRebindsAfterAFailureWithoutDeliveringIt() {
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.failure(Failure(code: 2))], [.success(3)]])
        let recorder = Recorder(attempts.stream().retry(2).map(describe))
        #expect(recorder.events == [.value("3"), .finished])
        #expect(attempts.bindings == 3)
    }

    @Test func whenRetriesRunOutTheLastFailureIsDeliveredAndItsAttemptFinishes() {
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.failure(Failure(code: 2))], [.success(3)]])
        let recorder = Recorder(attempts.stream().retry(1).map(describe))
        #expect(recorder.events == [.value("E2"), .finished])
        #expect(attempts.bindings == 2)
    }

    @Test func successesBeforeAFailureStayDeliveredAndTheCountIsNotReset() {
        let attempts = ScriptedAttempts([
            [.success(1), .failure(Failure(code: 1))],
            [.success(2), .failure(Failure(code: 2))],
            [.success(3)],
        ])
        let recorder = Recorder(attempts.stream().retry(1).map(describe))
        #expect(recorder.events == [.value("1"), .value("2"), .value("E2"), .finished])
    }

    @Test func retryZeroDeliversTheFirstFailure() {
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))]])
        let recorder = Recorder(attempts.stream().retry(0).map(describe))
        #expect(recorder.events == [.value("E1"), .finished])
    }

    @Test func retryWithDelayWaitsOnTheScheduler() {
        let scheduler = TestScheduler()
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.failure(Failure(code: 2))], [.success(3)]])
        let recorder = Recorder(
            attempts.stream(delay: .milliseconds(100), scheduler: scheduler)
                .retry(5, delay: .seconds(1), scheduler: scheduler)
                .map(describe),
            scheduler: scheduler
        )
        scheduler.run()
        #expect(stamped(recorder) == ["2300ms 3", "2300ms |"])
        #expect(attempts.bindings == 3)
        #expect(attempts.live == 1)              // the failed attempts were cancelled
        recorder.cancel()
        #expect(attempts.live == 0)
    }

    @Test func cancellingDuringTheDelayCancelsTheTimerAndBindsNothingMore() {
        let scheduler = TestScheduler()
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.success(2)]])
        let recorder = Recorder(attempts.stream().retry(1, delay: .seconds(1), scheduler: scheduler).map(describe), scheduler: scheduler)
        #expect(attempts.bindings == 1)
        recorder.cancel()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(attempts.bindings == 1)
        #expect(recorder.events == [])
    }

    @Test func aFailedAttemptIsCancelledAndItsLaterValuesAreDropped() {
        let scheduler = TestScheduler()
        let attempt = Subject<Result<Int, Failure>>()
        var bindings = 0
        let upstream = Observable<Result<Int, Failure>>.create { observer in
            bindings += 1
            return attempt.bind { observer.send($0) }
        }
        let recorder = Recorder(upstream.retry(1, delay: .milliseconds(10), scheduler: scheduler).map(describe))
        attempt.send(.failure(Failure(code: 1)))
        attempt.send(.success(99))               // the failed attempt is cancelled: dropped
        #expect(attempt.bindingCount == 0)
        scheduler.advance(by: .milliseconds(10))
        attempt.send(.success(2))
        #expect(recorder.events == [.value("2")])
        #expect(bindings == 2)
    }

    @Test func retryWhenDeliversTheFailureThenRetriesOnTheTrigger() {
        let retryTapped = Subject<Void>()
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.failure(Failure(code: 2))], [.success(3)]])
        let recorder = Recorder(attempts.stream().retry(when: retryTapped).map(describe))
        #expect(recorder.events == [.value("E1")])
        retryTapped.fire()
        #expect(recorder.events == [.value("E1"), .value("E2")])
        #expect(attempts.live == 0)
        retryTapped.fire()
        #expect(recorder.events == [.value("E1"), .value("E2"), .value("3"), .finished])
        #expect(retryTapped.bindingCount == 0)
        #expect(attempts.bindings == 3)
    }

    @Test func triggersWhileAnAttemptRunsAreIgnored() {
        let scheduler = TestScheduler()
        let retryTapped = Subject<Void>()
        let attempts = ScriptedAttempts([[.success(1)], [.success(2)]])
        let recorder = Recorder(
            attempts.stream(delay: .milliseconds(100), scheduler: scheduler).retry(when: retryTapped).map(describe),
            scheduler: scheduler
        )
        retryTapped.fire()
        scheduler.run()
        #expect(stamped(recorder) == ["100ms 1", "100ms |"])
        #expect(attempts.bindings == 1)
    }

    @Test func aTriggerThatFinishesWhileWaitingFinishesTheStream() {
        let retryTapped = Subject<Void>()
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))]])
        let recorder = Recorder(attempts.stream().retry(when: retryTapped).map(describe))
        retryTapped.finish()
        #expect(recorder.events == [.value("E1"), .finished])
    }

    @Test func afterTheTriggerFinishedAFailureIsDeliveredAndItsAttemptRuns() {
        let retryTapped = Subject<Void>()
        retryTapped.finish()
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))]])
        let recorder = Recorder(attempts.stream().retry(when: retryTapped).map(describe))
        #expect(recorder.events == [.value("E1"), .finished])
    }

    @Test func retryWhenWithVirtualTimeMarbles() throws {
        let scheduler = TestScheduler()
        let retry = try scheduler.hotObservable("--r---r--")
        let attempts = ScriptedAttempts([[.failure(Failure(code: 1))], [.failure(Failure(code: 2))], [.success(3)]])
        let recorder = Recorder(
            attempts.stream(delay: .milliseconds(100), scheduler: scheduler).retry(when: retry).map(describe),
            scheduler: scheduler
        )
        scheduler.run()
        #expect(stamped(recorder) == ["100ms E1", "300ms E2", "700ms 3", "700ms |"])
    }
}

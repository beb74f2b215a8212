@testable import Signals
import SignalsTesting
import Testing

/// The reset decisions of `retry(_:backoff:scheduler:resetting:if:onRetry:)`, without threads or time.
@Suite(.deadlockWatchdog) struct RetryResetStateMachineTests {
    private func retryDelay(_ step: RetryStateMachine.FailureStep) -> String {
        switch step {
        case .retry(_, let delay, _): "retry after \(delay?.components.seconds ?? 0) s"
        case .deliver: "deliver"
        case .ignore: "ignore"
        case .deliverAndWait: "deliver and wait"
        }
    }

    @Test func aSuccessGivesTheRetriesBackAndRestartsTheBackoff() {
        let backoff = RetryBackoff.exponential(initial: .seconds(1), maxDelay: .seconds(30))
        var machine = RetryStateMachine(retries: 2, backoff: backoff, resetsAfterSuccess: true)
        let first = retryDelay(machine.failed(attempt: 0))
        _ = machine.delayEnded(attempt: 1)
        let second = retryDelay(machine.failed(attempt: 1))
        _ = machine.delayEnded(attempt: 2)
        let delivered = machine.succeeded(attempt: 2)
        let afterSuccess = retryDelay(machine.failed(attempt: 2))
        #expect([first, second, afterSuccess] == ["retry after 1 s", "retry after 2 s", "retry after 1 s"])
        #expect(delivered)
        #expect(machine.remaining == 1)
        #expect(machine.retriesStarted == 1)
    }

    @Test func withoutResetsAfterSuccessASuccessChangesNothing() {
        var machine = RetryStateMachine(retries: 1)
        _ = machine.failed(attempt: 0)
        _ = machine.delayEnded(attempt: 1)
        let delivered = machine.succeeded(attempt: 1)
        let step = retryDelay(machine.failed(attempt: 1))
        #expect(delivered)
        #expect(step == "deliver")
    }

    @Test func aResetRequestGivesTheRetriesBackEvenAfterTheLastFailureWasDelivered() {
        var machine = RetryStateMachine(retries: 1, backoff: .constant(.seconds(3)))
        _ = machine.failed(attempt: 0)
        _ = machine.delayEnded(attempt: 1)
        let last = retryDelay(machine.failed(attempt: 1))
        machine.resetRequested()
        let afterReset = retryDelay(machine.failed(attempt: 1))
        #expect([last, afterReset] == ["deliver", "retry after 3 s"])
    }

    @Test func aStaleSuccessIsNotDeliveredAndDoesNotReset() {
        var machine = RetryStateMachine(retries: 1, resetsAfterSuccess: true)
        _ = machine.failed(attempt: 0)
        let stale = machine.succeeded(attempt: 0)
        #expect(!stale)
        #expect(machine.remaining == 0)
    }
}

/// `retry(_:backoff:scheduler:resetting:if:onRetry:)`: a long-lived connection that never gives
/// up for good, on virtual time.
@Suite(.deadlockWatchdog) struct RetryResetTests {
    /// A connection per binding: sends `frames` successes, then drops (a failure), forever.
    final class FlakyConnection: @unchecked Sendable {
        // Only touched on the test's thread.
        private(set) var connections = 0
        private(set) var live = 0
        let framesBeforeDrop: [Int]

        init(framesBeforeDrop: [Int]) { self.framesBeforeDrop = framesBeforeDrop }

        func stream() -> Observable<Result<Int, Failure>> {
            .create { observer in
                let connection = self.connections
                self.connections += 1
                self.live += 1
                let frames = connection < self.framesBeforeDrop.count ? self.framesBeforeDrop[connection] : 0
                for frame in 0..<frames { observer.send(.success(connection * 10 + frame)) }
                observer.send(.failure(Failure(code: connection)))
                return AnyCancellable { [self] in self.live -= 1 }
            }
        }
    }

    @Test func aConnectionThatDropsAfterEachFrameNeverGivesUpAndEachRetryWaitsTheFirstDelay() {
        let scheduler = TestScheduler()
        let connection = FlakyConnection(framesBeforeDrop: [1, 1, 1, 1, 1, 0])
        var reports: [String] = []
        let recorder = Recorder(
            connection.stream()
                .retry(1, backoff: .exponential(initial: .seconds(1), maxDelay: .seconds(30)), scheduler: scheduler,
                       resetting: .afterSuccess,
                       onRetry: { reports.append("retry \($0.number) of \($0.maxRetries) in \($0.delay.components.seconds) s") })
                .map(describe),
            scheduler: scheduler
        )
        scheduler.run()
        // Five connections each send a frame and drop: each drop is retried after 1 s. The sixth
        // drops with no frame, right after the retry it had: the failure is delivered.
        #expect(stamped(recorder) == ["0ms 0", "1000ms 10", "2000ms 20", "3000ms 30", "4000ms 40", "5000ms E5"])
        #expect(reports == Array(repeating: "retry 1 of 1 in 1 s", count: 5))
        #expect(connection.connections == 6)
        #expect(connection.live == 1)
        recorder.cancel()
        #expect(connection.live == 0)
    }

    @Test func withoutAResetTheSameConnectionGivesUpAfterItsRetries() {
        let scheduler = TestScheduler()
        let connection = FlakyConnection(framesBeforeDrop: [1, 1, 1])
        let recorder = Recorder(
            connection.stream()
                .retry(1, backoff: .exponential(initial: .seconds(1), maxDelay: .seconds(30)), scheduler: scheduler)
                .map(describe),
            scheduler: scheduler
        )
        scheduler.run()
        #expect(stamped(recorder) == ["0ms 0", "1000ms 10", "1000ms E1"])
    }

    @Test func aResetTriggerGivesTheRetriesBackAndTheBackoffStartsAgain() {
        let scheduler = TestScheduler()
        let connection = FlakyConnection(framesBeforeDrop: [])
        let stable = Subject<Void>()
        var delays: [Int64] = []
        let recorder = Recorder(
            connection.stream()
                .retry(2, backoff: .exponential(initial: .seconds(1), maxDelay: .seconds(30)), scheduler: scheduler,
                       resetting: .on(stable), onRetry: { delays.append($0.delay.components.seconds) })
                .map(describe),
            scheduler: scheduler
        )
        scheduler.advance(by: .milliseconds(1500))
        stable.send(())      // during the second wait (2 s, until 3 s): that wait is not shortened
        scheduler.run()
        #expect(delays == [1, 2, 1, 2])
        #expect(stamped(recorder) == ["6000ms E4"])
        #expect(stable.bindingCount == 1)
        recorder.cancel()
        #expect(stable.bindingCount == 0)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func theResetTriggerIsCancelledWhenTheStreamFinishes() {
        let scheduler = TestScheduler()
        let stable = Subject<Int>()
        let recorder = Recorder(
            Observable<Result<Int, Failure>>.just(.success(1))
                .retry(2, backoff: .constant(.seconds(1)), scheduler: scheduler, resetting: .afterSuccess(or: stable))
                .map(describe)
        )
        #expect(recorder.events == [.value("1"), .finished])
        #expect(stable.bindingCount == 0)
    }
}

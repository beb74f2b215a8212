@testable import Signals
import Testing

private func describe(_ step: RetryStateMachine.FailureStep) -> String {
    switch step {
    case .ignore: "ignore"
    case .deliver: "deliver"
    case .retry(let attempt, let delay, _): delay.map { "retry \(attempt) after \($0)" } ?? "retry \(attempt)"
    case .deliverAndWait: "deliver and wait"
    }
}

@Suite(.deadlockWatchdog) struct BuildingBlockStateMachineTests {
    @Test func intervalCountsTicksAndStopsAfterCancel() {
        var machine = IntervalStateMachine()
        #expect(describe(machine.timerFired()) == "value 0")
        #expect(describe(machine.timerFired()) == "value 1")
        let timer = AnyCancellable()
        #expect(machine.timerScheduled(timer) == nil)
        #expect(machine.cancelled() === timer)
        #expect(describe(machine.timerFired()) == "none")
        #expect(machine.timerScheduled(AnyCancellable()) != nil)
    }

    @Test func aTimerTicksOnceThenFinishesAndWantsNoOtherTimer() {
        var machine = IntervalStateMachine(limit: 1)
        #expect(machine.isRunning)
        #expect(describe(machine.timerFired()) == "value 0 finish")
        #expect(!machine.isRunning)
        #expect(machine.timerScheduled(AnyCancellable()) != nil)
        #expect(describe(machine.timerFired()) == "none")
    }

    @Test func retryCountsDownThenDeliversTheFailure() {
        var machine = RetryStateMachine(retries: 1)
        #expect(machine.attemptBound(AnyCancellable(), attempt: 0) == nil)
        #expect(describe(machine.failed(attempt: 0)) == "retry 1")
        #expect(machine.isCurrent(0) == false)
        #expect(machine.delayEnded(attempt: 1) == true)
        #expect(describe(machine.failed(attempt: 0)) == "ignore")
        #expect(describe(machine.failed(attempt: 1)) == "deliver")
        #expect(machine.attemptFinished(attempt: 1) == true)
        #expect(machine.isCurrent(1) == false)
    }

    @Test func retryWhenDeliversEachFailureAndWaitsForTheTrigger() {
        var machine = RetryStateMachine(waitingForTrigger: ())
        #expect(machine.triggerFired() == nil)
        #expect(describe(machine.failed(attempt: 0)) == "deliver and wait")
        #expect(machine.attemptFinished(attempt: 0) == false)
        #expect(machine.triggerFired() == 1)
        #expect(machine.triggerFired() == nil)
        #expect(describe(machine.failed(attempt: 1)) == "deliver and wait")
        #expect(describe(machine.triggerFinished() as Emission<Int>) == "finish")
    }

    @Test func retryWhenAfterTheTriggerFinishedDeliversWithoutWaiting() {
        var machine = RetryStateMachine(waitingForTrigger: ())
        #expect(describe(machine.triggerFinished() as Emission<Int>) == "none")
        #expect(describe(machine.failed(attempt: 0)) == "deliver")
        #expect(machine.attemptFinished(attempt: 0) == true)
    }

    @Test func aCancelledRetryStartsNothing() {
        var machine = RetryStateMachine(retries: 3)
        _ = machine.failed(attempt: 0)
        #expect(machine.cancelled().isEmpty)
        #expect(machine.delayEnded(attempt: 1) == false)
        #expect(machine.attemptBound(AnyCancellable(), attempt: 1) != nil)
    }

    @Test func actionStartsOnlyWhenEnabledAndIdle() {
        var machine = ActionStateMachine(isUserEnabled: false)
        #expect(machine.applied() == false)
        #expect(machine.enabledChanged(true) == true)
        #expect(machine.enabledChanged(true) == false)
        #expect(machine.applied() == true)
        #expect(machine.isEnabled == false)
        #expect(machine.applied() == false)
        #expect(machine.executionEnded() == true)
        #expect(machine.executionEnded() == false)
        #expect(machine.isEnabled)
    }
}

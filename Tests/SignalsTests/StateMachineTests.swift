@testable import Signals
import Testing

/// An emission as text, for the state machine tests.
func describe<T>(_ emission: Emission<T>) -> String {
    switch emission {
    case .none: "none"
    case .value(let value): "value \(value)"
    case .finish: "finish"
    case .valueAndFinish(let value): "value \(value) finish"
    }
}

@Suite(.deadlockWatchdog) struct StateMachineTests {
    @Test func combineLatestNeedsBothSidesAndBothFinishes() {
        var machine = CombineLatestStateMachine<Int, String>()
        #expect(describe(machine.receivedA(1)) == "none")
        #expect(describe(machine.receivedB("x")) == "value (1, \"x\")")
        #expect(describe(machine.finishedA()) == "none")
        #expect(describe(machine.receivedB("y")) == "value (1, \"y\")")
        #expect(describe(machine.finishedB()) == "finish")
    }

    @Test func zipFinishesWhenNoPairIsPossible() {
        var machine = ZipStateMachine<Int, Int>()
        #expect(describe(machine.receivedA(1)) == "none")
        #expect(describe(machine.finishedA()) == "none")
        #expect(describe(machine.receivedB(2)) == "value (1, 2) finish")
    }

    @Test func debounceOnlyTheLatestTimerDelivers() {
        var machine = DebounceStateMachine<String>()
        let first = machine.valueArrived("a").generation
        let second = machine.valueArrived("ab").generation
        #expect(describe(machine.timerFired(generation: first)) == "none")
        #expect(describe(machine.timerFired(generation: second)) == "value ab")
        #expect(describe(machine.timerFired(generation: second)) == "none")
        _ = machine.valueArrived("abc")
        #expect(describe(machine.upstreamFinished()) == "value abc finish")
    }

    @Test func throttleSchedulesRelativeToTheLastEmission() {
        var machine = ThrottleStateMachine<Int>(interval: .seconds(1), latest: true)
        #expect(machine.valueArrived(1, now: .zero) == .zero)
        #expect(machine.valueArrived(2, now: .zero) == nil)
        #expect(describe(machine.emissionDue(now: .zero)) == "value 2")
        #expect(machine.valueArrived(3, now: .milliseconds(400)) == .milliseconds(600))
        #expect(machine.upstreamFinished() == false)
        #expect(describe(machine.emissionDue(now: .seconds(1))) == "value 3 finish")
    }

    @Test func flatMapLatestDropsStaleGenerations() {
        var machine = FlatMapLatestStateMachine()
        let first = machine.innerStarted().generation
        let second = machine.innerStarted().generation
        #expect(!machine.isCurrent(first))
        #expect(machine.isCurrent(second))
        let staleToken = AnyCancellable()
        #expect(machine.innerBound(staleToken, generation: first) === staleToken)
        #expect(describe(machine.innerFinished(generation: first) as Emission<Int>) == "none")
        #expect(describe(machine.outerFinished() as Emission<Int>) == "none")
        #expect(describe(machine.innerFinished(generation: second) as Emission<Int>) == "finish")
    }

    @Test func debounceCancelHandsBackThePendingTimerOnce() {
        var machine = DebounceStateMachine<String>()
        let generation = machine.valueArrived("a").generation
        let timer = AnyCancellable()
        #expect(machine.timerScheduled(timer, generation: generation) == nil)
        #expect(machine.cancelled() === timer)
        #expect(machine.cancelled() == nil)
        #expect(describe(machine.timerFired(generation: generation)) == "none")
    }

    @Test func withLatestFromDropsValuesUntilTheOtherStreamDelivers() {
        var machine = WithLatestFromStateMachine<String>()
        #expect(machine.primaryDelivered() == nil)
        machine.otherDelivered("x")
        #expect(machine.primaryDelivered() == "x")
        machine.otherDelivered("y")
        #expect(machine.primaryDelivered() == "y")
    }

    @Test func hopDeliversTheOldestWaitingEventPerAction() {
        var machine = HopStateMachine<Int>()
        #expect(describe(machine.actionRan()) == "none")
        #expect(machine.eventArrived(.value(1)) == 1)
        #expect(machine.eventArrived(.value(2)) == 2)
        #expect(machine.eventArrived(.finished) == 3)
        #expect(describe(machine.actionRan()) == "value 1")
        #expect(describe(machine.actionRan()) == "value 2")
        #expect(describe(machine.actionRan()) == "finish")
        #expect(describe(machine.actionRan()) == "none")
    }

    @Test func hopKeepsTheTokensOfActionsNotYetRunAndHandsBackLateOnes() {
        var machine = HopStateMachine<Int>()
        let (first, second, third) = (AnyCancellable(), AnyCancellable(), AnyCancellable())
        let one = machine.eventArrived(.value(1))
        let two = machine.eventArrived(.value(2))
        #expect(machine.actionScheduled(first, number: one) == nil)
        // Action 2 ran before its token came back from the scheduler: nothing to keep.
        #expect(describe(machine.actionRan()) == "value 1")
        #expect(describe(machine.actionRan()) == "value 2")
        #expect(machine.actionScheduled(second, number: two) === second)
        let three = machine.eventArrived(.value(3))
        #expect(machine.actionScheduled(third, number: three) == nil)
        let cancelled = machine.cancelled()
        #expect(cancelled.count == 1 && cancelled.first === third)
        // After the cancel, a token that comes back is cancelled at once.
        #expect(machine.actionScheduled(first, number: machine.eventArrived(.value(4))) === first)
    }
}

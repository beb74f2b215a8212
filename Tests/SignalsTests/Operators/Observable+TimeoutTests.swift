@testable import Signals
import SignalsTesting
import Testing

private func describeTimeoutStep<Value>(_ step: TimeoutStateMachine<Value>.EventStep) -> String {
    switch step {
    case .ignore: "ignore"
    case .schedule(let delivery, let deadline, let superseded):
        "deliver #\(delivery), deadline \(deadline.map(String.init) ?? "none")\(superseded == nil ? "" : ", cancel old timer")"
    }
}

private func describeTimeoutEmission<Value>(_ emission: Emission<Value>) -> String {
    switch emission {
    case .none: "none"
    case .value(let value): "value \(value)"
    case .finish: "finish"
    case .valueAndFinish(let value): "value \(value), finish"
    }
}

/// The decisions of `timeout`, without threads or time.
@Suite(.deadlockWatchdog) struct TimeoutStateMachineTests {
    @Test func eachValueStartsANewDeadlineAndSupersedesTheOldTimer() {
        var machine = TimeoutStateMachine<String>()
        let first = machine.started()
        let result1 = machine.timerScheduled(AnyCancellable(), deadline: first)
        #expect(result1 == nil)
        let result2 = describeTimeoutStep(machine.valueArrived("a"))
        #expect(result2 == "deliver #1, deadline 2, cancel old timer")
        let result3 = describeTimeoutEmission(machine.timerFired(deadline: first).emission)
        #expect(result3 == "none")
        let result4 = machine.timerScheduled(AnyCancellable(), deadline: 2)
        #expect(result4 == nil)
        let result5 = describeTimeoutEmission(machine.deliveryRan())
        #expect(result5 == "value a")
        let result6 = describeTimeoutEmission(machine.timerFired(deadline: 2).emission)
        #expect(result6 == "finish")
        #expect(machine.isTimedOut)
        let result7 = describeTimeoutStep(machine.valueArrived("late"))
        #expect(result7 == "ignore")
    }

    @Test func timingOutDropsTheWaitingEventsAndHandsBackUpstreamAndTheDeliveries() {
        var machine = TimeoutStateMachine<String>()
        let deadline = machine.started()
        let result8 = machine.upstreamBound(AnyCancellable())
        #expect(result8 == nil)
        _ = machine.valueArrived("a")
        let result9 = machine.deliveryScheduled(AnyCancellable(), number: 1)
        #expect(result9 == nil)
        let (emission, cancelling) = machine.timerFired(deadline: deadline + 1)
        #expect(describeTimeoutEmission(emission) == "finish")
        #expect(cancelling.count == 2)
        let result10 = describeTimeoutEmission(machine.deliveryRan())
        #expect(result10 == "none")
    }

    @Test func theTimeoutValueIsDeliveredBeforeTheFinish() {
        var machine = TimeoutStateMachine<Int>(timeoutValue: -1)
        let result11 = describeTimeoutEmission(machine.timerFired(deadline: machine.started()).emission)
        #expect(result11 == "value -1, finish")
    }

    @Test func afterUpstreamFinishesNoDeadlineRunsAndTheFinishWaitsForItsDelivery() {
        var machine = TimeoutStateMachine<String>()
        let deadline = machine.started()
        let result12 = describeTimeoutStep(machine.upstreamFinished())
        #expect(result12 == "deliver #1, deadline none")
        let result13 = describeTimeoutEmission(machine.timerFired(deadline: deadline).emission)
        #expect(result13 == "none")
        let result14 = machine.timerScheduled(AnyCancellable(), deadline: deadline)
        #expect(result14 != nil)
        let result15 = describeTimeoutEmission(machine.deliveryRan())
        #expect(result15 == "finish")
        let result16 = describeTimeoutStep(machine.valueArrived("late"))
        #expect(result16 == "ignore")
    }

    @Test func aTimerScheduledAfterItsDeadlineWasSupersededIsHandedBack() {
        var machine = TimeoutStateMachine<String>()
        let first = machine.started()
        _ = machine.valueArrived("a")
        let result17 = machine.timerScheduled(AnyCancellable(), deadline: first)
        #expect(result17 != nil)
    }

    @Test func cancellingHandsBackUpstreamTheTimerAndThePendingDeliveries() {
        var machine = TimeoutStateMachine<String>()
        let result18 = machine.timerScheduled(AnyCancellable(), deadline: machine.started())
        #expect(result18 == nil)
        let result19 = machine.upstreamBound(AnyCancellable())
        #expect(result19 == nil)
        _ = machine.valueArrived("a")
        let result20 = machine.timerScheduled(AnyCancellable(), deadline: 2)
        #expect(result20 == nil)
        let result21 = machine.deliveryScheduled(AnyCancellable(), number: 1)
        #expect(result21 == nil)
        let result22 = machine.cancelled().count
        #expect(result22 == 3)
        let result23 = describeTimeoutEmission(machine.deliveryRan())
        #expect(result23 == "none")
        let result24 = machine.upstreamBound(AnyCancellable())
        #expect(result24 != nil)
    }
}

/// `timeout(_:scheduler:)` and `timeout(_:scheduler:failure:)`: whole histories on virtual time.
@Suite(.deadlockWatchdog) struct TimeoutTests {
    @Test func finishesWhenNoValueArrivesWithinTheIntervalOfTheLastOne() {
        let scheduler = TestScheduler()
        let messages = Subject<String>()
        let recorder = Recorder(messages.timeout(.seconds(5), scheduler: scheduler), scheduler: scheduler)
        scheduler.advance(by: .seconds(3))
        messages.send("a")
        scheduler.advance(by: .seconds(4))
        messages.send("b")
        scheduler.advance(by: .seconds(6))
        messages.send("late")
        scheduler.run()
        #expect(stamped(recorder) == ["3000ms a", "7000ms b", "12000ms |"])
        #expect(messages.bindingCount == 0)
    }

    @Test func theDeadlineStartsWhenTheStreamIsBound() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(1))
        let recorder = Recorder(Observable<Int>.never.timeout(.seconds(2), scheduler: scheduler), scheduler: scheduler)
        scheduler.run()
        #expect(stamped(recorder) == ["3000ms |"])
    }

    @Test func valuesAndUpstreamsFinishAreDeliveredOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder(Observable.sequence([1, 2]).timeout(.seconds(1), scheduler: scheduler))
        #expect(recorder.events == [])
        scheduler.advance()
        #expect(recorder.events == [.value(1), .value(2), .finished])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func afterUpstreamFinishesTheDeadlineNoLongerRuns() throws {
        let scheduler = TestScheduler()
        let upstream = try scheduler.hotObservable("a-|")
        let recorder = Recorder(upstream.timeout(.milliseconds(250), scheduler: scheduler), scheduler: scheduler)
        scheduler.run()
        #expect(stamped(recorder) == ["0ms a", "200ms |"])
    }

    @Test func aResultStreamDeliversTheFailureThenFinishes() {
        let scheduler = TestScheduler()
        let replies = Subject<Result<Int, Failure>>()
        let recorder = Recorder(
            replies.timeout(.seconds(10), scheduler: scheduler, failure: Failure(code: 408)),
            scheduler: scheduler
        )
        replies.send(.success(1))
        scheduler.advance(by: .seconds(9))
        replies.send(.failure(Failure(code: 503)))
        scheduler.run()
        #expect(stamped(recorder) == [
            "0ms success(1)", "9000ms failure(E503)", "19000ms failure(E408)", "19000ms |",
        ])
        #expect(replies.bindingCount == 0)
    }

    @Test func cancellingLeavesNothingOnTheScheduler() {
        let scheduler = TestScheduler()
        let messages = Subject<Int>()
        let recorder = Recorder(messages.timeout(.seconds(5), scheduler: scheduler))
        messages.send(1)
        #expect(scheduler.pendingCount == 2)
        recorder.cancel()
        #expect(scheduler.pendingCount == 0)
        #expect(messages.bindingCount == 0)
        scheduler.run()
        #expect(recorder.events == [])
        #expect(scheduler.now == .zero)
    }

    @Test func aValueSentAtTheDeadlineIsTooLate() {
        let scheduler = TestScheduler()
        let messages = Subject<Int>()
        let recorder = Recorder(messages.timeout(.seconds(1), scheduler: scheduler), scheduler: scheduler)
        scheduler.advance(by: .seconds(1))
        messages.send(1)
        scheduler.run()
        #expect(stamped(recorder) == ["1000ms |"])
    }

    @Test func theStreamIsReleasedWhenItTimesOut() {
        weak var weakSubject: Subject<Int>?
        let scheduler = TestScheduler()
        var recorder: Recorder<Int>?
        do {
            let subject = Subject<Int>()
            weakSubject = subject
            recorder = Recorder(subject.timeout(.seconds(1), scheduler: scheduler))
        }
        scheduler.run()
        #expect(recorder?.events == [.finished])
        #expect(weakSubject == nil)
    }
}

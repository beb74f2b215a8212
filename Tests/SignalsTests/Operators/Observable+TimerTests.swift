import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct IntervalAndTimerTests {
    @Test func intervalCountsFromZeroEveryPeriodAfterTheBind() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .milliseconds(50))
        let recorder = Recorder(Observable.interval(.milliseconds(100), scheduler: scheduler), scheduler: scheduler)
        scheduler.advance(by: .milliseconds(350))
        #expect(stamped(recorder) == ["150ms 0", "250ms 1", "350ms 2"])
    }

    @Test func eachBindingOfAnIntervalHasItsOwnTicks() {
        let scheduler = TestScheduler()
        let ticks = Observable.interval(.milliseconds(100), scheduler: scheduler)
        let first = Recorder(ticks, scheduler: scheduler)
        scheduler.advance(by: .milliseconds(150))
        let second = Recorder(ticks, scheduler: scheduler)
        scheduler.advance(by: .milliseconds(200))
        #expect(stamped(first) == ["100ms 0", "200ms 1", "300ms 2"])
        #expect(stamped(second) == ["250ms 0", "350ms 1"])
    }

    @Test func cancellingAnIntervalRemovesItsPendingTimer() {
        let scheduler = TestScheduler()
        let recorder = Recorder(Observable.interval(.milliseconds(100), scheduler: scheduler), scheduler: scheduler)
        scheduler.advance(by: .milliseconds(100))
        recorder.cancel()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(1))
        #expect(stamped(recorder) == ["100ms 0"])
    }

    @Test func anIntervalCancelledByItsOwnHandlerStops() {
        let scheduler = TestScheduler()
        var values: [Int] = []
        var token: (any Cancellable)?
        token = Observable.interval(.milliseconds(10), scheduler: scheduler).bind { value in
            values.append(value)
            if value == 2 { token?.cancel() }
        }
        scheduler.advance(by: .milliseconds(100))
        #expect(values == [0, 1, 2])
        #expect(scheduler.pendingCount == 0)
        _ = token
    }

    @Test func intervalWithTakeFinishesAfterTheCount() {
        let scheduler = TestScheduler()
        let recorder = Recorder(Observable.interval(.seconds(1), scheduler: scheduler).take(2), scheduler: scheduler)
        scheduler.run()
        #expect(stamped(recorder) == ["1000ms 0", "2000ms 1", "2000ms |"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func timerDeliversOnceAfterTheDelayThenFinishes() {
        let scheduler = TestScheduler()
        let recorder = Recorder(Observable.timer(.milliseconds(300), scheduler: scheduler).map(to: "fired"), scheduler: scheduler)
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.events == [])
        scheduler.advance(by: .seconds(1))
        #expect(stamped(recorder) == ["300ms fired", "300ms |"])
    }

    @Test func cancellingATimerRemovesItsPendingWork() {
        let scheduler = TestScheduler()
        let recorder = Recorder(Observable.timer(.milliseconds(300), scheduler: scheduler), scheduler: scheduler)
        recorder.cancel()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(recorder.events.isEmpty)
    }
}

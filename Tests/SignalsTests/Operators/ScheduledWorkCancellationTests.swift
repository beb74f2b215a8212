import Signals
import SignalsTesting
import Testing

/// Issue 22 item 4: cancelling a binding takes its scheduled work off the scheduler, as RxSwift's
/// and ReactiveSwift's test schedulers drop disposed work. Nothing stays pending, and `run()`
/// does not move the clock to a dead timer's time.
@Suite(.deadlockWatchdog) struct ScheduledWorkCancellationTests {
    /// Sends "a" at 1 s, cancels at 1.5 s, then runs the scheduler dry.
    func cancelAfterScheduling(
        _ makeStream: (Observable<String>, TestScheduler) -> Observable<String>
    ) -> (pendingAfterCancel: Int, clockAfterRun: Duration, values: [String]) {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = Recorder(makeStream(subject.asObservable(), scheduler))
        scheduler.advance(by: .seconds(1))
        subject.send("a")
        scheduler.advance(by: .milliseconds(500))
        recorder.cancel()
        let pending = scheduler.pendingCount
        scheduler.run()
        return (pending, scheduler.now, recorder.values)
    }

    @Test func cancellingADelayedBindingLeavesNothingOnTheSchedulerAndRunKeepsTheClock() {
        let result = cancelAfterScheduling { $0.delay(for: .seconds(10), scheduler: $1) }
        #expect(result.pendingAfterCancel == 0)
        #expect(result.clockAfterRun == .milliseconds(1500))
        #expect(result.values == [])
    }

    @Test func cancellingADebouncedBindingLeavesNothingOnTheSchedulerAndRunKeepsTheClock() {
        let result = cancelAfterScheduling { $0.debounce(for: .seconds(10), scheduler: $1) }
        #expect(result.pendingAfterCancel == 0)
        #expect(result.clockAfterRun == .milliseconds(1500))
        #expect(result.values == [])
    }

    @Test func cancellingAThrottledBindingLeavesNothingOnTheSchedulerAndRunKeepsTheClock() {
        let result = cancelAfterScheduling { stream, scheduler in
            // The first value goes out at once (at 0 s); "a" then waits until 10 s.
            stream.prepend("first").throttle(for: .seconds(10), scheduler: scheduler, latest: true)
        }
        #expect(result.pendingAfterCancel == 0)
        #expect(result.clockAfterRun == .milliseconds(1500))
        #expect(result.values == ["first"])
    }

    @Test func cancellingAReceiveOnBindingLeavesNothingOnTheScheduler() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable().receive(on: scheduler))
        subject.send("a")
        subject.send("b")
        #expect(scheduler.pendingCount == 2)
        recorder.cancel()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(recorder.events == [])
    }

    @Test func receiveOnDeliversEveryValueStillAfterItsWorkIsTracked() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable().receive(on: scheduler))
        subject.send("a")
        scheduler.advance()
        subject.send("b")
        subject.finish()
        #expect(scheduler.pendingCount == 2)
        scheduler.advance()
        #expect(recorder.events == [.value("a"), .value("b"), .finished])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func testSchedulerDropsCancelledImmediateWorkAndDoesNotRunIt() {
        let scheduler = TestScheduler()
        let ran = LockedList<String>()
        let token = scheduler.scheduleCancellable { ran.append("cancelled") }
        scheduler.scheduleCancellable { ran.append("kept") }
        #expect(scheduler.pendingCount == 2)
        token.cancel()
        #expect(scheduler.pendingCount == 1)
        scheduler.run()
        #expect(ran.elements == ["kept"])
    }

    /// A scheduler written before `scheduleCancellable` existed: only the old requirements.
    final class OldStyleScheduler: Scheduler, @unchecked Sendable {
        let queue = LockedList<@Sendable () -> Void>()
        var now: Duration { .zero }
        func schedule(_ action: @escaping @Sendable () -> Void) { queue.append(action) }
        func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Cancellable {
            queue.append(action)
            return AnyCancellable()
        }
        var ran = 0
        func runAll() {
            let actions = queue.elements
            for action in actions.dropFirst(ran) { action() }
            ran = actions.count
        }
    }

    @Test func aSchedulerWithOnlyTheOldRequirementsStillCompilesAndSkipsCancelledWork() {
        let scheduler = OldStyleScheduler()
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable().receive(on: scheduler))
        subject.send("a")
        recorder.cancel()
        subject.send("b")
        scheduler.runAll()
        #expect(recorder.events == [])
        let ran = LockedList<String>()
        scheduler.scheduleCancellable { ran.append("kept") }
        scheduler.scheduleCancellable { ran.append("cancelled") }.cancel()
        scheduler.runAll()
        #expect(ran.elements == ["kept"])
    }
}

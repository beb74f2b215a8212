import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct TestSchedulerTests {
    @Test func equalTimesRunInTheOrderScheduled() {
        let scheduler = TestScheduler()
        let log = LockedList<String>()
        scheduler.schedule(after: .seconds(1)) { log.append("a") }
        scheduler.schedule(after: .seconds(1)) { log.append("b") }
        scheduler.schedule { log.append("now") }
        scheduler.schedule(after: .seconds(1)) { log.append("c") }
        scheduler.advance(by: .seconds(1))
        #expect(log.elements == ["now", "a", "b", "c"])
        #expect(scheduler.now == .seconds(1))
    }

    @Test func workScheduledByWorkRunsWhenDue() {
        let scheduler = TestScheduler()
        let log = LockedList<Duration>()
        scheduler.schedule(after: .seconds(1)) {
            log.append(scheduler.now)
            scheduler.schedule(after: .seconds(1)) { log.append(scheduler.now) }
        }
        scheduler.advance(by: .milliseconds(1_500))
        #expect(log.elements == [.seconds(1)])
        scheduler.run()
        #expect(log.elements == [.seconds(1), .seconds(2)])
    }

    @Test func cancelledWorkDoesNotRun() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let token = scheduler.schedule(after: .seconds(1)) { counter.increment() }
        token.cancel()
        scheduler.run()
        #expect(counter.value == 0)
    }

    @Test func cancelledWorkReleasesWhatItCapturedAtOnce() {
        // A debounce timer's action holds the downstream, often a view model that holds the
        // scheduler: cancelled work kept until its due time was a retain cycle.
        let scheduler = TestScheduler()
        let later = scheduler.schedule(after: .seconds(2)) {}
        expectNoLeaks { tracker in
            let captured = tracker.track(Counter())
            let token = scheduler.schedule(after: .seconds(1)) { captured.increment() }
            token.cancel()
        }
        #expect(scheduler.pendingCount == 1)
        later.cancel()
        #expect(scheduler.pendingCount == 0)
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct DebounceTests {
    @Test func deliversOnlyAfterAQuietPeriod() {
        let scheduler = TestScheduler()
        let query = Subject<String>()
        let recorder = Recorder(query.asObservable().debounce(for: .milliseconds(300), scheduler: scheduler), scheduler: scheduler)
        query.send("c")
        scheduler.advance(by: .milliseconds(100))
        query.send("ca")
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.values == [])
        scheduler.advance(by: .milliseconds(1))
        query.send("cat")
        scheduler.advance(by: .milliseconds(300))
        #expect(timeline(recorder) == ["400ms ca", "700ms cat"])
    }

    @Test func aPendingValueIsDeliveredAtOnceWhenUpstreamFinishes() {
        let scheduler = TestScheduler()
        let query = Subject<String>()
        let recorder = Recorder(query.asObservable().debounce(for: .milliseconds(300), scheduler: scheduler), scheduler: scheduler)
        query.send("a")
        scheduler.advance(by: .milliseconds(100))
        query.finish()
        #expect(timeline(recorder) == ["100ms a", "100ms |"])
        scheduler.run()
        #expect(recorder.events == [.value("a"), .finished])
    }

    @Test func cancellingStopsThePendingValue() {
        let scheduler = TestScheduler()
        let query = Subject<String>()
        let recorder = Recorder(query.asObservable().debounce(for: .milliseconds(300), scheduler: scheduler))
        query.send("a")
        recorder.cancel()
        scheduler.run()
        #expect(recorder.events == [])
        #expect(scheduler.pendingCount == 0)
    }
}

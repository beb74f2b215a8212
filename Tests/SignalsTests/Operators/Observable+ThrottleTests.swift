import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct ThrottleTests {
    @Test func latestDeliversTheFirstAtOnceThenTheLatestPerInterval() {
        let scheduler = TestScheduler()
        let taps = Subject<String>()
        let recorder = Recorder(taps.asObservable().throttle(for: .milliseconds(100), scheduler: scheduler, latest: true), scheduler: scheduler)
        taps.send("a")
        scheduler.advance()
        taps.send("b")
        scheduler.advance(by: .milliseconds(50))
        taps.send("c")
        scheduler.advance(by: .milliseconds(50))
        scheduler.advance(by: .milliseconds(200))
        taps.send("d")
        scheduler.advance()
        #expect(timeline(recorder) == ["0ms a", "100ms c", "300ms d"])
    }

    @Test func firstKeepsTheFirstValueOfEachInterval() {
        let scheduler = TestScheduler()
        let taps = Subject<String>()
        let recorder = Recorder(taps.asObservable().throttle(for: .milliseconds(100), scheduler: scheduler, latest: false), scheduler: scheduler)
        taps.send("a")
        scheduler.advance()
        taps.send("b")
        taps.send("c")
        scheduler.advance(by: .milliseconds(100))
        #expect(timeline(recorder) == ["0ms a", "100ms b"])
    }

    @Test func finishTravelsWithThePendingValue() {
        let scheduler = TestScheduler()
        let taps = Subject<String>()
        let recorder = Recorder(taps.asObservable().throttle(for: .milliseconds(100), scheduler: scheduler, latest: true), scheduler: scheduler)
        taps.send("a")
        scheduler.advance()
        taps.send("b")
        taps.finish()
        scheduler.run()
        #expect(timeline(recorder) == ["0ms a", "100ms b", "100ms |"])
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct SampleTests {
    @Test func eachTriggerDeliversTheLatestValue() {
        let query = Subject<String>()
        let searchTapped = Subject<Void>()
        let recorder = Recorder(query.sample(on: searchTapped))
        searchTapped.fire()                      // nothing yet: dropped
        query.send("c")
        query.send("ca")
        searchTapped.fire()
        searchTapped.fire()                      // the same latest value again
        query.send("cat")
        searchTapped.fire()
        searchTapped.finish()
        #expect(recorder.events == [.value("ca"), .value("ca"), .value("cat"), .finished])
    }

    @Test func aPropertyIsSampledFromItsCurrentValue() {
        let name = Property("ada")
        let tapped = Subject<Void>()
        let recorder = Recorder(name.sample(on: tapped))
        tapped.fire()
        #expect(recorder.events == [.value("ada")])
    }

    @Test func aFinishedSourceKeepsItsLastValueForLaterTriggers() {
        let tapped = Subject<Int>()
        let recorder = Recorder(Observable.just("x").sample(on: tapped))
        tapped.send(1)
        tapped.send(2)
        #expect(recorder.events == [.value("x"), .value("x")])
    }

    @Test func onVirtualTimeTheSampleFollowsTheTrigger() throws {
        let scheduler = TestScheduler()
        let values = try scheduler.hotObservable("a-b--c---|")
        let trigger = try scheduler.hotObservable("-x--x-x-x--|")
        let recorder = Recorder(values.sample(on: trigger), scheduler: scheduler)
        scheduler.run()
        expectMarbles(recorder, "-a--b-c-c--|")
    }
}

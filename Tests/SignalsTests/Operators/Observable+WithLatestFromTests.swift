import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct WithLatestFromTests {
    @Test func deliversTheLatestOtherValueOnEachPrimaryValue() {
        let primary = Subject<Int>()
        let other = Subject<String>()
        let recorder = Recorder(primary.asObservable().withLatestFrom(other.asObservable()) { "\($0)\($1)" })
        primary.send(0)
        other.send("a")
        other.send("b")
        primary.send(1)
        primary.send(2)
        other.finish()
        primary.send(3)
        primary.finish()
        #expect(recorder.events == [.value("1b"), .value("2b"), .value("3b"), .finished])
    }

    @Test func seesAReplayingPropertyAtOnce() {
        let submit = Subject<Void>()
        let query = Property("cats")
        let recorder = Recorder(submit.asObservable().withLatestFrom(query.asObservable()))
        submit.fire()
        query.value = "dogs"
        submit.fire()
        #expect(recorder.values == ["cats", "dogs"])
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct CombineLatestTests {
    @Test func waitsForBothThenDeliversEveryChange() {
        let a = Subject<Int>()
        let b = Subject<String>()
        let recorder = Recorder(a.asObservable().combineLatest(b.asObservable()).map { "\($0)\($1)" })
        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")
        a.finish()
        b.send("z")
        b.finish()
        #expect(recorder.events == [.value("2x"), .value("3x"), .value("3y"), .value("3z"), .finished])
    }

    @Test func finishesOnlyWhenBothFinish() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(a.asObservable().combineLatest(b.asObservable()) { $0 + $1 })
        b.finish()
        a.send(1)
        #expect(recorder.events == [])
        a.finish()
        #expect(recorder.events == [.finished])
    }

    @Test func replayingPropertiesCombineAtOnce() {
        let a = Property(1)
        let b = Property(10)
        let c = Property(100)
        let recorder = Recorder(a.asObservable().combineLatest(b.asObservable(), c.asObservable()).map { $0 + $1 + $2 })
        b.value = 20
        #expect(recorder.values == [111, 121])
    }
}

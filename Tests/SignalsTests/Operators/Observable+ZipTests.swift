import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct ZipTests {
    @Test func pairsValuesInOrder() {
        let a = Subject<Int>()
        let b = Subject<String>()
        let recorder = Recorder(a.asObservable().zip(b.asObservable()).map { "\($0)\($1)" })
        a.send(1)
        a.send(2)
        b.send("x")
        b.send("y")
        b.send("z")
        a.send(3)
        #expect(recorder.values == ["1x", "2y", "3z"])
    }

    @Test func finishesWhenAFinishedSideHasNothingLeftToPair() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(a.asObservable().zip(b.asObservable()).map { $0 * $1 })
        a.send(2)
        a.send(3)
        a.finish()
        #expect(recorder.events == [])
        b.send(10)
        #expect(recorder.events == [.value(20)])
        b.send(10)
        #expect(recorder.events == [.value(20), .value(30), .finished])
    }

    @Test func finishesAtOnceWhenAnEmptySideFinishes() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(a.asObservable().zip(b.asObservable()).map { $0 + $1 })
        a.send(1)
        b.finish()
        #expect(recorder.events == [.finished])
        #expect(a.bindingCount == 1)
        recorder.cancel()
        #expect(a.bindingCount == 0)
    }
}

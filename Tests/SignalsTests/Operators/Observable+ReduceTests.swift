import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct ReduceLastTests {
    @Test func reduceDeliversTheTotalWhenUpstreamFinishes() {
        let prices = Subject<Int>()
        let recorder = Recorder(prices.reduce(10, +))
        prices.send(1)
        prices.send(2)
        #expect(recorder.events == [])
        prices.finish()
        #expect(recorder.events == [.value(13), .finished])
    }

    @Test func reduceOfAnEmptyStreamDeliversTheInitialResult() {
        let recorder = Recorder(Observable<Int>.empty.reduce(7, +))
        #expect(recorder.events == [.value(7), .finished])
    }

    @Test func eachBindingReducesFromTheInitialResult() {
        let numbers = Observable.sequence([1, 2, 3]).reduce(into: [Int]()) { $0.append($1 * 2) }
        #expect(Recorder(numbers).events == [.value([2, 4, 6]), .finished])
        #expect(Recorder(numbers).events == [.value([2, 4, 6]), .finished])
    }

    @Test func collectGathersEveryValue() {
        let recorder = Recorder(Observable.sequence(["a", "b"]).collect())
        #expect(recorder.events == [.value(["a", "b"]), .finished])
    }

    @Test func lastDeliversTheFinalValueOnFinish() {
        let drag = Subject<Int>()
        let recorder = Recorder(drag.last())
        drag.send(1)
        drag.send(5)
        #expect(recorder.events == [])
        drag.finish()
        #expect(recorder.events == [.value(5), .finished])
    }

    @Test func lastOfAnEmptyStreamJustFinishes() {
        #expect(Recorder(Observable<Int>.empty.last()).events == [.finished])
    }

    @Test func lastWhereFindsTheFinalMatch() {
        let recorder = Recorder(Observable.sequence([1, 4, 6, 7]).last { $0.isMultiple(of: 2) })
        #expect(recorder.events == [.value(6), .finished])
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct CombineArityTests {
    @Test func combineLatestOfFourWaitsForAllThenDeliversOnEach() {
        let a = Subject<Int>(), b = Subject<String>(), c = Subject<Bool>(), d = Property(0.5)
        let recorder = Recorder(a.combineLatest(b, c, d) { "\($0)\($1)\($2 ? "T" : "F")\($3)" })
        a.send(1)
        b.send("x")
        #expect(recorder.events == [])
        c.send(true)
        a.send(2)
        d.value = 1.5
        a.finish(); b.finish(); c.finish()
        #expect(recorder.events == [.value("1xT0.5"), .value("2xT0.5"), .value("2xT1.5")])
    }

    @Test func combineLatestOfSixFinishesWhenAllHaveFinished() {
        let sources = (0..<6).map { _ in Subject<Int>() }
        let recorder = Recorder(sources[0].combineLatest(sources[1], sources[2], sources[3], sources[4], sources[5]) {
            [$0, $1, $2, $3, $4, $5].map(String.init).joined()
        })
        for (index, source) in sources.enumerated() { source.send(index) }
        sources[5].send(9)
        for source in sources.dropLast() { source.finish() }
        #expect(recorder.events == [.value("012345"), .value("012349")])
        sources[5].finish()
        #expect(recorder.events == [.value("012345"), .value("012349"), .finished])
    }

    @Test func combineLatestOfFiveAsATuple() {
        let five = Observable.just(1).combineLatest(Observable.just(2), Observable.just(3), Observable.just(4), Observable.just(5))
        let recorder = Recorder(five.map { "\($0)\($1)\($2)\($3)\($4)" })
        #expect(recorder.events == [.value("12345"), .finished])
    }

    @Test func zipOfThreePairsTheNthValues() {
        let a = Subject<Int>(), b = Subject<Int>(), c = Subject<Int>()
        let recorder = Recorder(a.zip(b, c) { $0 * 100 + $1 * 10 + $2 })
        a.send(1); a.send(2)
        b.send(3)
        c.send(4); c.send(5)
        b.send(6)
        #expect(recorder.events == [.value(134), .value(265)])
    }

    @Test func zipOfFourFinishesWhenNoFurtherTupleIsPossible() {
        let a = Subject<Int>(), b = Subject<Int>(), c = Subject<Int>(), d = Subject<Int>()
        let recorder = Recorder(a.zip(b, c, d).map { $0 + $1 + $2 + $3 })
        a.send(1); b.send(1); c.send(1)
        d.send(1)
        a.finish()
        #expect(recorder.events == [.value(4), .finished])
    }

    @Test func zipOfSixAndOfTwoWithATransform() {
        let three = Observable.just(3), four = Observable.just(4), five = Observable.just(5)
        let six = Observable.sequence([1, 2]).zip(three, four, five, Observable.just(6), Observable.just(7)) { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) -> [Int] in
            [a, b, c, d, e, f]
        }
        #expect(Recorder(six).events == [.value([1, 3, 4, 5, 6, 7]), .finished])
        let fiveWay = Observable.sequence([1]).zip(Observable.just(2), three, four, five).map { (a: Int, b: Int, c: Int, d: Int, e: Int) in a + b + c + d + e }
        #expect(Recorder(fiveWay).events == [.value(15), .finished])
        let two = Observable.sequence([1, 2]).zip(Observable.sequence([10, 20])) { $0 + $1 }
        #expect(Recorder(two).events == [.value(11), .value(22), .finished])
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct SkipWhileTests {
    @Test func skipsUntilThePredicateFailsThenDeliversEverything() {
        let query = Subject<String>()
        let recorder = Recorder(query.skip(while: { $0.isEmpty }))
        query.send("")
        query.send("")
        query.send("c")
        query.send("")
        query.send("ca")
        query.finish()
        #expect(recorder.events == [.value("c"), .value(""), .value("ca"), .finished])
    }

    @Test func thePredicateIsNotAskedAfterItFailedOnce() {
        let numbers = Subject<Int>()
        var asked: [Int] = []
        let recorder = Recorder(numbers.skip(while: { asked.append($0); return $0 < 3 }))
        for number in [1, 2, 3, 1, 4] { numbers.send(number) }
        #expect(asked == [1, 2, 3])
        #expect(recorder.values == [3, 1, 4])
    }

    @Test func eachBindingStartsSkippingAfresh() {
        let numbers = Observable.sequence([0, 0, 1, 0])
        let skipped = numbers.skip(while: { $0 == 0 })
        #expect(Recorder(skipped).events == [.value(1), .value(0), .finished])
        #expect(Recorder(skipped).events == [.value(1), .value(0), .finished])
    }
}

@Suite(.deadlockWatchdog) struct ScanIntoTests {
    @Test func updatesTheAccumulationInPlaceAndDeliversEachStep() {
        let ids = Subject<Int>()
        let recorder = Recorder(ids.scan(into: [Int]()) { seen, id in
            if !seen.contains(id) { seen.append(id) }
        })
        ids.send(3)
        ids.send(1)
        ids.send(3)
        ids.finish()
        #expect(recorder.events == [.value([3]), .value([3, 1]), .value([3, 1]), .finished])
    }

    @Test func eachBindingStartsFromTheInitialResult() {
        let counted = Observable.sequence(["a", "b"]).scan(into: 0) { count, _ in count += 1 }
        #expect(Recorder(counted).values == [1, 2])
        #expect(Recorder(counted).values == [1, 2])
    }
}

@Suite(.deadlockWatchdog) struct PrependStreamTests {
    @Test func deliversTheOtherStreamFirstThenThisOne() {
        let cached = Subject<String>()
        let fresh = Subject<String>()
        let recorder = Recorder(fresh.prepend(cached))
        fresh.send("dropped: bound only after cached finishes")
        cached.send("c1")
        cached.send("c2")
        #expect(fresh.bindingCount == 0)
        cached.finish()
        fresh.send("f1")
        fresh.finish()
        #expect(recorder.events == [.value("c1"), .value("c2"), .value("f1"), .finished])
    }

    @Test func prependingAPropertyKeepsItsLatestValue() {
        let placeholder = Observable.just("placeholder")
        let title = Property("loaded")
        let recorder = Recorder(title.prepend(placeholder))
        title.value = "renamed"
        #expect(recorder.values == ["placeholder", "loaded", "renamed"])
    }

    @Test func cancellingBeforeTheOtherStreamFinishesNeverBindsThisOne() {
        let first = Subject<Int>()
        let second = Subject<Int>()
        let recorder = Recorder(second.prepend(first))
        recorder.cancel()
        first.finish()
        #expect(first.bindingCount == 0)
        #expect(second.bindingCount == 0)
        #expect(recorder.events == [])
    }
}

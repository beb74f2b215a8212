import Signals
import SignalsTesting
import Testing

@Suite("Hot inputs and recorded marbles")
struct MarbleRecordingTests {
    let scheduler = TestScheduler()

    @Test func hotInputSendsEachValueOnItsTick() throws {
        let input = try scheduler.hotObservable("a-b-c---|")
        let recorder = Recorder(input, scheduler: scheduler)
        scheduler.run()
        #expect(recorder.entries.map(\.time) == [.zero, .milliseconds(200), .milliseconds(400), .milliseconds(800)])
        #expect(recorder.events == [.value("a"), .value("b"), .value("c"), .finished])
        #expect(recorder.marbles() == "a-b-c---|")
    }

    @Test func defaultTickIsOneHundredMillisecondsAndConfigurable() throws {
        #expect(TestScheduler.defaultTick == .milliseconds(100))
        #expect(scheduler.ticks(3) == .milliseconds(300))
        let fast = TestScheduler(tick: .milliseconds(10))
        let recorder = Recorder(try fast.hotObservable("-a|"), scheduler: fast)
        fast.run()
        #expect(recorder.entries.map(\.time) == [.milliseconds(10), .milliseconds(20)])
        #expect(recorder.marbles() == "-a|")
    }

    @Test func eventsOnOneTickRenderAsAGroupInTheOrderTheyHappened() throws {
        let first = try scheduler.hotObservable("a-c-|")
        let second = try scheduler.hotObservable("b-d-|")
        let recorder = Recorder(first.merge(with: second), scheduler: scheduler)
        scheduler.run()
        // Equal-time work runs in the order it was scheduled: `first` was created first.
        #expect(recorder.marbles() == "[ab]-[cd]-|")
    }

    @Test func groupInAHotInputSendsItsValuesInOrder() throws {
        let recorder = Recorder(try scheduler.hotObservable("[ab]-[c|]"), scheduler: scheduler)
        scheduler.run()
        #expect(recorder.events == [.value("a"), .value("b"), .value("c"), .finished])
        #expect(recorder.marbles() == "[ab]-[c|]")
    }

    @Test func debounceDeliversTheLastValueAfterTheQuietPeriod() throws {
        let input = try scheduler.hotObservable("a-b-c---|")
        let recorder = Recorder(input.debounce(for: scheduler.ticks(2), scheduler: scheduler), scheduler: scheduler)
        scheduler.run()
        expectMarbles(recorder, "------c-|")
    }

    @Test func debounceDeliversAPendingValueOnTheFinishTick() throws {
        let input = try scheduler.hotObservable("a-b-c---|")
        let recorder = Recorder(input.debounce(for: scheduler.ticks(5), scheduler: scheduler), scheduler: scheduler)
        scheduler.run()
        expectMarbles(recorder, "--------[c|]")
    }

    @Test func finishAloneRendersAsABar() throws {
        let recorder = Recorder(try scheduler.hotObservable("a--|").filter { _ in false }, scheduler: scheduler)
        scheduler.run()
        #expect(recorder.marbles() == "---|")
    }

    @Test func multiCharacterValuesAreQuoted() throws {
        let input = try scheduler.hotObservable("'cat'--'dog'|")
        let recorder = Recorder(input.map { $0.uppercased() }, scheduler: scheduler)
        scheduler.run()
        #expect(recorder.values == ["CAT", "DOG"])
        expectMarbles(recorder, "'CAT'--'DOG'|")
        expectMarbles(recorder, "'CAT' - - 'DOG' |")
    }

    @Test func valuesDictionaryMapsSymbolsBothWays() throws {
        let input = try scheduler.hotObservable("1-2|", values: ["1": 1, "2": 2])
        let recorder = Recorder(input.map { $0 * 10 }, scheduler: scheduler)
        scheduler.run()
        #expect(recorder.marbles(values: ["x": 10, "y": 20]) == "x-y|")
        #expect(recorder.marbles(values: ["x": 10]) == "x-'20'|")
        expectMarbles(recorder, "x-y|", values: ["x": 10, "y": 20])
        expectMarbles(recorder, "'10'-'20'|")
    }

    @Test func unknownSymbolIsAnErrorWithItsColumn() {
        #expect(throws: MarbleDiagramError(reason: .unknownSymbol("z"), diagram: "1-z", column: 3)) {
            try scheduler.hotObservable("1-z", values: ["1": 1])
        }
        #expect(scheduler.pendingCount == 0)
    }

    @Test func sendDrivesAViewModelInputSubject() throws {
        let refresh = Subject<Void>()
        let recorder = Recorder(refresh.asObservable(), scheduler: scheduler)
        try scheduler.send("x--x|", values: ["x": ()], to: refresh)
        scheduler.run()
        #expect(recorder.marbles { "x" } == "x--x|")
    }

    @Test func ticksCountFromWhenTheInputAndRecorderWereCreated() throws {
        scheduler.advance(by: .seconds(5))
        let recorder = Recorder(try scheduler.hotObservable("-a"), scheduler: scheduler)
        scheduler.run()
        #expect(recorder.startTime == .seconds(5))
        #expect(recorder.marbles() == "-a")
    }

    @Test func eventBetweenTicksBelongsToTheEarlierTick() throws {
        let input = try scheduler.hotObservable("a")
        let recorder = Recorder(input.delay(for: .milliseconds(250), scheduler: scheduler), scheduler: scheduler)
        scheduler.run()
        #expect(recorder.marbles() == "--a")
    }

    @Test func emptyRecordingRendersAsEmptyString() {
        let recorder = Recorder(Observable<Int>.never, scheduler: scheduler)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.marbles() == "")
        expectMarbles(recorder, "")
        expectMarbles(recorder, "-----")
    }

    @Test func propertyReplaysOnTickZero() {
        let property = Property("a")
        let recorder = Recorder(property.asObservable(), scheduler: scheduler)
        scheduler.schedule(after: scheduler.ticks(2)) { property.value = "b" }
        scheduler.run()
        expectMarbles(recorder, "a-b")
    }
}

import Signals
import SignalsTesting
import Testing

/// Cold marble sources (RxTest's `createColdObservable`) and RxTest's multi-character values.
@Suite("Cold marble sources and multi-character values")
struct ColdMarbleTests {
    let scheduler = TestScheduler()

    @Test func aColdMarbleSourceStartsItsTimelineWhenBoundForEachBinding() throws {
        let response = try scheduler.coldObservable("-a-b|")
        scheduler.advance(by: scheduler.ticks(3))
        let first = Recorder(response, scheduler: scheduler)
        scheduler.advance(by: scheduler.ticks(1))
        let second = Recorder(response, scheduler: scheduler)
        scheduler.run()

        expectMarbles(first, "-a-b|")
        expectMarbles(second, "-a-b|")
        #expect(first.entries.map(\.time) == [.milliseconds(400), .milliseconds(600), .milliseconds(700)])
        #expect(second.entries.map(\.time) == [.milliseconds(500), .milliseconds(700), .milliseconds(800)])
    }

    @Test func eachRequestGetsItsOwnColdResponseTimeline() throws {
        let query = try scheduler.hotObservable("a--b")
        let response = try scheduler.coldObservable("--r|", values: ["r": 1])
        let results = Recorder(query.flatMapLatest { _ in response }, scheduler: scheduler)
        scheduler.run()

        expectMarbles(results, "--1--1")
    }

    @Test func cancellingAColdBindingDropsTheEventsItHasNotReceived() throws {
        let response = try scheduler.coldObservable("-a-b|")
        let recorder = Recorder(response, scheduler: scheduler)
        scheduler.advance(by: scheduler.ticks(2))
        recorder.cancel()
        #expect(scheduler.pendingCount == 0)
        scheduler.run()

        #expect(recorder.values == ["a"])
        #expect(scheduler.now == .milliseconds(200))
    }

    @Test func aBadColdDiagramThrowsBeforeAnythingIsBound() {
        #expect(throws: MarbleDiagramError(reason: .unknownSymbol("b"), diagram: "a-b", column: 3)) {
            try scheduler.coldObservable("a-b", values: ["a": 1])
        }
    }

    @Test func multiCharacterValuesCopiedFromRxTestKeepTheirColumnTimes() throws {
        let values = ["e": 0, "u1": 1, "u2": 2]
        let input = try scheduler.hotObservable("e---u1----u2|", values: values, notation: .multiCharacterValues)
        let cold = try scheduler.coldObservable("e---u1----u2|", values: values, notation: .multiCharacterValues)
        let hot = Recorder(input, scheduler: scheduler)
        let played = Recorder(cold, scheduler: scheduler)
        scheduler.run()

        #expect(hot.entries.map(\.time) == [.zero, .milliseconds(400), .milliseconds(1_000), .milliseconds(1_200)])
        #expect(hot.values == [0, 1, 2])
        expectMarbles(hot, "e---u1----u2|", values: values, notation: .multiCharacterValues)
        expectMarbles(played, "e---u1----u2|", values: values, notation: .multiCharacterValues)
        // The same recording in the default notation: a multi-character value is quoted, one tick.
        expectMarbles(hot, "e---'u1'-----'u2'-|", values: values)
    }

    @Test func aMultiCharacterExpectationThatDiffersFailsAtTheValuesColumn() throws {
        let input = try scheduler.hotObservable("e---u1---u2", notation: .multiCharacterValues)
        let recorder = Recorder(input, scheduler: scheduler)
        scheduler.run()

        let message = recorder.marbleMismatch("e---u1----u2", notation: .multiCharacterValues)
        #expect(message?.hasPrefix("Marble diagrams differ at tick 9 (0.9 seconds):") == true)
        #expect(recorder.marbleMismatch("e---u1---u2", notation: .multiCharacterValues) == nil)
    }

    @Test func sendingAMultiCharacterDiagramIntoAnInputSubject() throws {
        let subject = Subject<String>()
        let recorder = Recorder(subject, scheduler: scheduler)
        try scheduler.send("ab-[cd|]", notation: .multiCharacterValues, to: subject)
        scheduler.run()

        #expect(recorder.entries.map(\.time) == [.zero, .milliseconds(300), .milliseconds(300)])
        #expect(recorder.values == ["ab", "cd"])
        #expect(recorder.isFinished)
    }
}

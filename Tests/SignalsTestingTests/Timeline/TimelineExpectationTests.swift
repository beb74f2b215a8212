import Signals
import SignalsTesting
import Testing

/// How a `Timeline` compares what a test states with what was emitted: `Equatable` values as
/// values, everything else (and text) by rendering.
@Suite("Timeline expectations")
struct TimelineExpectationTests {
    /// Two values that render alike but are not equal.
    struct Version: Equatable, CustomStringConvertible {
        var number: Int
        var build: Int
        var description: String { "v\(number)" }
    }

    /// A value with no `Equatable` conformance.
    struct Opaque: CustomStringConvertible {
        var description: String { "opaque" }
    }

    @Test func equatableValuesAreComparedAsValuesNotByTheirText() {
        let versions = Subject<Version>()
        let timeline = Timeline()
        timeline.record("version", versions.asObservable())
        versions.send(Version(number: 2, build: 7))

        #expect(timeline.mismatch { ("version", Version(number: 2, build: 7)) } == nil)
        #expect(timeline.mismatch { ("version", Version(number: 2, build: 8)) } != nil)
        timeline.skipPendingEmissions()
    }

    @Test func textStillMatchesWhenTheStatedValueIsItsRendering() {
        let counts = Subject<Int>()
        let timeline = Timeline()
        timeline.record("count", counts.asObservable())
        counts.send(3)

        #expect(timeline.mismatch { ("count", "3") } == nil)
        #expect(timeline.mismatch { ("count", 3) } == nil)
        #expect(timeline.mismatch { ("count", 4) } != nil)
        timeline.skipPendingEmissions()
    }

    @Test func nonEquatableValuesAreComparedByTheirRendering() {
        let values = Subject<Opaque>()
        let timeline = Timeline()
        timeline.record("value", values.asObservable())
        values.send(Opaque())

        #expect(timeline.mismatch { ("value", "opaque") } == nil)
        #expect(timeline.mismatch { ("value", Opaque()) } == nil)
        timeline.skipPendingEmissions()
    }

    @Test func optionalOutputsNeedNoCastAndNilIsWrittenAsNil() {
        let selection = Subject<String?>()
        let timeline = Timeline()
        timeline.record("selection", selection.asObservable())
        selection.send("cat")
        selection.send(nil)

        timeline.expect {
            ("selection", "cat")
            ("selection", nil)
        }
        #expect(timeline.entries.map(\.description) == [
            "selection: cat @ 0.0 seconds",
            "selection: nil @ 0.0 seconds",
        ])
    }

    @Test func nilDoesNotMatchAValueNorAValueNil() {
        let selection = Subject<Int?>()
        let timeline = Timeline()
        timeline.record("selection", selection.asObservable())
        selection.send(1)

        #expect(timeline.mismatch { ("selection", nil) } != nil)
        #expect(timeline.mismatch { ("selection", 1) } == nil)
        timeline.skipPendingEmissions()
    }

    @Test func voidOutputsCompare() {
        let taps = Subject<Void>()
        let timeline = Timeline()
        timeline.record("tapped", taps.asObservable())
        taps.fire()
        taps.finish()

        timeline.expect {
            ("tapped", ())
            ("tapped", .finished)
        }
    }

    @Test func voidRecorderHistoriesCompare() {
        let taps = Subject<Void>()
        let recorder = Recorder(taps.asObservable())
        taps.fire()
        taps.fire()
        taps.finish()

        #expect(recorder.events == [.value(()), .value(()), .finished])
        #expect(recorder.events != [.value(()), .finished])
    }
}

@Suite("Timeline diffs")
struct TimelineDiffTests {
    @Test func anOrderingDifferenceIsShownAsAMove() {
        let subject = Subject<String>()
        let timeline = Timeline()
        timeline.record("step", subject.asObservable())
        subject.send("a")
        subject.send("c")
        subject.send("b")

        #expect(timeline.mismatch {
            ("step", "a")
            ("step", "b")
            ("step", "c")
        } == """
            Timeline does not match (1 emission out of order); - expected but not emitted, \
            + emitted but not expected, ~ emitted in another position:
                step: a @ 0.0 seconds
              ~ step: c @ 0.0 seconds   (expected as emission 3, emitted as 2)
                step: b @ 0.0 seconds
            """)
        timeline.skipPendingEmissions()
    }

    @Test func aWrongValueIsStillOneMissingAndOneUnexpected() {
        let subject = Subject<Int>()
        let timeline = Timeline()
        timeline.record("count", subject.asObservable())
        subject.send(1)

        #expect(timeline.mismatch { ("count", 2) } == """
            Timeline does not match (1 unexpected emission, 1 expected emission missing); \
            - expected but not emitted, + emitted but not expected:
              + count: 1 @ 0.0 seconds
              - count: 2
            """)
        timeline.skipPendingEmissions()
    }
}

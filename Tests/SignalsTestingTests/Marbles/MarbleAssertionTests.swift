import Signals
import SignalsTesting
import Testing

@Suite("Marble assertions")
struct MarbleAssertionTests {
    let scheduler = TestScheduler()

    /// A recorder of `diagram` played through `debounce(2 ticks)`.
    func debounced(_ diagram: String) throws -> Recorder<String> {
        let input = try scheduler.hotObservable(diagram)
        let recorder = Recorder(input.debounce(for: scheduler.ticks(2), scheduler: scheduler), scheduler: scheduler)
        scheduler.run()
        return recorder
    }

    @Test func matchingDiagramRecordsNoIssue() throws {
        let recorder = try debounced("a-b-c---|")
        expectMarbles(recorder, "------c-|")
        expectMarbles(recorder, "------c-|---")
        expectMarbles(recorder, "- - - - - - c - |")
        #expect(recorder.marbleMismatch("------c-|") == nil)
    }

    @Test func diagramThatShouldFailDoesFailAtTheCallersLine() throws {
        let recorder = try debounced("a-b-c---|")
        let line = #line + 2
        withKnownIssue {
            expectMarbles(recorder, "----c-|")
        } matching: { issue in
            let text = String(describing: issue)
            return issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID.hasSuffix("MarbleAssertionTests.swift") == true
                && text.contains("expected: ----c-|")
                && text.contains("actual:   ------c-|")
        }
    }

    @Test func failureMessageAlignsBothDiagramsAndMarksTheFirstDifferingTick() throws {
        let recorder = try debounced("a-b-c---|")
        #expect(recorder.marbleMismatch("----c-|") == """
            Marble diagrams differ at tick 4 (0.4 seconds):
              expected: ----c-|
              actual:   ------c-|
                            ^
            """)
    }

    @Test func valuesOfDifferentWidthsArePaddedSoTicksStayAligned() {
        let actual = MarbleDiagram(ticks: [[.value("a")], [], [.value("b")], [.finished]])
        #expect(MarbleDiagram.mismatch(expected: "a-'cat'|", actual: actual) == """
            Marble diagrams differ at tick 2:
              expected: a-'cat'|
              actual:   a-b    |
                          ^
            """)
    }

    @Test func extraEventsAfterTheExpectedEndAreReported() {
        let actual = MarbleDiagram(ticks: [[.value("a")], [], [.value("b")]])
        #expect(MarbleDiagram.mismatch(expected: "a", actual: actual) == """
            Marble diagrams differ at tick 2:
              expected: a
              actual:   a-b
                          ^
            """)
    }

    @Test func sameTickOrderMatters() {
        let actual = MarbleDiagram(ticks: [[.value("b"), .value("a")]])
        #expect(MarbleDiagram.mismatch(expected: "[ab]", actual: actual)?.contains("differ at tick 0") == true)
        #expect(MarbleDiagram.mismatch(expected: "[ba]", actual: actual) == nil)
    }

    @Test func missingFinishIsADifference() {
        let actual = MarbleDiagram(ticks: [[.value("a")], [.value("b")]])
        #expect(MarbleDiagram.mismatch(expected: "a[b|]", actual: actual) == """
            Marble diagrams differ at tick 1:
              expected: a[b|]
              actual:   ab
                         ^
            """)
    }

    @Test func invalidExpectedDiagramFailsWithTheParseError() throws {
        let recorder = try debounced("a|")
        withKnownIssue {
            expectMarbles(recorder, "a-[b")
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("not valid marble notation")
                && text.contains("'[' at column 3 opens a group that is never closed")
        }
    }

    @Test func customSymbolsRenderNonStringValues() throws {
        let flags = try scheduler.hotObservable("t-f", values: ["t": true, "f": false])
        let recorder = Recorder(flags, scheduler: scheduler)
        scheduler.run()
        #expect(recorder.marbles() == "'true'-'false'")
        expectMarbles(recorder, "t-f") { $0 ? "t" : "f" }
        expectMarbles(recorder, "t-f", values: ["t": true, "f": false])
        withKnownIssue {
            expectMarbles(recorder, "f-t", values: ["t": true, "f": false])
        }
    }
}

@Suite("Failure reporting")
struct FailureReportingTests {
    @Test func ownHelpersReportAtTheirCallersLine() {
        let line = #line + 2
        withKnownIssue {
            recordTestFailure("from a helper")
        } matching: { issue in
            issue.sourceLocation?.line == line && String(describing: issue).contains("from a helper")
        }
    }

    @Test func sourceLocationIsUsedAsGiven() {
        let location = SourceLocation(fileID: "App/Helpers.swift", filePath: "/src/App/Helpers.swift", line: 7, column: 3)
        withKnownIssue {
            recordTestFailure("custom", sourceLocation: location)
        } matching: { issue in
            issue.sourceLocation == location
        }
    }
}

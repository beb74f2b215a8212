import Signals
import SignalsTesting
import Testing

@Suite("Marble diagram parsing")
struct MarbleDiagramTests {
    @Test func everySymbolButSpaceTakesOneTick() throws {
        let diagram = try MarbleDiagram(parsing: "a-b-c---|")
        #expect(diagram.ticks == [
            [.value("a")], [], [.value("b")], [], [.value("c")], [], [], [], [.finished],
        ])
    }

    @Test func spacesAreIgnoredSoDiagramsCanBeAligned() throws {
        #expect(try MarbleDiagram(parsing: "a -  - b|") == MarbleDiagram(parsing: "a--b|"))
    }

    @Test func quotedWordIsOneValueOnOneTick() throws {
        let diagram = try MarbleDiagram(parsing: "'cat'-'a b'")
        #expect(diagram.ticks == [[.value("cat")], [], [.value("a b")]])
    }

    @Test func groupPutsSeveralEventsOnOneTickInOrder() throws {
        let diagram = try MarbleDiagram(parsing: "[ab]-['cd'|]")
        #expect(diagram.ticks == [[.value("a"), .value("b")], [], [.value("cd"), .finished]])
    }

    @Test func canonicalFormQuotesSymbolsAndLongValues() throws {
        let diagram = MarbleDiagram(ticks: [
            [.value("a")], [], [.value("cat")], [.value("-")], [.value("")], [.value("x"), .finished],
        ])
        #expect(diagram.description == "a-'cat''-'''[x|]")
        #expect(try MarbleDiagram(parsing: diagram.description) == diagram)
    }

    @Test func trailingStepsAfterFinishAreAllowedAndTrimmed() throws {
        let diagram = try MarbleDiagram(parsing: "a|--")
        #expect(diagram.trimmed.description == "a|")
    }

    @Test func unbalancedBracketNamesTheColumnOfTheOpeningBracket() {
        #expect {
            try MarbleDiagram(parsing: "a-[bc|")
        } throws: { error in
            guard let error = error as? MarbleDiagramError else { return false }
            return error.reason == .unbalancedGroup && error.column == 3
                && error.description == """
                    Invalid marble diagram: '[' at column 3 opens a group that is never closed with ']'.
                      a-[bc|
                        ^
                    """
        }
    }

    @Test func unterminatedQuoteNamesTheColumnOfTheQuote() {
        #expect {
            try MarbleDiagram(parsing: "a-'bc")
        } throws: { error in
            guard let error = error as? MarbleDiagramError else { return false }
            return error.reason == .unterminatedValue && error.column == 3
                && error.description.contains("never closed with another quote")
                && error.description.hasSuffix("a-'bc\n    ^")
        }
    }

    @Test(arguments: [
        ("a]", MarbleDiagramError.Reason.unopenedGroup, 2),
        ("[a[b]]", .nestedGroup(openedAt: 1), 3),
        ("a[]", .emptyGroup, 2),
        ("[a-b]", .stepInsideGroup(openedAt: 1), 3),
        ("a|b", .eventAfterFinish, 3),
        ("[|a]", .eventAfterFinish, 3),
    ])
    func malformedDiagramsAreRejectedWithTheirColumn(
        text: String, reason: MarbleDiagramError.Reason, column: Int
    ) {
        #expect(throws: MarbleDiagramError(reason: reason, diagram: text, column: column)) {
            try MarbleDiagram(parsing: text)
        }
    }

    @Test func parseErrorsExplainThemselvesInASentence() {
        let texts: [String] = ["a]", "[a[b]]", "a[]", "[a-b]", "a|b"]
        let messages = texts.map { (text: String) -> String in
            do {
                _ = try MarbleDiagram(parsing: text)
                return ""
            } catch {
                return String(describing: error)
            }
        }
        #expect(messages[0].contains("closes a group that was never opened"))
        #expect(messages[1].contains("groups do not nest"))
        #expect(messages[2].contains("is empty"))
        #expect(messages[3].contains("inside the group opened at column 1"))
        #expect(messages[4].contains("nothing can follow a finish"))
    }
}

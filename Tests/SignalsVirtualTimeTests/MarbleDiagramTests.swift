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

    @Test func multiCharacterValuesKeepTheirColumnWidthAsInRxTest() throws {
        let diagram = try MarbleDiagram(parsing: "e---u1----u2|", notation: .multiCharacterValues)
        #expect(diagram.events.map(\.tick) == [0, 4, 10, 12])
        #expect(diagram.events.map(\.event) == [.value("e"), .value("u1"), .value("u2"), .finished])
    }

    @Test func theDefaultNotationStillReadsEachCharacterAsOneValue() throws {
        let diagram = try MarbleDiagram(parsing: "e---u1----u2")
        #expect(diagram.events.map(\.tick) == [0, 4, 5, 10, 11])
        #expect(diagram.events.map(\.event) == ["e", "u", "1", "u", "2"].map { .value($0) })
    }

    @Test func quotedValuesAndGroupsSpanTheirWidthInTheMultiCharacterNotation() throws {
        let diagram = try MarbleDiagram(parsing: "'a-b'-[xy|]", notation: .multiCharacterValues)
        #expect(diagram.ticks == [
            [.value("a-b")], [], [], [], [], [], [.value("xy"), .finished], [], [], [], [],
        ])
        // Spaces take no tick in either notation.
        #expect(try MarbleDiagram(parsing: "ab - cd", notation: .multiCharacterValues)
            == MarbleDiagram(parsing: "ab-cd", notation: .multiCharacterValues))
    }

    @Test func mistakesInTheMultiCharacterNotationNameTheirColumn() {
        #expect(throws: MarbleDiagramError(reason: .eventAfterFinish, diagram: "ab|cd", column: 4)) {
            try MarbleDiagram(parsing: "ab|cd", notation: .multiCharacterValues)
        }
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

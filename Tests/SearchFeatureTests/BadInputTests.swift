import SignalsPhotoDomain
import SignalsPhotoSearch
import SignalsTesting
import Testing

/// Each kind of bad input has a defined outcome: a validation message and no request, or a
/// defined normalized query that is searched. None crashes.
@Suite struct BadInputTests {
    enum Outcome: Hashable, Sendable, CustomStringConvertible {
        case message(String)
        case searches(String)

        var description: String {
            switch self {
            case .message(let message): "message \(message)"
            case .searches(let query): "searches \(query)"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let outcome: Outcome
        var testDescription: String { name }
    }

    static let empty = Outcome.message("Type something to search for.")
    static let tooLong = Outcome.message("Searches can be at most 200 characters long.")

    static let cases: [Case] = [
        Case(name: "empty", text: "", outcome: empty),
        Case(name: "spaces", text: "     ", outcome: empty),
        Case(name: "tabs and newlines", text: "\t\n \r\n", outcome: empty),
        Case(name: "Unicode white space", text: "\u{00A0}\u{2003}\u{3000}", outcome: empty),
        Case(name: "only control characters", text: "\u{0}\u{7}\u{1B}\u{7F}", outcome: empty),
        Case(name: "10,000 letters", text: String(repeating: "a", count: 10_000), outcome: tooLong),
        Case(name: "10,000 spaces", text: String(repeating: " ", count: 10_000), outcome: empty),
        Case(name: "exactly 200 letters", text: String(repeating: "b", count: 200), outcome: .searches(String(repeating: "b", count: 200))),
        Case(name: "201 letters", text: String(repeating: "b", count: 201), outcome: tooLong),
        Case(name: "200 letters padded by spaces", text: "  " + String(repeating: "c", count: 200) + "\n", outcome: .searches(String(repeating: "c", count: 200))),
        Case(name: "200 emoji of many scalars each", text: String(repeating: "👩‍👩‍👧‍👦", count: 200), outcome: .searches(String(repeating: "👩‍👩‍👧‍👦", count: 200))),
        Case(name: "emoji", text: " 🐈‍⬛ 🌅 ", outcome: .searches("🐈‍⬛ 🌅")),
        Case(name: "Arabic, right to left", text: "قطط سوداء", outcome: .searches("قطط سوداء")),
        Case(name: "Hebrew with a direction mark", text: "\u{200F}חתולים", outcome: .searches("\u{200F}חתולים")),
        Case(name: "combining marks", text: "cafe\u{301}", outcome: .searches("cafe\u{301}")),
        Case(name: "control characters inside", text: "ca\u{7}t\u{0}s", outcome: .searches("cats")),
        Case(name: "whitespace inside", text: "cats\n\n\tdogs", outcome: .searches("cats dogs")),
        Case(name: "a lone combining mark", text: "\u{301}", outcome: .searches("\u{301}")),
        Case(name: "only zero-width spaces", text: "\u{200B}\u{200B}", outcome: empty),
        Case(name: "only direction marks", text: "\u{200E}\u{200F}\u{202E}", outcome: empty),
        Case(name: "only a byte order mark", text: "\u{FEFF}", outcome: empty),
        Case(name: "invisible characters between spaces", text: " \u{200B} \u{FEFF}\u{2060} \u{200D} ", outcome: empty),
        Case(name: "a letter stacked with 10,000 combining marks", text: "e" + String(repeating: "\u{301}", count: 10_000), outcome: tooLong),
        Case(name: "a zero-width space inside a word", text: "ca\u{200B}ts", outcome: .searches("ca\u{200B}ts")),
    ]

    @Test(arguments: cases)
    func submittingBadInputHasItsDefinedOutcome(_ testCase: Case) {
        let harness = SearchHarness()
        harness.timeline.expect { SearchHarness.initialState() }
        harness.submit(testCase.text)
        switch testCase.outcome {
        case .message(let message):
            #expect(harness.requests.requests.isEmpty)
            harness.timeline.expect { ("validationMessage", message) }
        case .searches(let query):
            #expect(harness.requests.requests == [harness.request(query)])
            harness.timeline.expect {
                ("query", query)
                ("isLoading", true)
            }
        }
        harness.timeline.finish()
    }

    @Test(arguments: cases)
    func searchQueryValidationMatchesTheViewModel(_ testCase: Case) {
        let outcome: Outcome
        do {
            outcome = .searches(try SearchQuery(validating: testCase.text).text)
        } catch {
            outcome = .message(error.message)
        }
        #expect(outcome == testCase.outcome)
    }

    @Test func theLimitCountsCharactersNotScalarsOrBytes() throws {
        let flag = "🇳🇴"   // two scalars, eight bytes, one character
        #expect(throws: Never.self) { try SearchQuery(validating: String(repeating: flag, count: 3), maximumLength: 3) }
        #expect(throws: SearchQuery.ValidationError.tooLong(limit: 3)) {
            try SearchQuery(validating: String(repeating: flag, count: 4), maximumLength: 3)
        }
    }

    @Test func theScalarCapBoundsTheRequestButFitsEveryRealCharacter() throws {
        // 200 characters of 8 scalars each fit; one scalar more does not.
        let eight = "e" + String(repeating: "\u{301}", count: 7)
        let query = try SearchQuery(validating: String(repeating: eight, count: 200))
        #expect(query.text.unicodeScalars.count == 1_600)
        #expect(throws: SearchQuery.ValidationError.tooLong(limit: 200)) {
            try SearchQuery(validating: String(repeating: eight, count: 200) + "\u{301}")
        }
        #expect(throws: SearchQuery.ValidationError.tooLong(limit: 2)) {
            try SearchQuery(validating: "a" + String(repeating: "\u{301}", count: 16), maximumLength: 2)
        }
        #expect(throws: Never.self) { try SearchQuery(validating: "x", maximumLength: .max) }
    }
}

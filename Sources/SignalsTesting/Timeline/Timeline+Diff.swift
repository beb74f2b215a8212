import Signals

extension Timeline {
    /// What an assertion found: the failure message, if any, and how far it checked.
    struct Outcome {
        var message: String?
        var checkedCount: Int
    }

    /// The unchecked, not-ignored entries, with their indices in `entries`.
    static func pending(in entries: [Entry], state: State) -> [(index: Int, entry: Entry)] {
        entries.indices[min(state.checkedCount, entries.count)...].compactMap { index in
            let entry = entries[index]
            return state.ignored.contains(entry.name) ? nil : (index, entry)
        }
    }

    static func compare(_ expected: [Expectation], with entries: [Entry], state: State) -> Outcome {
        let pending = pending(in: entries, state: state)
        switch state.exhaustivity {
        case .exhaustive:
            let actual = pending.map(\.entry)
            let matches = actual.count == expected.count
                && zip(expected, actual).allSatisfy { $0.matches($1) }
            return Outcome(
                message: matches ? nil : exhaustiveDiff(expected: expected, actual: actual),
                checkedCount: entries.count
            )
        case .partial:
            var position = 0
            var lastMatch: Int?
            var missing: [Expectation] = []
            for expectation in expected {
                if let found = pending[position...].firstIndex(where: { expectation.matches($0.entry) }) {
                    lastMatch = pending[found].index
                    position = found + 1
                } else {
                    missing.append(expectation)
                }
            }
            let checkedCount = lastMatch.map { $0 + 1 } ?? state.checkedCount
            guard !missing.isEmpty else { return Outcome(message: nil, checkedCount: checkedCount) }
            let message = "Timeline is missing \(count(missing.count, "expected emission")) "
                + "(partial: the stated emissions must occur in this order):\n"
                + missing.map { "  - \($0)" }.joined(separator: "\n")
                + "\nEmitted since the last assertion:\n"
                + (pending.isEmpty ? "  (nothing)" : pending.map { "    \($0.entry)" }.joined(separator: "\n"))
            return Outcome(message: message, checkedCount: checkedCount)
        }
    }

    /// One line of a diff.
    private enum DiffLine {
        case same(Entry)
        case unexpected(Entry, actualIndex: Int)
        case missing(Expectation, expectedIndex: Int)
        case moved(Entry, expectedIndex: Int, actualIndex: Int)
    }

    /// A line diff of expected and actual, aligned on their longest common subsequence; an
    /// emission that is both missing and unexpected (stated elsewhere) is shown once, as moved.
    static func exhaustiveDiff(expected: [Expectation], actual: [Entry]) -> String {
        var lines = alignedLines(expected: expected, actual: actual)
        pairMoves(in: &lines)
        var unexpected = 0
        var missing = 0
        var moved = 0
        let text = lines.map { line -> String in
            switch line {
            case .same(let entry):
                return "    \(entry)"
            case .unexpected(let entry, _):
                unexpected += 1
                return "  + \(entry)"
            case .missing(let expectation, _):
                missing += 1
                return "  - \(expectation)"
            case .moved(let entry, let expectedIndex, let actualIndex):
                moved += 1
                return "  ~ \(entry)   (expected as emission \(expectedIndex + 1), emitted as \(actualIndex + 1))"
            }
        }
        var summary: [String] = []
        if unexpected > 0 { summary.append("\(count(unexpected, "unexpected emission"))") }
        if missing > 0 { summary.append("\(count(missing, "expected emission")) missing") }
        if moved > 0 { summary.append("\(count(moved, "emission")) out of order") }
        var legend = "- expected but not emitted, + emitted but not expected"
        if moved > 0 { legend += ", ~ emitted in another position" }
        return "Timeline does not match (\(summary.joined(separator: ", "))); \(legend):\n"
            + text.joined(separator: "\n")
    }

    /// The longest-common-subsequence alignment, as same / unexpected / missing lines.
    private static func alignedLines(expected: [Expectation], actual: [Entry]) -> [DiffLine] {
        let n = expected.count
        let m = actual.count
        // lengths[i][j]: longest common subsequence of expected[i...] and actual[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = expected[i].matches(actual[j])
                    ? lengths[i + 1][j + 1] + 1
                    : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [DiffLine] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i].matches(actual[j]) {
                lines.append(.same(actual[j]))
                i += 1
                j += 1
            } else if j < m, i == n || lengths[i][j + 1] >= lengths[i + 1][j] {
                lines.append(.unexpected(actual[j], actualIndex: j))
                j += 1
            } else {
                lines.append(.missing(expected[i], expectedIndex: i))
                i += 1
            }
        }
        return lines
    }

    /// Turns each unexpected emission that a missing expectation states into one `moved` line,
    /// at the position where it was emitted.
    private static func pairMoves(in lines: inout [DiffLine]) {
        var removed = Set<Int>()
        for position in lines.indices {
            guard case .unexpected(let entry, let actualIndex) = lines[position] else { continue }
            let partner = lines.indices.first { other in
                guard !removed.contains(other), case .missing(let expectation, _) = lines[other] else { return false }
                return expectation.matches(entry)
            }
            guard let partner, case .missing(_, let expectedIndex) = lines[partner] else { continue }
            removed.insert(partner)
            lines[position] = .moved(entry, expectedIndex: expectedIndex, actualIndex: actualIndex)
        }
        lines = lines.indices.filter { !removed.contains($0) }.map { lines[$0] }
    }

    /// `value` for a value, `finished` for the finish.
    static func render(_ event: Event<String>) -> String {
        EmissionLog.render(event)
    }

    /// "1 emission", "2 emissions".
    static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}

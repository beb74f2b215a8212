import Signals

extension MarbleDiagram {
    /// Compares `actual` with the diagram written in `expected`; returns nil when they match,
    /// otherwise the failure message: both diagrams aligned one above the other, the first
    /// differing tick marked with `^`.
    ///
    /// Trailing `-` and spaces are ignored on both sides. `tick`, when given, adds the time of
    /// the differing tick to the message; `notation` says how `expected` writes its values.
    ///
    /// ```text
    /// Marble diagrams differ at tick 4 (0.4 seconds):
    ///   expected: ----c-|
    ///   actual:   ------c-|
    ///                 ^
    /// ```
    public static func mismatch(
        expected: String,
        actual: MarbleDiagram,
        tick: Duration? = nil,
        notation: MarbleNotation = .singleCharacterValues
    ) -> String? {
        let expectedDiagram: MarbleDiagram
        do {
            expectedDiagram = try MarbleDiagram(parsing: expected, notation: notation)
        } catch {
            return "The expected diagram is not valid marble notation. \(error)\n  actual: \(actual.trimmed)"
        }
        return mismatch(expected: expectedDiagram, actual: actual, tick: tick)
    }

    /// Compares two diagrams, ignoring trailing empty ticks; nil when they match, otherwise
    /// the aligned failure message.
    public static func mismatch(expected: MarbleDiagram, actual: MarbleDiagram, tick: Duration? = nil) -> String? {
        let expectedTicks = expected.trimmed.ticks
        let actualTicks = actual.trimmed.ticks
        let length = max(expectedTicks.count, actualTicks.count)
        func token(_ ticks: [[Event<String>]], _ index: Int) -> String {
            index < ticks.count ? MarbleDiagram.token(for: ticks[index]) : ""
        }
        // Past a diagram's end nothing happens, as on a `-`.
        guard let firstDifference = (0..<length).first(where: { index in
            (index < expectedTicks.count ? expectedTicks[index] : [])
                != (index < actualTicks.count ? actualTicks[index] : [])
        }) else {
            return nil
        }

        // Each tick gets a column as wide as its wider token; the padding is spaces, which
        // the notation ignores, so both lines stay valid diagrams.
        var expectedLine = ""
        var actualLine = ""
        var caretOffset = 0
        for index in 0..<length {
            let expectedToken = token(expectedTicks, index)
            let actualToken = token(actualTicks, index)
            let width = max(expectedToken.count, actualToken.count)
            if index == firstDifference { caretOffset = expectedLine.count }
            expectedLine += expectedToken.padding(to: width)
            actualLine += actualToken.padding(to: width)
        }
        let when = tick.map { " (\($0 * firstDifference))" } ?? ""
        let caret = String(repeating: " ", count: caretOffset) + "^"
        return """
            Marble diagrams differ at tick \(firstDifference)\(when):
              expected: \(expectedLine.trimmingTrailingSpaces())
              actual:   \(actualLine.trimmingTrailingSpaces())
                        \(caret)
            """
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The string without spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}

import Signals

/// A stream's behaviour over time, one tick per step, written in marble notation.
///
/// | Symbol      | Meaning                                                        |
/// |-------------|----------------------------------------------------------------|
/// | `-`         | a tick in which nothing happens                                |
/// | `a`         | the one-character value `"a"`, taking one tick                 |
/// | `'word'`    | the value `"word"`, taking one tick                            |
/// | `[ab]`      | several events on one tick, in order (`[a|]`: a value, then finish) |
/// | `\|`        | the stream finishes, taking one tick                           |
/// | space       | ignored: use it to align diagrams                              |
///
/// Every symbol except a space is one tick: in `"a-b-c---|"` the values arrive at ticks 0, 2
/// and 4, and the finish at tick 8. The duration of a tick is the ``TestScheduler/tick``.
/// Trailing `-` after the last event say nothing (a recording is complete up to "now"), so
/// diagrams are compared without them: `"a-b"` and `"a-b---"` are the same diagram.
///
/// With ``MarbleNotation/multiCharacterValues`` every column is a tick and a run of characters
/// is one value (`"e---u1----u2"`: `u2` on tick 10, as in RxTest diagrams).
///
/// Values are strings; the `values:` dictionaries of `hotObservable(_:values:)`
/// and `marbles(values:tick:)` map symbols to other types. A one-character value
/// that is itself a symbol (`-`, `|`, `[`, `]`, `'`, space) must be quoted (`'-'`); a value
/// cannot contain `'`.
public struct MarbleDiagram: Hashable, Sendable, CustomStringConvertible {
    /// The events on each tick, tick 0 first; an empty array is a tick where nothing happens.
    public var ticks: [[Event<String>]]

    /// Creates a diagram from the events on each tick.
    public init(ticks: [[Event<String>]]) {
        self.ticks = ticks
    }

    /// Parses `text` in marble notation; throws a ``MarbleDiagramError`` naming the column of
    /// the first mistake.
    public init(parsing text: String) throws(MarbleDiagramError) {
        self = try MarbleParser.parse(text).diagram
    }

    /// Parses `text` in marble notation with values written as `notation` says (with
    /// ``MarbleNotation/multiCharacterValues``, `"e---u1----u2"` has `u2` on tick 10, as in
    /// RxTest); throws a ``MarbleDiagramError`` naming the column of the first mistake.
    public init(parsing text: String, notation: MarbleNotation) throws(MarbleDiagramError) {
        self = try MarbleParser.parse(text, notation: notation).diagram
    }

    /// The diagram in canonical notation: one token per tick, no spaces.
    public var description: String {
        ticks.map(MarbleDiagram.token(for:)).joined()
    }

    /// The diagram without the empty ticks after its last event.
    public var trimmed: MarbleDiagram {
        var ticks = self.ticks
        while ticks.last?.isEmpty == true { ticks.removeLast() }
        return MarbleDiagram(ticks: ticks)
    }

    /// Every event with its tick, in order.
    public var events: [(tick: Int, event: Event<String>)] {
        ticks.enumerated().flatMap { tick, events in events.map { (tick, $0) } }
    }

    /// The notation for one tick: `-`, a single token, or a `[…]` group.
    package static func token(for events: [Event<String>]) -> String {
        switch events.count {
        case 0: return "-"
        case 1: return token(for: events[0])
        default: return "[" + events.map(token(for:)).joined() + "]"
        }
    }

    /// The notation for one event: `|`, a bare character, or a quoted value.
    package static func token(for event: Event<String>) -> String {
        switch event {
        case .finished:
            return "|"
        case .value(let value):
            if value.count == 1, let character = value.first, !MarbleParser.symbols.contains(character) {
                return value
            }
            return "'" + value + "'"
        }
    }
}

/// What the parser produced: the diagram, and the column where each event was written.
package struct ParsedMarbleDiagram {
    /// The diagram.
    package var diagram: MarbleDiagram
    /// `columns[tick][index]` is the 1-based column of `diagram.ticks[tick][index]`.
    package var columns: [[Int]]
}

/// Turns marble notation into a ``MarbleDiagram``.
package enum MarbleParser {
    /// Characters that mean something in the notation.
    package static let symbols: Set<Character> = ["-", "|", "[", "]", "'", " "]

    package static func parse(
        _ text: String,
        notation: MarbleNotation = .singleCharacterValues
    ) throws(MarbleDiagramError) -> ParsedMarbleDiagram {
        let characters = Array(text)
        var ticks: [[Event<String>]] = []
        var columns: [[Int]] = []
        var group: (start: Int, events: [Event<String>], columns: [Int], width: Int)?
        var finishColumn: Int?
        var index = 0
        let keepsWidths = notation == .multiCharacterValues

        /// With `.multiCharacterValues`, a token written `width` columns wide spans that many
        /// ticks: its own (added already), then `width - 1` empty ones.
        func span(_ width: Int) {
            guard keepsWidths else { return }
            if group != nil {
                group!.width += width
                return
            }
            for _ in 1..<max(1, width) {
                ticks.append([])
                columns.append([])
            }
        }

        func fail(_ reason: MarbleDiagramError.Reason, at column: Int) -> MarbleDiagramError {
            MarbleDiagramError(reason: reason, diagram: text, column: column)
        }

        func add(_ event: Event<String>, at column: Int) throws(MarbleDiagramError) {
            if finishColumn != nil { throw fail(.eventAfterFinish, at: column) }
            if case .finished = event { finishColumn = column }
            if group != nil {
                group!.events.append(event)
                group!.columns.append(column)
            } else {
                ticks.append([event])
                columns.append([column])
            }
        }

        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            switch character {
            case " ":
                break
            case "-":
                if let group { throw fail(.stepInsideGroup(openedAt: group.start), at: column) }
                ticks.append([])
                columns.append([])
            case "|":
                try add(.finished, at: column)
                span(1)
            case "[":
                if let group { throw fail(.nestedGroup(openedAt: group.start), at: column) }
                if finishColumn != nil { throw fail(.eventAfterFinish, at: column) }
                group = (column, [], [], 1)
            case "]":
                guard let closed = group else { throw fail(.unopenedGroup, at: column) }
                if closed.events.isEmpty { throw fail(.emptyGroup, at: closed.start) }
                ticks.append(closed.events)
                columns.append(closed.columns)
                group = nil
                span(closed.width + 1)
            case "'":
                guard let end = characters[(index + 1)...].firstIndex(of: "'") else {
                    throw fail(.unterminatedValue, at: column)
                }
                try add(.value(String(characters[(index + 1)..<end])), at: column)
                span(end - index + 1)
                index = end
            default:
                var end = index + 1
                if keepsWidths {
                    while end < characters.count, !symbols.contains(characters[end]) { end += 1 }
                }
                try add(.value(String(characters[index..<end])), at: column)
                span(end - index)
                index = end - 1
            }
            index += 1
        }
        if let group { throw fail(.unbalancedGroup, at: group.start) }
        return ParsedMarbleDiagram(diagram: MarbleDiagram(ticks: ticks), columns: columns)
    }
}

extension MarbleDiagram {
    /// A diagram of timed events: each on the tick it falls in, counted from `startTime` (an
    /// event between two ticks belongs to the earlier one).
    public init(timedEvents: some Sequence<(time: Duration, event: Event<String>)>, startTime: Duration, tick: Duration) {
        let tickNanoseconds = max(1, tick.nanoseconds)
        var ticks: [[Event<String>]] = []
        for (time, event) in timedEvents {
            let index = Int(clamping: max(0, (time - startTime).nanoseconds) / tickNanoseconds)
            while ticks.count <= index { ticks.append([]) }
            ticks[index].append(event)
        }
        self.init(ticks: ticks)
    }
}

/// A mistake in a marble diagram, with the column where it is.
///
/// Its description quotes the diagram and points at the column:
///
/// ```text
/// Invalid marble diagram: '[' at column 3 opens a group that is never closed with ']'.
///   a-[bc|
///     ^
/// ```
public struct MarbleDiagramError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// A `[` is never closed.
        case unbalancedGroup
        /// A `]` closes no group.
        case unopenedGroup
        /// A `[` inside a group (groups do not nest); the outer group opened at that column.
        case nestedGroup(openedAt: Int)
        /// `[]` holds no event.
        case emptyGroup
        /// A `-` inside a group (a group is one tick); the group opened at that column.
        case stepInsideGroup(openedAt: Int)
        /// A `'` is never closed.
        case unterminatedValue
        /// An event after `|` (nothing follows a finish).
        case eventAfterFinish
        /// A symbol with no entry in the `values:` dictionary.
        case unknownSymbol(String)
    }

    /// What is wrong.
    public let reason: Reason
    /// The diagram as written.
    public let diagram: String
    /// The 1-based column (in characters) of the mistake.
    public let column: Int

    /// Creates an error for `reason` at `column` of `diagram`.
    public init(reason: Reason, diagram: String, column: Int) {
        self.reason = reason
        self.diagram = diagram
        self.column = column
    }

    /// One sentence naming the mistake and its column, then the diagram with a caret under it.
    public var description: String {
        // One line per reason: what stands at the column, then what is wrong with it.
        let explanation = switch reason {
        case .unbalancedGroup: "'[' at column \(column) opens a group that is never closed with ']'."
        case .unopenedGroup: "']' at column \(column) closes a group that was never opened with '['."
        case .nestedGroup(let openedAt): "'[' at column \(column) is inside the group opened at column \(openedAt); groups do not nest."
        case .emptyGroup: "the group at column \(column) is empty; write '-' for a tick with no events."
        case .stepInsideGroup(let openedAt): "'-' at column \(column) is inside the group opened at column \(openedAt); a group is a single tick, so close it with ']' first."
        case .unterminatedValue: "the quote at column \(column) starts a value that is never closed with another quote."
        case .eventAfterFinish: "the event at column \(column) comes after '|'; nothing can follow a finish."
        case .unknownSymbol(let symbol): "'\(symbol)' at column \(column) has no entry in the values dictionary."
        }
        let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
        return "Invalid marble diagram: \(explanation)\n  \(diagram)\n  \(caret)"
    }
}

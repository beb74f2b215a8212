import PhotoDomain

/// A query as the search sends it: control characters removed, each run of whitespace
/// (spaces, tabs, newlines, any Unicode white space) made one space, and the ends trimmed;
/// never empty and at most ``maximumLength`` characters.
///
/// Outcomes for every kind of text a user can submit:
/// - empty, or only whitespace or control characters → ``ValidationError/empty``;
/// - longer than the limit after normalizing (10,000 characters, say) → ``ValidationError/tooLong(limit:)``;
/// - emoji, right-to-left text, combining marks, zero-width joiners and direction marks
///   (Unicode *format* characters) → kept exactly as typed and searched;
/// - control characters inside the text (NUL, BEL, ESC, DEL, …) → removed, so `"ca\u{7}t"`
///   searches for `"cat"` and `"cats\ndogs"` for `"cats dogs"`.
///
/// ```swift
/// let query = try SearchQuery(validating: "  mountain\tlake ")   // query.text == "mountain lake"
/// ```
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    /// The default limit on a query's length, in characters: 200.
    public static let defaultMaximumLength = 200

    /// The normalized text to search for.
    public let text: String

    /// Why a submitted text is not a query.
    public enum ValidationError: Error, Hashable, Sendable {
        /// Nothing left to search for once whitespace and control characters are removed.
        case empty
        /// More than `limit` characters after normalizing.
        case tooLong(limit: Int)

        /// A sentence for the screen's validation message.
        public var message: String {
            switch self {
            case .empty: UseCaseError.emptyQuery.message
            case .tooLong(let limit): "Searches can be at most \(limit) characters long."
            }
        }
    }

    /// Normalizes `text` and checks it is non-empty and at most `maximumLength` characters.
    public init(validating text: String, maximumLength: Int = SearchQuery.defaultMaximumLength) throws(ValidationError) {
        let normalized = SearchQuery.normalize(text)
        if normalized.isEmpty { throw .empty }
        // Counting stops after the limit, so a huge paste costs O(limit) here.
        if !normalized.dropFirst(max(0, maximumLength)).isEmpty { throw .tooLong(limit: maximumLength) }
        self.text = normalized
    }

    /// `text` with control characters removed, whitespace runs collapsed to one space and the
    /// ends trimmed (linear in the length of `text`).
    public static func normalize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
            } else if scalar.properties.generalCategory == .control {
                continue
            } else {
                if pendingSpace { scalars.append(" ") }
                pendingSpace = false
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The normalized text.
    public var description: String { text }
}

import SignalsPhotoDomain

/// A query as the search sends it: control characters removed, each run of whitespace
/// (spaces, tabs, newlines, any Unicode white space) made one space, and the ends trimmed;
/// never empty or invisible, at most `maximumLength` characters, and at most
/// ``maximumScalarsPerCharacter`` Unicode scalars per allowed character (so the request size is
/// bounded whatever the text).
///
/// Outcomes for every kind of text a user can submit:
/// - empty, or only whitespace, control characters or invisible characters (zero-width space,
///   direction marks, byte order mark: Unicode *format* and default-ignorable characters)
///   → ``ValidationError/empty``;
/// - longer than the limit after normalizing (10,000 characters, say), or a few characters
///   stacked with thousands of combining marks → ``ValidationError/tooLong(limit:)``;
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

    /// How many Unicode scalars a query may hold per character of its limit: 8, enough for
    /// any emoji sequence, flag or accented letter, so `"e"` followed by 10,000 combining
    /// marks (one character) is too long, and a query is at most 32 UTF-8 bytes per character.
    public static let maximumScalarsPerCharacter = 8

    /// The normalized text to search for.
    public let text: String

    /// Why a submitted text is not a query.
    public enum ValidationError: Error, Hashable, Sendable {
        /// Nothing visible left to search for once whitespace and control characters are removed.
        case empty
        /// More than `limit` characters (or scalars for more than `limit`) after normalizing.
        case tooLong(limit: Int)

        /// A sentence for the screen's validation message.
        public var message: String {
            switch self {
            case .empty: UseCaseError.emptyQuery.message
            case .tooLong(let limit): "Searches can be at most \(limit) characters long."
            }
        }
    }

    /// Normalizes `text` and checks it is visible and at most `maximumLength` characters (and
    /// ``maximumScalarsPerCharacter`` scalars per character of that limit).
    public init(validating text: String, maximumLength: Int = SearchQuery.defaultMaximumLength) throws(ValidationError) {
        let normalized = SearchQuery.normalize(text)
        if !normalized.unicodeScalars.contains(where: { !SearchQuery.isInvisible($0) }) { throw .empty }
        // Counting stops after the limits, so a huge paste costs O(limit) here.
        let limit = max(0, maximumLength)
        let (scalarLimit, overflow) = limit.multipliedReportingOverflow(by: SearchQuery.maximumScalarsPerCharacter)
        if !normalized.dropFirst(limit).isEmpty
            || (!overflow && !normalized.unicodeScalars.dropFirst(scalarLimit).isEmpty) {
            throw .tooLong(limit: maximumLength)
        }
        self.text = normalized
    }

    /// Whether `scalar` shows nothing by itself: white space, zero-width spaces and joiners,
    /// direction marks, the byte order mark, variation selectors (format or default-ignorable
    /// characters).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .format
            || scalar.properties.isDefaultIgnorableCodePoint
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

/// A colour as red, green and blue.
package struct RGB: Hashable, Sendable {
    /// The channels, 0–255.
    package var red, green, blue: UInt8

    /// Creates a colour.
    package init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// How a run of text looks.
package struct TextStyle: Hashable, Sendable {
    /// The text colour, or the terminal's default.
    package var foreground: RGB?
    /// The background colour, or the terminal's default.
    package var background: RGB?
    /// Bold text.
    package var isBold = false
    /// Faint text.
    package var isDim = false
    /// Swapped foreground and background (a selection bar).
    package var isInverse = false

    /// Creates a style; the default is the terminal's plain text.
    package init(foreground: RGB? = nil, background: RGB? = nil, isBold: Bool = false, isDim: Bool = false, isInverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isDim = isDim
        self.isInverse = isInverse
    }

    /// Plain text.
    package static let plain = TextStyle()
    /// Bold text.
    package static let bold = TextStyle(isBold: true)
    /// Faint text.
    package static let dim = TextStyle(isDim: true)
    /// Inverse video (the selection, the title bar).
    package static let inverse = TextStyle(isInverse: true)
}

/// A run of text in one style. The text is always sanitized (see ``TerminalText``) and has no
/// line breaks: spans are built only through ``init(_:_:)``.
package struct Span: Hashable, Sendable {
    /// The characters shown.
    package let text: String
    /// How they look.
    package let style: TextStyle

    /// A span of `text`, sanitized, in `style`.
    package init(_ text: String, _ style: TextStyle = .plain) {
        self.text = TerminalText.sanitized(text)
        self.style = style
    }

    /// A span of text that is already safe (built here from known characters).
    init(trusted text: String, _ style: TextStyle) {
        self.text = text
        self.style = style
    }
}

/// One screen row: spans exactly as wide as the screen (in terminal columns).
package struct FrameLine: Hashable, Sendable {
    /// The spans, left to right.
    package var spans: [Span]

    /// Creates a row from its spans.
    package init(spans: [Span]) {
        self.spans = spans
    }

    /// The row's characters without styles.
    package var text: String { spans.map(\.text).joined() }
}

/// Everything one screen of the browser shows, as a pure value: tests assert on it, and
/// ``FrameRenderer`` turns it into ANSI/VT output.
package struct Frame: Hashable, Sendable {
    /// The screen's size.
    package var size: TerminalSize
    /// Exactly `size.rows` rows, each `size.columns` columns wide.
    package var lines: [FrameLine]

    /// Creates a frame from its rows.
    package init(size: TerminalSize, lines: [FrameLine]) {
        self.size = size
        self.lines = lines
    }

    /// The rows as plain text.
    package var text: [String] { lines.map(\.text) }

    /// Whether any row contains `text`.
    package func contains(_ text: String) -> Bool { lines.contains { $0.text.contains(text) } }
}

/// Builds a ``Frame`` row by row, clipping and padding every row to the screen's width.
struct FrameBuilder {
    let size: TerminalSize
    private(set) var lines: [FrameLine] = []

    init(size: TerminalSize) {
        self.size = size
    }

    var remainingRows: Int { size.rows - lines.count }

    /// Adds a row made of `spans` (clipped to the width, padded with spaces in `fill`).
    mutating func add(_ spans: [Span], fill: TextStyle = .plain) {
        guard lines.count < size.rows else { return }
        lines.append(FrameLine(spans: Self.fit(spans, width: size.columns, fill: fill)))
    }

    /// Adds a row of one span.
    mutating func add(_ text: String, _ style: TextStyle = .plain) {
        add([Span(text, style)], fill: style)
    }

    /// Pads with blank rows up to `rows` rows in all.
    mutating func pad(to rows: Int) {
        while lines.count < min(rows, size.rows) { add([]) }
    }

    /// The frame, padded to the screen's height.
    func build() -> Frame {
        var builder = self
        builder.pad(to: size.rows)
        return Frame(size: size, lines: builder.lines)
    }

    /// `spans` clipped to exactly `width` columns, padded with spaces in `fill`.
    static func fit(_ spans: [Span], width: Int, fill: TextStyle = .plain) -> [Span] {
        var result: [Span] = []
        var used = 0
        for span in spans where used < width {
            let spanWidth = Self.width(of: span.text)
            if used + spanWidth <= width {
                result.append(span)
                used += spanWidth
                continue
            }
            var clipped = ""
            for character in span.text {
                let characterWidth = Self.width(of: character)
                guard used + characterWidth <= width else { break }
                clipped.append(character)
                used += characterWidth
            }
            result.append(Span(trusted: clipped, span.style))
            break
        }
        if used < width { result.append(Span(trusted: String(repeating: " ", count: width - used), fill)) }
        return result
    }

    /// How many terminal columns `text` takes.
    static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// How many terminal columns `character` takes: two for emoji shown as pictures and for
    /// East Asian wide characters, one otherwise.
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first, scalar.value >= 0x1100 else { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Two columns side by side: `left` clipped to `leftWidth`, then `right`.
    static func columns(_ left: [Span], leftWidth: Int, _ right: [Span], fill: TextStyle = .plain) -> [Span] {
        fit(left, width: leftWidth, fill: fill) + right
    }
}

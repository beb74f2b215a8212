/// The one place where text from data or input is made safe to write to a terminal.
///
/// Everything the Demo prints that came from a server, the catalog or the user's keyboard goes
/// through ``sanitized(_:)`` first, so that no byte of it can move the cursor, clear the
/// screen, change the window title, ring the bell or reorder the line.
public enum TerminalText {
    /// `text` with every character that could act on a terminal made visible or removed:
    ///
    /// - C0 controls (U+0000–U+001F, including ESC, BEL and CR) and DEL are shown as their
    ///   Control Pictures (`␛`, `␇`, …); a line feed and a tab become a space.
    /// - C1 controls (U+0080–U+009F) are shown as `�`.
    /// - Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the
    ///   direction marks (U+200E, U+200F, U+061C) are removed.
    public static func sanitized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09:
                result.append(" ")
            case 0x00...0x1F:
                result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                result.append("\u{2421}")
            case 0x80...0x9F:
                result.append("\u{FFFD}")
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}

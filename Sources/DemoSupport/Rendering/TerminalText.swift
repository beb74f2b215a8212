/// The one place where text from data or input is made safe to write to a terminal.
///
/// Everything the Demo prints that came from a server, the catalog or the user's keyboard goes
/// through ``sanitized(_:)`` first, so that no byte of it can move the cursor, clear the
/// screen, change the window title, ring the bell or reorder the line.
package enum TerminalText {
    /// `text` with every character that could act on a terminal made visible or removed:
    ///
    /// - C0 controls (U+0000–U+001F, including ESC, BEL and CR) and DEL are shown as their
    ///   Control Pictures (`␛`, `␇`, `␍`, `␡`, …), so an escape sequence prints as inert text
    ///   (`␛[2J`); a line feed and a tab become a space.
    /// - C1 controls (U+0080–U+009F, among them the one-character CSI U+009B and OSC U+009D)
    ///   are shown as `�`.
    /// - The line and paragraph separators (U+2028, U+2029) become a space.
    /// - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the
    ///   direction marks (U+200E, U+200F, U+061C) and the deprecated format controls
    ///   (U+206A–U+206F) are removed, so no text can reorder what follows it.
    ///
    /// Everything else, including emoji joined with U+200D, is kept. Sanitizing twice changes
    /// nothing.
    package static func sanitized(_ text: String) -> String {
        // Most text needs no change; skip the copy.
        guard text.unicodeScalars.contains(where: needsChange) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09, 0x2028, 0x2029:
                result.append(" ")
            case 0x00...0x1F:
                result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                result.append("\u{2421}")
            case 0x80...0x9F:
                result.append("\u{FFFD}")
            case 0x202A...0x202E, 0x2066...0x206F, 0x200E, 0x200F, 0x061C:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func needsChange(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x206F, 0x200E, 0x200F, 0x061C:
            true
        default:
            false
        }
    }
}

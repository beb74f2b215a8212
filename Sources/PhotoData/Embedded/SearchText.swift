import Foundation

/// Turns text into search tokens: lower-case, without diacritics, split at anything that is
/// not a letter or a digit. `"Café-Terrace, Zürich"` becomes `cafe`, `terrace`, `zurich`.
///
/// Tokens are UTF-8 bytes so that the index can sort and prefix-match them bytewise.
enum SearchText {
    typealias Token = [UInt8]

    /// Appends the tokens of `text` to `tokens`.
    static func tokenize(_ text: String, into tokens: inout [Token]) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            tokenizeASCII(text.utf8, into: &tokens)
        } else {
            tokenizeUnicode(text, into: &tokens)
        }
    }

    /// The tokens of `text`, in order, duplicates kept.
    static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        tokenize(text, into: &tokens)
        return tokens
    }

    private static func tokenizeASCII(_ utf8: String.UTF8View, into tokens: inout [Token]) {
        var current: Token = []
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                current.append(byte + 32)
            default:
                if !current.isEmpty {
                    tokens.append(current)
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { tokens.append(current) }
    }

    private static func tokenizeUnicode(_ text: String, into tokens: inout [Token]) {
        // Canonical decomposition splits "é" into "e" + U+0301, so dropping marks strips accents.
        let decomposed = text.lowercased().decomposedStringWithCanonicalMapping
        var current: Token = []
        func finish() {
            if !current.isEmpty {
                tokens.append(current)
                current.removeAll(keepingCapacity: true)
            }
        }
        for scalar in decomposed.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                continue
            default:
                break
            }
            if let replacement = foldedLetters[scalar] {
                current.append(contentsOf: replacement.utf8)
            } else if properties.isAlphabetic || properties.numericType != nil {
                current.append(contentsOf: String(scalar).utf8)
            } else {
                finish()
            }
        }
        finish()
    }

    /// Letters that carry their "accent" in the base letter, so decomposition leaves them alone.
    private static let foldedLetters: [Unicode.Scalar: String] = [
        "ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th", "ð": "d",
    ]
}

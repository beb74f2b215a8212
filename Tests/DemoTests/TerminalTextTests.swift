import SignalsDemoSupport
import Testing

/// `TerminalText.sanitized`, the one sanitizer: nothing it returns can act on a terminal.
struct TerminalTextTests {
    /// Scalars that must never reach the terminal from data.
    static func isActive(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x206F, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    @Test func escapeSequencesPrintAsInertText() {
        #expect(TerminalText.sanitized("\u{1B}[2J\u{1B}[31mred") == "␛[2J␛[31mred")
        #expect(TerminalText.sanitized("\u{1B}]0;pwned\u{07}title") == "␛]0;pwned␇title")
        #expect(TerminalText.sanitized("\u{1B}]8;;http://x.test\u{1B}\\link") == "␛]8;;http://x.test␛\\link")
        #expect(TerminalText.sanitized("bell\u{07}\u{07}") == "bell␇␇")
    }

    @Test func c1ControlsIncludingOneCharacterCSIAndOSCAreReplaced() {
        #expect(TerminalText.sanitized("\u{9B}2J\u{9D}0;x\u{9C}") == "\u{FFFD}2J\u{FFFD}0;x\u{FFFD}")
        #expect(TerminalText.sanitized("\u{80}\u{85}\u{9F}") == "\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test func carriageReturnBackspaceAndDeleteAreShownNotObeyed() {
        #expect(TerminalText.sanitized("safe\rEVIL") == "safe␍EVIL")
        #expect(TerminalText.sanitized("abc\u{08}\u{08}x\u{7F}") == "abc␈␈x␡")
        #expect(TerminalText.sanitized("\u{00}") == "␀")
    }

    @Test func lineBreaksAndTabsBecomeSpaces() {
        #expect(TerminalText.sanitized("one\ntwo\tthree\u{2028}four\u{2029}five") == "one two three four five")
    }

    @Test func bidiOverridesIsolatesAndMarksAreRemoved() {
        #expect(TerminalText.sanitized("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
        #expect(TerminalText.sanitized("\u{2066}a\u{2067}b\u{2068}c\u{2069}\u{202A}\u{202B}\u{202C}\u{202D}") == "abc")
        #expect(TerminalText.sanitized("\u{200E}x\u{200F}\u{061C}y\u{206A}\u{206F}") == "xy")
    }

    @Test func ordinaryTextIncludingJoinedEmojiIsKept() {
        for text in ["Morning fog over the lake", "Zürich · São Paulo · 東京", "👩‍💻 🏔️ 🇨🇭", "ƒ/2.8 · 📍 Ősi", ""] {
            #expect(TerminalText.sanitized(text) == text)
        }
    }

    @Test func sanitizedTextHasNoActiveScalarAndSanitizingTwiceChangesNothing() {
        var all = String.UnicodeScalarView()
        for value in UInt32(0)...0x2100 {
            if let scalar = Unicode.Scalar(value) { all.append(scalar) }
        }
        let once = TerminalText.sanitized(String(all))
        #expect(!once.unicodeScalars.contains(where: Self.isActive))
        #expect(TerminalText.sanitized(once) == once)
    }
}

import SignalsDemoSupport
import Testing

/// The REPL's line editor as a pure value: keys in, line and outcome out.
struct LineEditorTests {
    private func type(_ text: String, into editor: inout LineEditor) {
        for character in text { editor.handle(.character(character)) }
    }

    @Test func enterSubmitsTheTypedLineAndEmptiesIt() {
        var editor = LineEditor()
        type("cat", into: &editor)
        #expect(editor.handle(.enter) == .submitted("cat"))
        #expect(editor.text == "")
        #expect(editor.history == ["cat"])
    }

    @Test func upArrowRecallsHistoryAndNeverTypesEscapeSequences() {
        var editor = LineEditor()
        type("cat", into: &editor)
        editor.handle(.enter)
        type("dog", into: &editor)
        editor.handle(.enter)
        type("ze", into: &editor)
        #expect(editor.handle(.up) == .edited)
        #expect(editor.text == "dog")
        editor.handle(.up)
        #expect(editor.text == "cat")
        #expect(editor.handle(.up) == .ignored)
        editor.handle(.down)
        #expect(editor.text == "dog")
        editor.handle(.down)
        #expect(editor.text == "ze")
        #expect(editor.handle(.enter) == .submitted("ze"))
        #expect(editor.history == ["cat", "dog", "ze"])
    }

    @Test func cursorKeysAndControlKeysEditInPlace() {
        var editor = LineEditor()
        type("mountain lake", into: &editor)
        editor.handle(.control("a"))
        #expect(editor.cursor == 0)
        editor.handle(.right)
        editor.handle(.backspace)
        #expect(editor.text == "ountain lake")
        editor.handle(.control("e"))
        editor.handle(.control("w"))
        #expect(editor.text == "ountain ")
        editor.handle(.left)
        editor.handle(.control("u"))
        #expect(editor.text == " ")
        #expect(editor.cursor == 0)
        editor.handle(.delete)
        #expect(editor.text == "")
    }

    @Test func controlCClearsTheLineAndControlDQuitsOnlyWhenEmpty() {
        var editor = LineEditor()
        type("cat", into: &editor)
        editor.handle(.left)
        #expect(editor.handle(.control("d")) == .edited)
        #expect(editor.text == "ca")
        #expect(editor.handle(.control("c")) == .edited)
        #expect(editor.text == "")
        #expect(editor.handle(.control("d")) == .quit)
    }

    @Test func blankAndRepeatedLinesStayOutOfHistory() {
        var editor = LineEditor()
        for line in ["cat", "cat", "  ", "dog"] {
            type(line, into: &editor)
            editor.handle(.enter)
        }
        #expect(editor.history == ["cat", "dog"])
    }
}

/// Bytes from a raw-mode terminal decoded into keys.
struct KeyDecoderTests {
    @Test func decodesCharactersControlsAndEscapeSequences() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("aé\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[3~\u{1B}[5~\u{7F}\r\t\u{1B}[Z\u{03}".utf8))
        #expect(keys == [
            .character("a"), .character("é"), .up, .down, .right, .left, .delete, .pageUp,
            .backspace, .enter, .tab, .backTab, .control("c"),
        ])
    }

    @Test func aLoneEscapeAtTheEndOfAChunkIsTheEscapeKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [.escape])
        #expect(decoder.decode(Array("x".utf8)) == [.character("x")])
    }

    @Test func sequencesAndCharactersSplitAcrossChunksWaitForTheirEnd() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.decode([UInt8(ascii: "A")]) == [.up])
        let snowman = Array("☃".utf8)
        #expect(decoder.decode(Array(snowman.prefix(2))) == [])
        #expect(decoder.decode(Array(snowman.suffix(1))) == [.character("☃")])
    }

    @Test func unknownSequencesAndC1ControlsNeverBecomeText() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("\u{1B}[99x".utf8) + [0xC2, 0x9B] + [0xFF])
        #expect(keys == [.unknown, .unknown, .unknown])
    }
}

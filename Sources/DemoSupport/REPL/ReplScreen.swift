/// The REPL's live screen on a terminal: the session's output scrolls above a two-line footer,
/// a status line (requests sent / in flight / cancelled) and the prompt with the line being
/// typed. Output never lands inside the line being edited: the footer is erased, the text
/// written, and the footer drawn again below it.
@MainActor
final class ReplScreen {
    private let terminal: Terminal
    private var isFooterDrawn = false
    /// The status line's text.
    var status = ""
    /// The prompt before the input line.
    var prompt = ""
    /// The line being typed.
    var editor = LineEditor()

    init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// Writes `text` (one or more lines) above the footer.
    func print(_ text: String) {
        terminal.writeOutput(eraseFooter() + text + "\n" + footer())
    }

    /// Draws the footer again (after a key, or when the status changed).
    func redraw() {
        terminal.writeOutput(eraseFooter() + footer())
    }

    /// Erases the footer for good (the session is over).
    func close() {
        terminal.writeOutput(eraseFooter())
    }

    /// Moves to the start of the status line and clears to the end of the screen.
    private func eraseFooter() -> String {
        guard isFooterDrawn else { return "" }
        isFooterDrawn = false
        return "\r\u{1B}[1A\u{1B}[J"
    }

    private func footer() -> String {
        isFooterDrawn = true
        let typed = editor.characters
        let before = TerminalText.sanitized(String(typed[..<editor.cursor]))
        let after = TerminalText.sanitized(String(typed[editor.cursor...]))
        // Dim status line; the prompt line ends with the cursor placed inside the typed text.
        var text = "\u{1B}[2m\(status)\u{1B}[0m\u{1B}[K\n\(prompt)\(before)\(after)\u{1B}[K"
        if !after.isEmpty { text += "\u{1B}[\(after.count)D" }
        return text
    }
}

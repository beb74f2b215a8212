import Foundation

/// The REPL's input line on a terminal: the text being typed, the cursor, and the history of
/// submitted lines. A pure value: each key is an event that edits it and says what to do next.
///
/// Keys: ←/→, Home/End, Ctrl-A/Ctrl-E move; Backspace and Delete erase; Ctrl-U erases to the
/// start, Ctrl-K to the end, Ctrl-W the word before the cursor; ↑/↓ walk the history (the
/// line being typed comes back after the newest entry); Enter submits; Ctrl-C clears the line;
/// Ctrl-D on an empty line quits (otherwise it deletes forward).
///
/// ```swift
/// var editor = LineEditor()
/// editor.handle(.character("c"))      // .edited
/// editor.handle(.enter)               // .submitted("c")
/// editor.handle(.up)                  // .edited; editor.text == "c"
/// ```
package struct LineEditor: Hashable, Sendable {
    /// What the screen does after a key.
    package enum Outcome: Hashable, Sendable {
        /// The line or the cursor changed: draw the line again.
        case edited
        /// The key did nothing here.
        case ignored
        /// Enter: run this line (the editor is empty again).
        case submitted(String)
        /// Ctrl-D on an empty line: end the session.
        case quit
    }

    /// The most lines the history keeps.
    package static let historyLimit = 100

    /// The characters typed.
    package private(set) var characters: [Character] = []
    /// Where the cursor is, as an index into ``characters``.
    package private(set) var cursor = 0
    /// Submitted lines, oldest first (blank lines and repeats of the newest are not kept).
    package private(set) var history: [String] = []
    /// The history entry shown, or `nil` when editing a new line.
    private var historyIndex: Int?
    /// The line being typed before the history was entered.
    private var draft: [Character] = []

    /// Creates an empty line with no history.
    package init() {}

    /// The line as text.
    package var text: String { String(characters) }

    /// Applies one key.
    @discardableResult
    package mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .enter:
            let line = text
            if !line.trimmingCharacters(in: .whitespaces).isEmpty, history.last != line {
                history.append(line)
                if history.count > Self.historyLimit { history.removeFirst() }
            }
            reset()
            return .submitted(line)
        case .backspace, .control("h"):
            guard cursor > 0 else { return .ignored }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete:
            guard cursor < characters.count else { return .ignored }
            characters.remove(at: cursor)
        case .control("d"):
            if characters.isEmpty { return .quit }
            guard cursor < characters.count else { return .ignored }
            characters.remove(at: cursor)
        case .left, .control("b"):
            guard cursor > 0 else { return .ignored }
            cursor -= 1
        case .right, .control("f"):
            guard cursor < characters.count else { return .ignored }
            cursor += 1
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = characters.count
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            characters.removeLast(characters.count - cursor)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("c"):
            reset()
        case .up:
            guard !history.isEmpty, historyIndex != 0 else { return .ignored }
            if historyIndex == nil { draft = characters }
            let index = (historyIndex ?? history.count) - 1
            historyIndex = index
            show(Array(history[index]))
        case .down:
            guard let index = historyIndex else { return .ignored }
            if index + 1 < history.count {
                historyIndex = index + 1
                show(Array(history[index + 1]))
            } else {
                historyIndex = nil
                show(draft)
            }
        default:
            return .ignored
        }
        return .edited
    }

    private mutating func show(_ line: [Character]) {
        characters = line
        cursor = line.count
    }

    private mutating func reset() {
        characters = []
        cursor = 0
        historyIndex = nil
        draft = []
    }
}

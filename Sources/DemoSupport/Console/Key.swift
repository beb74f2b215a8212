/// One key press read from a terminal in raw mode, decoded by ``KeyDecoder``.
package enum Key: Hashable, Sendable {
    /// A printable character (never a control character).
    case character(Character)
    /// Return or Enter.
    case enter
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// The forward-delete key.
    case delete
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// A lone Escape.
    case escape
    /// The arrow keys.
    case up, down, left, right
    /// Home and End.
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// A control key, by its letter: `.control("c")` for Ctrl-C.
    case control(Character)
    /// An escape sequence the decoder does not know (ignored by every screen).
    case unknown
}

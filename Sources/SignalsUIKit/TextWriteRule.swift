/// When a text binder writes: never an equal text, never over text the user is composing.
///
/// A text field whose text is *marked* is in the middle of an input method's composition
/// (Japanese kana before conversion, Chinese pinyin, a dead key's accent: `markedTextRange`
/// is not nil). Replacing its text there would throw the composition away under the user's
/// fingers, so a value that arrives then is **held, not written**:
///
/// - A newer value replaces the held one; a newer value equal to the text drops it (the view
///   model has caught up with what the user typed).
/// - When editing ends (`editingDidEnd`: the composition is over), the held value is written,
///   unless the text already equals it.
/// - Composition ending while editing goes on writes nothing: the user's committed text is
///   sent as an edit, and the view model's answer to that edit is what gets written next.
///
/// `nil` and `""` are the same text (a `UITextField` reads back `""` after `text = nil`).
///
/// ```swift
/// var rule = TextWriteRule()
/// rule.valueArrived("", current: "かん", isComposing: true)      // .hold
/// rule.editingEnded(current: "漢")                               // .write("")
/// ```
public struct TextWriteRule: Equatable, Sendable {
    /// What to do with the text field's text.
    public enum Action: Equatable, Sendable {
        /// Write this text.
        case write(String?)
        /// Write nothing: the text is already the value, or nothing is held.
        case skip
        /// Write nothing now: the text is being composed; the value is held.
        case hold
    }

    /// The value held while the text was being composed (`.some(nil)` holds a clear).
    public private(set) var held: String??

    /// A rule holding nothing.
    public init() {}

    /// A value arrived for a field whose text is `current`, marked or not.
    public mutating func valueArrived(_ value: String?, current: String?, isComposing: Bool) -> Action {
        if Self.same(value, current) {
            held = nil
            return .skip
        }
        if isComposing {
            held = .some(value)
            return .hold
        }
        held = nil
        return .write(value)
    }

    /// Editing ended with the field's text `current`: the held value, if any, is written now.
    public mutating func editingEnded(current: String?) -> Action {
        guard let value = held else { return .skip }
        held = nil
        return Self.same(value, current) ? .skip : .write(value)
    }

    private static func same(_ left: String?, _ right: String?) -> Bool {
        (left ?? "") == (right ?? "")
    }
}

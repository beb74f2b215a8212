import Signals

extension Binder where Value == String? {
    /// A text binder following ``TextWriteRule``: equal text is not written, and text being
    /// composed (marked) is not replaced; a value held then is written when `editingEnded`
    /// emits (pass `nil` for a view that is never edited, such as a label).
    ///
    /// `read`, `isComposing` and `write` run on the main thread. The UIKit binders
    /// (`textField.signals.text`, `label.signals.text`) are made with it; a test double reaches
    /// the same rule through it.
    public static func text<Target: AnyObject>(
        on target: Target,
        editingEnded: Observable<Void>? = nil,
        read: @escaping (Target) -> String?,
        isComposing: @escaping (Target) -> Bool,
        write: @escaping (Target, String?) -> Void
    ) -> Binder<String?> {
        Binder(attach: { upstream in
            // One rule per binding, touched only on the main thread (by the delivery below and
            // by `editingEnded`, which the UIKit adapters emit on main).
            let rule = TextRuleBox()
            let perform: (Target, TextWriteRule.Action) -> Void = { target, action in
                if case .write(let text) = action { write(target, text) }
            }
            let values = Binder<String?>(target) { target, value in
                perform(target, rule.rule.valueArrived(value, current: read(target), isComposing: isComposing(target)))
            }.attach(upstream)
            guard let editingEnded else { return values }
            let ends = Binder<Void>(target) { target, _ in
                perform(target, rule.rule.editingEnded(current: read(target)))
            }.attach(editingEnded)
            return AnyCancellable {
                values.cancel()
                ends.cancel()
            }
        })
    }
}

/// A binding's text rule, shared by its value and editing-end handlers (both on main).
private final class TextRuleBox {
    var rule = TextWriteRule()
}

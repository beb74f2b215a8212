import Signals

/// A property of a control that the user changes and the app sets: a stream of the user's
/// changes and a ``Binder`` in one (RxCocoa's `ControlProperty`).
///
/// ```swift
/// textField.signals.text.bind(to: input.queryChanged).store(in: bag)   // the user's edits
/// output.query.bind(to: textField.signals.text).store(in: bag)          // the app's writes
/// ```
///
/// The stream emits on the user's changes only, not the current value when bound, so a view
/// model does not take the field's initial empty text for an edit. Writes through the binder
/// send no value (UIKit sends no control event for them).
public struct ControlProperty<Value>: ObservableConvertible {
    /// The user's changes.
    public let changes: Observable<Value>
    /// Where the app's values are written.
    public let binder: Binder<Value>

    /// A property whose user changes are `changes` and whose writes go through `binder`.
    public init(changes: Observable<Value>, binder: Binder<Value>) {
        self.changes = changes
        self.binder = binder
    }

    /// The user's changes.
    public func asObservable() -> Observable<Value> { changes }
}

extension ObservableConvertible {
    /// Writes every value to the control property (through its binder, on the main thread).
    public func bind(to property: ControlProperty<Value>) -> Cancellable {
        bind(to: property.binder)
    }
}

#if canImport(UIKit) && !os(watchOS)
import Signals
import UIKit

@MainActor
extension SignalsExtension where Base: UIButton {
    /// Emits on each tap (`.touchUpInside`; `.primaryActionTriggered` on tvOS).
    public var tap: Observable<Void> {
        #if os(tvOS)
        events(.primaryActionTriggered)
        #else
        events(.touchUpInside)
        #endif
    }
}

@MainActor
extension SignalsExtension where Base: UITextField {
    /// The text: the user's edits as a stream (`.editingChanged`, `nil` read as `""`), and a
    /// binder that skips equal text and never replaces marked text (``TextWriteRule``: a
    /// value held then is written when editing ends).
    public var text: ControlProperty<String> {
        let binder = Binder<String?>.text(
            on: base,
            editingEnded: events(.editingDidEnd),
            read: { $0.text },
            isComposing: { $0.markedTextRange != nil },
            write: { field, text in field.text = text }
        )
        return ControlProperty(changes: controlEvent(.editingChanged) { $0.text ?? "" }, binder: binder.contramap(Optional.some))
    }

    /// Emits when editing begins (`.editingDidBegin`).
    public var editingBegan: Observable<Void> { events(.editingDidBegin) }

    /// Emits when editing ends (`.editingDidEnd`).
    public var editingEnded: Observable<Void> { events(.editingDidEnd) }

    /// Emits the text when the return key is pressed (`.editingDidEndOnExit`: UIKit then ends
    /// editing and hides the keyboard).
    public var returnKey: Observable<String> {
        controlEvent(.editingDidEndOnExit) { $0.text ?? "" }
    }
}

@MainActor
extension SignalsExtension where Base: UISegmentedControl {
    /// The selected segment: the user's choices (`.valueChanged`) and a binder.
    public var selectedSegmentIndex: ControlProperty<Int> {
        controlProperty(.valueChanged, read: { $0.selectedSegmentIndex }, write: { $0.selectedSegmentIndex = $1 })
    }
}

#if !os(tvOS)
@MainActor
extension SignalsExtension where Base: UISwitch {
    /// Whether the switch is on: the user's changes (`.valueChanged`) and a binder (animated).
    public var isOn: ControlProperty<Bool> {
        controlProperty(.valueChanged, read: { $0.isOn }, write: { $0.setOn($1, animated: true) })
    }
}

@MainActor
extension SignalsExtension where Base: UISlider {
    /// The slider's value: the user's changes (`.valueChanged`) and a binder.
    public var value: ControlProperty<Float> {
        controlProperty(.valueChanged, read: { $0.value }, write: { $0.value = $1 })
    }
}

@MainActor
extension SignalsExtension where Base: UIStepper {
    /// The stepper's value: the user's changes (`.valueChanged`) and a binder.
    public var value: ControlProperty<Double> {
        controlProperty(.valueChanged, read: { $0.value }, write: { $0.value = $1 })
    }
}

@MainActor
extension SignalsExtension where Base: UIRefreshControl {
    /// Emits when the user pulls to refresh (`.valueChanged`).
    public var refresh: Observable<Void> { events(.valueChanged) }

    /// Begins or ends refreshing, on the main thread.
    public var isRefreshing: Binder<Bool> {
        Binder(base) { control, isRefreshing in
            guard control.isRefreshing != isRefreshing else { return }
            if isRefreshing { control.beginRefreshing() } else { control.endRefreshing() }
        }
    }
}
#endif
#endif

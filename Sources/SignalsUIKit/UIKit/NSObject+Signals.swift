#if canImport(UIKit) && !os(watchOS)
import Signals
import UIKit

extension NSObject: SignalsCompatible {}

/// Runs `body` on the main actor: at once when called there (a binding cancelled from a view
/// controller's bag), else in a main-actor task (a token released on another thread).
func performOnMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
    if MainScheduler.isOnMainQueue {
        MainActor.assumeIsolated(body)
    } else {
        Task { @MainActor in body() }
    }
}

@MainActor
extension SignalsExtension where Base: UIControl {
    /// Emits each time one of `events` happens (`control.signals.events(.valueChanged)`).
    ///
    /// Each binding adds a `UIAction` for `events` and removes it when the binding ends; the
    /// control is held weakly. Bind on the main thread, as UIKit requires.
    public func events(_ events: UIControl.Event) -> Observable<Void> {
        controlEvent(events) { _ in () }
    }

    /// Whether the control takes touches, written on the main thread.
    public var isEnabled: Binder<Bool> {
        Binder(base) { control, isEnabled in control.isEnabled = isEnabled }
    }

    /// `read(control)` each time one of `events` happens.
    func controlEvent<Value>(_ events: UIControl.Event, _ read: @escaping (Base) -> Value) -> Observable<Value> {
        let control = base
        return Observable.create { [weak control] observer in
            guard let control else { return AnyCancellable() }
            let action = UIAction { [weak control] _ in
                guard let control else { return }
                observer.send(read(control))
            }
            control.addAction(action, for: events)
            return AnyCancellable { [weak control] in
                performOnMainActor { control?.removeAction(action, for: events) }
            }
        }
    }

    /// A property the user changes with `events`, written by the app with `write`.
    func controlProperty<Value>(
        _ events: UIControl.Event,
        read: @escaping (Base) -> Value,
        write: @escaping (Base, Value) -> Void
    ) -> ControlProperty<Value> {
        ControlProperty(changes: controlEvent(events, read), binder: Binder(base, write))
    }
}
#endif

/// The `signals` namespace of an object: its events as streams and its properties as binders
/// (`button.signals.tap`, `label.signals.text`), apart from UIKit's own names (RxCocoa's `.rx`).
///
/// ```swift
/// output.title.bind(to: label.signals.text).store(in: bag)
/// output.tint.bind(to: view.signals[\.backgroundColor]).store(in: bag)
/// ```
public struct SignalsExtension<Base: AnyObject> {
    /// The object whose events and properties this namespace reaches.
    public let base: Base

    /// The namespace of `base`.
    public init(_ base: Base) {
        self.base = base
    }
}

/// A class whose instances have a ``SignalsExtension`` namespace, `object.signals`.
///
/// Every UIKit object (`NSObject`) conforms where UIKit exists; conform your own classes (or
/// test doubles) with an empty extension.
public protocol SignalsCompatible: AnyObject {}

extension SignalsCompatible {
    /// This object's events as streams and its properties as binders.
    public var signals: SignalsExtension<Self> { SignalsExtension(self) }
}

extension SignalsExtension {
    /// A binder that writes each value to `base[keyPath: keyPath]` on the main thread, holding
    /// `base` weakly: `view.signals[\.backgroundColor]`.
    public subscript<Value>(keyPath: ReferenceWritableKeyPath<Base, Value>) -> Binder<Value> {
        Binder(base) { base, value in base[keyPath: keyPath] = value }
    }
}

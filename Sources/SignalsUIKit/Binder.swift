import Signals

/// Where a stream's values go in a view: a property of one object, written on the main thread,
/// with the object held weakly (RxSwift's `Binder`).
///
/// ```swift
/// output.isLoading.bind(to: spinner.signals.isAnimating).store(in: bag)
/// output.title.bind(to: Binder(self) { controller, title in controller.title = title })
///     .store(in: bag)
/// ```
///
/// - **Main thread, in every build.** A value that arrives on the main queue (the main actor's
///   executor) is written at once; one that arrives on another thread is written later on the
///   main queue (`DispatchQueue.main.async`). A binding's values are written in the order they
///   arrived: while some wait for the main queue, a value sent on main waits behind them.
/// - **Weak target.** The binding does not keep the object alive. Once the object is gone, the
///   next value ends the binding (its upstream is cancelled) instead of being written.
/// - **Ends with the token.** Cancelling or releasing the token from a stream's
///   `bind(to:)` ends the binding; values waiting for the main queue are then dropped.
public struct Binder<Value> {
    /// Binds a stream to the target: one main-thread delivery per binding.
    let attach: (Observable<Value>) -> Cancellable

    /// A binder that calls `write` with `target` and each value, on the main thread, holding
    /// `target` weakly.
    public init<Target: AnyObject>(_ target: Target, _ write: @escaping (Target, Value) -> Void) {
        attach = { upstream in
            MainThreadDelivery(target: target, write: write).start(upstream)
        }
    }

    /// A binder made of one that takes another type: each value is transformed first.
    public func contramap<Other>(_ transform: @escaping (Other) -> Value) -> Binder<Other> {
        let attach = self.attach
        return Binder<Other>(attach: { attach($0.map(transform)) })
    }

    /// A binder whose binding is made by `attach` (the text binder's rule per binding).
    init(attach: @escaping (Observable<Value>) -> Cancellable) {
        self.attach = attach
    }
}

extension ObservableConvertible {
    /// Writes every value through `binder`, on the main thread, until the token is cancelled or
    /// released, or the binder's target is gone (see ``Binder``).
    ///
    /// ```swift
    /// output.isEmpty.map(!).bind(to: emptyLabel.signals.isHidden).store(in: bag)
    /// ```
    public func bind(to binder: Binder<Value>) -> Cancellable {
        binder.attach(asObservable())
    }

    /// Writes every value through a binder of optionals (`label.signals.text` from a stream of
    /// `String`).
    public func bind(to binder: Binder<Value?>) -> Cancellable {
        binder.attach(asObservable().map(Optional.some))
    }
}

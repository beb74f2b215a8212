extension ObservableConvertible {
    /// Runs side effects at each point of a binding's life, then passes events through.
    ///
    /// - `onBind` runs when a binding is made, before upstream is bound.
    /// - `onValue` and `onFinish` run before the value or finish is passed on.
    /// - `onCancel` runs when the binding is cancelled before it finished (as Combine's
    ///   `receiveCancel`): not after a finish.
    public func handleEvents(
        onBind: (() -> Void)? = nil,
        onValue: ((Value) -> Void)? = nil,
        onFinish: (() -> Void)? = nil,
        onCancel: (@Sendable () -> Void)? = nil
    ) -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            onBind?()
            let finished = FinishFlag()
            let token = upstream(Observer(
                onValue: { value in
                    onValue?(value)
                    downstream.onValue(value)
                },
                onFinish: {
                    finished.set()
                    onFinish?()
                    downstream.onFinish()
                }
            ))
            guard let onCancel else { return token }
            return AnyCancellable {
                token.cancel()
                if !finished.isSet { onCancel() }
            }
        }
    }
}

// `print(_:)` stays on `Observable` alone: on `ObservableConvertible`, a plain `print("…")`
// inside a conforming type would resolve to the operator instead of `Swift.print`.
extension Observable {
    /// Prints every event (bind, values, finish, cancel) with `prefix`, for debugging.
    /// (On a ``Subject`` or ``Property``, call it as `asObservable().print()`.)
    public func print(_ prefix: String = "") -> Observable<Value> {
        let label = prefix.isEmpty ? "" : "\(prefix): "
        return handleEvents(
            onBind: { Swift.print("\(label)bind") },
            onValue: { Swift.print("\(label)value: \($0)") },
            onFinish: { Swift.print("\(label)finished") },
            onCancel: { Swift.print("\(label)cancel") }
        )
    }
}

/// A one-way flag, set once (thread-safe).
@usableFromInline
final class FinishFlag: @unchecked Sendable {
    // Lock holder: `flagByte` is only accessed atomically, through `AtomicFlag`.
    /// The flag's byte: must stay the first stored property (see `AtomicFlag`).
    @usableFromInline @exclusivity(unchecked) var flagByte: UInt8 = 0
    @inlinable init() {}
    @inlinable func set() { AtomicFlag(firstStoredPropertyOf: self).set() }
    @inlinable var isSet: Bool { AtomicFlag(firstStoredPropertyOf: self).isSet }
}

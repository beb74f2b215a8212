/// A type that is, or can be read as, a stream of values: ``Observable``, ``Subject`` and
/// ``Property`` conform, so every operator and `bind` works on each of them directly.
///
/// ```swift
/// let query = Subject<String>()
/// let token = query                       // no `.asObservable()` needed
///     .map { $0.trimmingPrefix(" ") }
///     .removeDuplicates()
///     .bind { print($0) }
/// ```
///
/// Every operator and `bind` is defined once, in an extension of this protocol, and reads
/// the stream through ``asObservable()``; `Observable` gets them through its own conformance
/// (its `asObservable()` is itself, inlined away). Conform your own types (a view model's
/// state holder, a wrapper around a subject) by implementing `asObservable()`.
///
/// `print(_:)` is the one exception, defined on `Observable` alone: in a conforming type, a
/// plain `print("…")` would resolve to the operator. Call `asObservable().print()` instead.
public protocol ObservableConvertible<Value> {
    /// The type of the values of the stream.
    associatedtype Value

    /// The stream this value stands for.
    func asObservable() -> Observable<Value>
}

extension Observable: ObservableConvertible {}
extension Subject: ObservableConvertible {}
extension Property: ObservableConvertible {}

// MARK: - Binding

extension ObservableConvertible {
    /// Calls `handler` with every value until the returned token is cancelled or deallocated.
    ///
    /// `isolation`, `file` and `line` are filled in for you: in a debug build, a handler
    /// bound from main-actor code that is called off the main actor traps, after printing
    /// this binding's file and line (see <doc:MainActorViewModels>). Release builds skip the
    /// check.
    @inlinable
    public func bind(
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line,
        _ handler: @escaping (Value) -> Void
    ) -> Cancellable {
        asObservable().subscribe(Observer(
            onValue: mainActorChecked(handler, isolation: isolation, file: file, line: line),
            onFinish: {}
        ))
    }

    /// Calls `onValue` with every value and `onFinish` once when the stream finishes (both
    /// checked in debug builds as ``bind(isolation:file:line:_:)``).
    @inlinable
    public func bind(
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line,
        onValue: @escaping (Value) -> Void,
        onFinish: @escaping () -> Void
    ) -> Cancellable {
        asObservable().subscribe(Observer(
            onValue: mainActorChecked(onValue, isolation: isolation, file: file, line: line),
            onFinish: mainActorChecked(onFinish, isolation: isolation, file: file, line: line)
        ))
    }

    /// Calls `handler` with `owner` and every value, holding `owner` weakly.
    ///
    /// Once `owner` is deallocated, values are dropped and the binding is cancelled on the
    /// next value, so a view model's outputs can be bound to the view without a retain cycle.
    /// Releasing or cancelling the token ends the binding at once, as with `bind(_:)`:
    ///
    /// ```swift
    /// output.title.bind(with: self) { controller, title in controller.title = title }
    /// ```
    ///
    /// Checked in debug builds as ``bind(isolation:file:line:_:)``.
    @inlinable
    public func bind<Owner: AnyObject>(
        with owner: Owner,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line,
        _ handler: @escaping (Owner, Value) -> Void
    ) -> Cancellable {
        let slot = LateCancellable()
        let onValue: (Value) -> Void = { [weak owner] value in
            guard let owner else {
                slot.cancel()
                return
            }
            handler(owner, value)
        }
        let token = asObservable().subscribe(Observer(
            onValue: mainActorChecked(onValue, isolation: isolation, file: file, line: line),
            onFinish: {}
        ))
        slot.set(token)
        // The handler holds `slot`; returning the slot itself would make releasing the token a
        // no-op (slot → upstream token → handler → slot).
        return SlotOwner(slot)
    }

    /// Calls `handler` with `owner` and every value, holding `owner` weakly.
    @available(*, deprecated, renamed: "bind(with:_:)", message: "reads as feeding `owner`; use bind(with:)")
    public func bind<Owner: AnyObject>(
        to owner: Owner,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line,
        _ handler: @escaping (Owner, Value) -> Void
    ) -> Cancellable {
        bind(with: owner, isolation: isolation, file: file, line: line, handler)
    }
}

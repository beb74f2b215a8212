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
/// The operators in this extension forward to ``asObservable()`` and are inlined: the direct
/// spelling costs the same as going through `asObservable()` (benchmark workload 1, profile
/// `1direct-signals`). Conform your own types (a view model's state holder, a wrapper around a
/// subject) by implementing `asObservable()`.
///
/// `print(_:)` is deliberately not forwarded: in a conforming type, a plain `print("…")`
/// would resolve to the operator. Call `asObservable().print()` instead.
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
    /// In a debug build, a handler bound from main-actor code that is called off the main
    /// actor traps after printing this binding's file and line (see
    /// ``Observable/bind(isolation:file:line:_:)``).
    @inlinable
    public func bind(
        isolation: (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ handler: @escaping (Value) -> Void
    ) -> Cancellable {
        asObservable().bind(isolation: isolation, file: file, line: line, handler)
    }

    /// Calls `onValue` with every value and `onFinish` once when the stream finishes.
    @inlinable
    public func bind(
        isolation: (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line,
        onValue: @escaping (Value) -> Void,
        onFinish: @escaping () -> Void
    ) -> Cancellable {
        asObservable().bind(isolation: isolation, file: file, line: line, onValue: onValue, onFinish: onFinish)
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
        isolation: (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ handler: @escaping (Owner, Value) -> Void
    ) -> Cancellable {
        let slot = CancellableSlot()
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
    @inlinable
    public func bind<Owner: AnyObject>(
        to owner: Owner,
        isolation: (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ handler: @escaping (Owner, Value) -> Void
    ) -> Cancellable {
        bind(with: owner, isolation: isolation, file: file, line: line, handler)
    }
}

// MARK: - Transforming

extension ObservableConvertible {
    /// Delivers `transform` of each value.
    @inlinable
    public func map<T>(_ transform: @escaping (Value) -> T) -> Observable<T> {
        asObservable().map(transform)
    }

    /// Delivers the non-`nil` results of `transform`.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Value) -> T?) -> Observable<T> {
        asObservable().compactMap(transform)
    }

    /// Delivers only the values for which `isIncluded` returns `true`.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Observable<Value> {
        asObservable().filter(isIncluded)
    }

    /// Skips a value when `isDuplicate` says it repeats the previous delivered one.
    @inlinable
    public func removeDuplicates(by isDuplicate: @escaping (Value, Value) -> Bool) -> Observable<Value> {
        asObservable().removeDuplicates(by: isDuplicate)
    }

    /// Delivers the running accumulation of `initialResult` and each value.
    @inlinable
    public func scan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Value) -> Result
    ) -> Observable<Result> {
        asObservable().scan(initialResult, nextPartialResult)
    }

    /// Delivers `values` first, then the stream's own values.
    @inlinable
    public func prepend(_ values: Value...) -> Observable<Value> {
        asObservable().prepend(contentsOf: values)
    }

    /// Delivers the elements of `values` first, then the stream's own values.
    @inlinable
    public func prepend<S: Sequence>(contentsOf values: S) -> Observable<Value> where S.Element == Value {
        asObservable().prepend(contentsOf: values)
    }

    /// Runs side effects at each point of a binding's life, then passes events through.
    @inlinable
    public func handleEvents(
        onBind: (() -> Void)? = nil,
        onValue: ((Value) -> Void)? = nil,
        onFinish: (() -> Void)? = nil,
        onCancel: (@Sendable () -> Void)? = nil
    ) -> Observable<Value> {
        asObservable().handleEvents(onBind: onBind, onValue: onValue, onFinish: onFinish, onCancel: onCancel)
    }

    /// Shares one upstream binding among all bindings of the result (see ``Observable/share()``).
    @inlinable
    public func share() -> Observable<Value> {
        asObservable().share()
    }
}

extension ObservableConvertible where Value: Equatable {
    /// Skips a value equal to the previous delivered one.
    @inlinable
    public func removeDuplicates() -> Observable<Value> {
        asObservable().removeDuplicates()
    }
}

// MARK: - Counting

extension ObservableConvertible {
    /// Drops the first `count` values.
    @inlinable
    public func skip(_ count: Int) -> Observable<Value> {
        asObservable().skip(count)
    }

    /// Delivers the first `count` values, then finishes.
    @inlinable
    public func take(_ count: Int) -> Observable<Value> {
        asObservable().take(count)
    }

    /// Delivers the first value, then finishes.
    @inlinable
    public func first() -> Observable<Value> {
        asObservable().first()
    }

    /// Delivers the first value that satisfies `predicate`, then finishes.
    @inlinable
    public func first(where predicate: @escaping (Value) -> Bool) -> Observable<Value> {
        asObservable().first(where: predicate)
    }
}

// MARK: - Combining

extension ObservableConvertible {
    /// Delivers the values of this stream and `others` as they arrive; finishes when all have.
    @inlinable
    public func merge(with others: any ObservableConvertible<Value>...) -> Observable<Value> {
        Observable.merge([asObservable()] + others.map { $0.asObservable() })
    }

    /// Delivers the latest value of each stream as a pair whenever either delivers, once both
    /// have delivered; finishes when both have finished.
    @inlinable
    public func combineLatest<Other>(
        _ other: some ObservableConvertible<Other>
    ) -> Observable<(Value, Other)> {
        asObservable().combineLatest(other.asObservable())
    }

    /// `combineLatest(_:)` followed by `transform` on each pair.
    @inlinable
    public func combineLatest<Other, Result>(
        _ other: some ObservableConvertible<Other>,
        _ transform: @escaping (Value, Other) -> Result
    ) -> Observable<Result> {
        asObservable().combineLatest(other.asObservable(), transform)
    }

    /// The latest values of three streams, once each has delivered; finishes when all have.
    @inlinable
    public func combineLatest<B, C>(
        _ b: some ObservableConvertible<B>,
        _ c: some ObservableConvertible<C>
    ) -> Observable<(Value, B, C)> {
        asObservable().combineLatest(b.asObservable(), c.asObservable())
    }

    /// Pairs the n-th value of this stream with the n-th value of `other`.
    @inlinable
    public func zip<Other>(_ other: some ObservableConvertible<Other>) -> Observable<(Value, Other)> {
        asObservable().zip(other.asObservable())
    }

    /// On each value, delivers `transform` of it and the latest value of `other` (if any yet).
    @inlinable
    public func withLatestFrom<Other, Result>(
        _ other: some ObservableConvertible<Other>,
        _ transform: @escaping (Value, Other) -> Result
    ) -> Observable<Result> {
        asObservable().withLatestFrom(other.asObservable(), transform)
    }

    /// On each value, delivers the latest value of `other` (if any yet).
    @inlinable
    public func withLatestFrom<Other>(_ other: some ObservableConvertible<Other>) -> Observable<Other> {
        asObservable().withLatestFrom(other.asObservable())
    }

    /// Binds the stream returned by `transform` for each value, cancelling the previous one.
    @inlinable
    public func flatMapLatest<T>(_ transform: @escaping (Value) -> Observable<T>) -> Observable<T> {
        asObservable().flatMapLatest(transform)
    }

    /// Binds the stream returned by `transform` for each value and merges all of them.
    @inlinable
    public func flatMap<T>(_ transform: @escaping (Value) -> Observable<T>) -> Observable<T> {
        asObservable().flatMap(transform)
    }
}

// MARK: - Time

extension ObservableConvertible {
    /// Delivers a value once `dueTime` has passed on `scheduler` without a newer one.
    @inlinable
    public func debounce(for dueTime: Duration, scheduler: some Scheduler) -> Observable<Value> {
        asObservable().debounce(for: dueTime, scheduler: scheduler)
    }

    /// Delivers at most one value per `interval` on `scheduler`: the first or the latest.
    @inlinable
    public func throttle(for interval: Duration, scheduler: some Scheduler, latest: Bool) -> Observable<Value> {
        asObservable().throttle(for: interval, scheduler: scheduler, latest: latest)
    }

    /// Delivers each value, and the finish, `interval` later on `scheduler`, in order.
    @inlinable
    public func delay(for interval: Duration, scheduler: some Scheduler) -> Observable<Value> {
        asObservable().delay(for: interval, scheduler: scheduler)
    }

    /// Delivers each value, and the finish, on `scheduler`, in order.
    @inlinable
    public func receive(on scheduler: some Scheduler) -> Observable<Value> {
        asObservable().receive(on: scheduler)
    }
}

// MARK: - Async bridge

extension ObservableConvertible where Value: Sendable {
    /// The stream's values as an `AsyncStream` (see ``Observable/values``).
    @inlinable
    public var values: AsyncStream<Value> {
        asObservable().values
    }
}

extension ObservableConvertible {
    /// Delivers each value paired with the one before it, from the second value on
    /// (RxSwift's `pairwise`, ReactiveSwift's `combinePrevious()`).
    ///
    /// ```swift
    /// scrollOffset.pairwise().map { previous, current in current > previous }   // scrolling down?
    /// ```
    public func pairwise() -> Observable<(Value, Value)> {
        withPrevious().compactMap { pair in pair.previous.map { ($0, pair.current) } }
    }

    /// Delivers each value with the one before it (`nil` for the first value of a binding),
    /// CombineExt's `withPrevious()`; ReactiveSwift's `combinePrevious(initial)` is
    /// `prepend(initial).pairwise()`.
    ///
    /// ```swift
    /// selection.withPrevious().bind { previous, current in deselect(previous); select(current) }
    /// ```
    public func withPrevious() -> Observable<(previous: Value?, current: Value)> {
        let upstream = asObservable().subscribe
        return Observable<(previous: Value?, current: Value)> { downstream in
            let previous = BindingState<Value?>(nil)
            return upstream(Observer(
                onValue: { value in
                    let pair = (previous: previous.value, current: value)
                    previous.value = value
                    downstream.onValue(pair)
                },
                onFinish: downstream.onFinish
            ))
        }
    }
}

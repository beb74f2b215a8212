extension ObservableConvertible {
    /// Delivers the last value once upstream finishes, then finishes (Combine's `last()`).
    /// An upstream that finishes without values just finishes.
    ///
    /// ```swift
    /// let finalPosition = drag.last()          // where the drag ended
    /// ```
    public func last() -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            let latest = BindingState<Value?>(nil)
            return upstream(Observer(
                onValue: { latest.value = $0 },
                onFinish: {
                    if let value = latest.value.take() { downstream.onValue(value) }
                    downstream.onFinish()
                }
            ))
        }
    }

    /// Delivers the last value that satisfies `predicate` once upstream finishes, then
    /// finishes (Combine's `last(where:)`).
    public func last(where predicate: @escaping (Value) -> Bool) -> Observable<Value> {
        filter(predicate).last()
    }
}

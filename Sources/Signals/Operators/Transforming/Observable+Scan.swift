extension ObservableConvertible {
    /// Delivers the running accumulation of `initialResult` and each value.
    ///
    /// Each binding starts from `initialResult`. `initialResult` itself is not delivered.
    public func scan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Value) -> Result
    ) -> Observable<Result> {
        let upstream = asObservable().subscribe
        return Observable<Result> { downstream in
            let accumulator = BindingState(initialResult)
            return upstream(Observer(
                onValue: { value in
                    accumulator.value = nextPartialResult(accumulator.value, value)
                    downstream.onValue(accumulator.value)
                },
                onFinish: downstream.onFinish
            ))
        }
    }
}

extension ObservableConvertible {
    /// Delivers the running accumulation, updated in place by `updateAccumulatingResult` for
    /// each value: `scan` without copying a collection per value (the standard library's
    /// `reduce(into:_:)`).
    ///
    /// ```swift
    /// let seen = ids.scan(into: Set<ID>()) { seen, id in seen.insert(id) }
    /// ```
    ///
    /// Each binding starts from `initialResult`, which is not itself delivered.
    public func scan<Result>(
        into initialResult: Result,
        _ updateAccumulatingResult: @escaping (inout Result, Value) -> Void
    ) -> Observable<Result> {
        let upstream = asObservable().subscribe
        return Observable<Result> { downstream in
            let accumulator = BindingState(initialResult)
            return upstream(Observer(
                onValue: { value in
                    updateAccumulatingResult(&accumulator.value, value)
                    downstream.onValue(accumulator.value)
                },
                onFinish: downstream.onFinish
            ))
        }
    }
}

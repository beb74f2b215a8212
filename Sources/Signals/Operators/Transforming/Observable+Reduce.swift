extension ObservableConvertible {
    /// Delivers, once upstream finishes, the accumulation of `initialResult` and every value,
    /// then finishes (Combine's `reduce`). An upstream that finishes without values delivers
    /// `initialResult`; one that never finishes delivers nothing.
    ///
    /// ```swift
    /// let total = prices.reduce(0, +)         // one value, when `prices` finishes
    /// ```
    public func reduce<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Value) -> Result
    ) -> Observable<Result> {
        reduce(into: initialResult) { $0 = nextPartialResult($0, $1) }
    }

    /// Delivers all values as one array when upstream finishes, then finishes (Combine's
    /// `collect()`, RxSwift's `toArray`).
    ///
    /// ```swift
    /// Observable.sequence([1, 2, 3]).collect()   // [1, 2, 3], then the finish
    /// ```
    public func collect() -> Observable<[Value]> {
        reduce(into: []) { $0.append($1) }
    }

    /// `reduce(_:_:)` that updates the accumulation in place (no copy per value).
    public func reduce<Result>(
        into initialResult: Result,
        _ updateAccumulatingResult: @escaping (inout Result, Value) -> Void
    ) -> Observable<Result> {
        let upstream = asObservable().subscribe
        return Observable<Result> { downstream in
            let accumulator = BindingState(initialResult)
            return upstream(Observer(
                onValue: { updateAccumulatingResult(&accumulator.value, $0) },
                onFinish: {
                    downstream.onValue(accumulator.value)
                    downstream.onFinish()
                }
            ))
        }
    }
}

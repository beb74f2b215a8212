extension ObservableConvertible {
    /// Delivers the running accumulation of `initialResult` and each value.
    ///
    /// Each binding starts from `initialResult`. `initialResult` itself is not delivered.
    @inlinable
    public func scan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Value) -> Result
    ) -> Observable<Result> {
        let upstream = asObservable().subscribe
        return Observable<Result> { downstream in
            let accumulator = Box(initialResult)
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

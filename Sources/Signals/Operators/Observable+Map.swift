extension ObservableConvertible {
    /// Transforms each value with `transform`. Finishes when upstream finishes.
    @inlinable
    public func map<T>(_ transform: @escaping (Value) -> T) -> Observable<T> {
        let upstream = asObservable().subscribe
        return Observable<T> { downstream in
            upstream(Observer(
                onValue: { downstream.onValue(transform($0)) },
                onFinish: downstream.onFinish
            ))
        }
    }

    /// Transforms each value and delivers the non-`nil` results.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Value) -> T?) -> Observable<T> {
        let upstream = asObservable().subscribe
        return Observable<T> { downstream in
            upstream(Observer(
                onValue: { if let output = transform($0) { downstream.onValue(output) } },
                onFinish: downstream.onFinish
            ))
        }
    }

    /// Delivers only the values for which `isIncluded` returns true.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            upstream(Observer(
                onValue: { if isIncluded($0) { downstream.onValue($0) } },
                onFinish: downstream.onFinish
            ))
        }
    }
}

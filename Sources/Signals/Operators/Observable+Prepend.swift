extension ObservableConvertible {
    /// Delivers `values` to each new binding before the upstream's values.
    @inlinable
    public func prepend(_ values: Value...) -> Observable<Value> {
        prepend(contentsOf: values)
    }

    /// Delivers `values` to each new binding before the upstream's values.
    @inlinable
    public func prepend<S: Sequence>(contentsOf values: S) -> Observable<Value> where S.Element == Value {
        let upstream = asObservable().subscribe
        let prefix = Array(values)
        return Observable { downstream in
            for value in prefix { downstream.onValue(value) }
            return upstream(downstream)
        }
    }
}

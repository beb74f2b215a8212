extension ObservableConvertible {
    /// Delivers `values` to each new binding before the upstream's values.
    public func prepend(_ values: Value...) -> Observable<Value> {
        prepend(contentsOf: values)
    }

    /// Delivers `values` to each new binding before the upstream's values.
    public func prepend<S: Sequence>(contentsOf values: S) -> Observable<Value> where S.Element == Value {
        let upstream = asObservable().subscribe
        let prefix = Array(values)
        return Observable { downstream in
            for value in prefix { downstream.onValue(value) }
            return upstream(downstream)
        }
    }
}

extension ObservableConvertible {
    /// Delivers the values of `other` first, then, once `other` finishes, binds this stream and
    /// delivers its values (Combine's `prepend(_:)` of a publisher, RxSwift's
    /// `Observable.concat(other, self)`).
    ///
    /// ```swift
    /// let rows = fresh.prepend(cached)   // the cached rows first, then the fresh ones
    /// ```
    ///
    /// This stream is bound only after `other` has finished: a value it delivers before then
    /// is not seen (a ``Property`` or `share(replay: 1)` keeps its latest). An `other` that
    /// never finishes never lets this stream through.
    public func prepend(_ other: some ObservableConvertible<Value>) -> Observable<Value> {
        other.append(self)
    }
}

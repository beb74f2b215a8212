extension ObservableConvertible {
    /// Delivers no values, only the finish (Combine's `ignoreOutput()`).
    ///
    /// ```swift
    /// let saved = save.ignoreValues().append(())   // one `()` when saving has finished
    /// ```
    public func ignoreValues() -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            upstream(Observer(onValue: { _ in }, onFinish: downstream.onFinish))
        }
    }

    /// Replaces every value with `value` (RxSwift's `map { _ in value }`, ReactiveSwift's
    /// `map(value:)`).
    ///
    /// ```swift
    /// let isLoading = Observable.merge(submit.map(to: true), response.map(to: false))
    /// ```
    public func map<T>(to value: T) -> Observable<T> {
        map { _ in value }
    }
}

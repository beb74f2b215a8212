extension ObservableConvertible {
    /// Delivers each value paired with its index, counted from 0 for each binding
    /// (RxSwift's `enumerated()`).
    ///
    /// ```swift
    /// messages.enumerated().bind { index, message in
    ///     print("#\(index): \(message)")   // #0, #1, … for this binding
    /// }
    /// ```
    ///
    /// The count belongs to the binding: a second binding starts again at 0, and so does a
    /// binding that `retry` makes again. The finish is passed on as it is.
    public func enumerated() -> Observable<(index: Int, element: Value)> {
        let upstream = asObservable().subscribe
        return Observable<(index: Int, element: Value)> { downstream in
            let nextIndex = BindingState(0)
            return upstream(Observer(
                onValue: { value in
                    let index = nextIndex.value
                    nextIndex.value = index + 1
                    downstream.onValue((index: index, element: value))
                },
                onFinish: downstream.onFinish
            ))
        }
    }
}

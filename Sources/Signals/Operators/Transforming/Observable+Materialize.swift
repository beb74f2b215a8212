extension ObservableConvertible {
    /// Delivers every value as `.value(v)` and the finish as `.finished`, then finishes
    /// (RxSwift's and ReactiveSwift's `materialize`): the finish becomes something a handler
    /// can see, record or combine.
    ///
    /// ```swift
    /// upload.materialize().bind { event in
    ///     if case .finished = event { showDone() }
    /// }
    /// ```
    public func materialize() -> Observable<Event<Value>> {
        let upstream = asObservable().subscribe
        return Observable<Event<Value>> { downstream in
            upstream(Observer(
                onValue: { downstream.onValue(.value($0)) },
                onFinish: {
                    downstream.onValue(.finished)
                    downstream.onFinish()
                }
            ))
        }
    }

    /// Turns events back into a stream: `.value(v)` delivers `v`, `.finished` finishes
    /// (the inverse of ``materialize()``); events after a `.finished` are dropped.
    ///
    /// ```swift
    /// let values = events.dematerialize()
    /// ```
    public func dematerialize<Element>() -> Observable<Element> where Value == Event<Element> {
        let upstream = asObservable().subscribe
        return Observable<Element> { downstream in
            let isFinished = BindingState(false)
            return upstream(Observer(
                onValue: { event in
                    guard !isFinished.value else { return }
                    switch event {
                    case .value(let value):
                        downstream.onValue(value)
                    case .finished:
                        isFinished.value = true
                        downstream.onFinish()
                    }
                },
                onFinish: {
                    guard !isFinished.value else { return }
                    isFinished.value = true
                    downstream.onFinish()
                }
            ))
        }
    }
}

extension Observable {
    /// A stream that calls `makeStream` each time it is bound and binds the stream it returns
    /// (RxSwift's `deferred`, Combine's `Deferred`): every binding gets an upstream of its own.
    ///
    /// ```swift
    /// let upload = Observable.deferred { Observable(results: uploader.upload(photo)) }
    ///     .retry(2)   // each attempt calls `uploader.upload(photo)` again
    /// ```
    ///
    /// - `makeStream` runs on the thread that binds, once per binding, before anything is
    ///   delivered; it is not called for a stream that is built and never bound.
    /// - Cancelling the binding cancels the binding of the stream it made.
    ///
    /// Use it for work that must start afresh on each binding and cannot be read twice: a
    /// one-shot `AsyncSequence` (an upload's progress stream), a value read at binding time, a
    /// stream built from state that may have changed. ``retry(_:)`` binds again after a failure,
    /// so behind `deferred` it really starts a new attempt.
    public static func deferred<Upstream: ObservableConvertible>(
        _ makeStream: @escaping () -> Upstream
    ) -> Observable<Value> where Upstream.Value == Value {
        Observable { downstream in
            makeStream().asObservable().subscribe(downstream)
        }
    }
}

extension ObservableConvertible {
    /// On each value of this stream, delivers `combine(value, latest)` where `latest` is the
    /// most recent value of `other`; values arriving before `other` has delivered are dropped.
    /// Finishes when this stream finishes; `other` finishing keeps its last value.
    /// (Combine has no such operator; this is RxSwift's.)
    @inlinable
    public func withLatestFrom<Other, Result>(
        _ other: some ObservableConvertible<Other>,
        _ combine: @escaping (Value, Other) -> Result
    ) -> Observable<Result> {
        let primary = asObservable()
        let other = other.asObservable()
        return Observable<Result> { downstream in
            let serializer = Serializer<Other?, Result>(state: nil, downstream: downstream)
            // Bind `other` first so that a replaying source (a Property) is seen at once.
            let otherToken = other.subscribe(Observer(
                onValue: { latest in serializer.withState { $0 = latest } },
                onFinish: {}
            ))
            let primaryToken = primary.subscribe(Observer(
                onValue: { value in
                    if let latest = serializer.withState({ $0 }) {
                        serializer.send(combine(value, latest))
                    }
                },
                onFinish: { serializer.finish() }
            ))
            return AnyCancellable {
                serializer.cancel()
                primaryToken.cancel()
                otherToken.cancel()
            }
        }
    }

    /// On each value of this stream, delivers the latest value of `other`.
    @inlinable
    public func withLatestFrom<Other>(_ other: some ObservableConvertible<Other>) -> Observable<Other> {
        withLatestFrom(other) { _, latest in latest }
    }
}

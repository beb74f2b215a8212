/// The decisions of `withLatestFrom`: the latest value of the other stream. (`combine` is
/// user code, so it runs outside the lock, in the wiring.)
struct WithLatestFromStateMachine<Other> {
    var latest: Other?

    init() {}

    /// The other stream delivered: it becomes the latest.
    mutating func otherDelivered(_ value: Other) {
        latest = value
    }

    /// This stream delivered: the other value to combine it with, or `nil` (drop it) before
    /// the other stream has delivered.
    func primaryDelivered() -> Other? { latest }
}

extension ObservableConvertible {
    /// On each value of this stream, delivers `combine(value, latest)` where `latest` is the
    /// most recent value of `other`; values arriving before `other` has delivered are dropped.
    /// Finishes when this stream finishes; `other` finishing keeps its last value.
    /// (Combine has no such operator; this is RxSwift's.)
    public func withLatestFrom<Other, Result>(
        _ other: some ObservableConvertible<Other>,
        _ combine: @escaping (Value, Other) -> Result
    ) -> Observable<Result> {
        let primary = asObservable()
        let other = other.asObservable()
        return Observable<Result> { downstream in
            let serializer = Serializer(state: WithLatestFromStateMachine<Other>(), downstream: downstream)
            // Bind `other` first so that a replaying source (a Property) is seen at once.
            let otherToken = other.subscribe(Observer(
                onValue: { latest in serializer.withState { $0.otherDelivered(latest) } },
                onFinish: {}
            ))
            let primaryToken = primary.subscribe(Observer(
                onValue: { value in
                    if let latest = serializer.withState({ $0.primaryDelivered() }) {
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
    public func withLatestFrom<Other>(_ other: some ObservableConvertible<Other>) -> Observable<Other> {
        withLatestFrom(other) { _, latest in latest }
    }
}

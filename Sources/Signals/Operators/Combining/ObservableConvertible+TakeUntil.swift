extension ObservableConvertible {
    /// Delivers values until `trigger` delivers its first value, then finishes and cancels
    /// both bindings (Combine's `prefix(untilOutputFrom:)`).
    ///
    /// A `trigger` that finishes without a value changes nothing.
    ///
    /// ```swift
    /// ticks.take(until: input.cancelTapped).bind { render($0) }
    /// ```
    public func take<Trigger>(until trigger: some ObservableConvertible<Trigger>) -> Observable<Value> {
        let upstream = asObservable()
        let trigger = trigger.asObservable()
        return .fromSerializer { serializer in
            let upstreamToken = LateCancellable()
            let triggerToken = LateCancellable()
            triggerToken.set(trigger.bind { _ in
                upstreamToken.cancel()
                triggerToken.cancel()
                serializer.finish()
            })
            upstreamToken.set(upstream.bind(
                onValue: { serializer.send($0) },
                onFinish: {
                    triggerToken.cancel()
                    serializer.finish()
                }
            ))
            return AnyCancellable {
                upstreamToken.cancel()
                triggerToken.cancel()
            }
        }
    }
}

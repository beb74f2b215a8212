extension ObservableConvertible {
    /// Each time `trigger` delivers, delivers the latest value of this stream (ReactiveSwift's
    /// `sample(on:)`, Kickstarter's `takeWhen`).
    ///
    /// ```swift
    /// let submitted = input.queryChanged.sample(on: input.searchTapped)   // the query, on tap
    /// ```
    ///
    /// Trigger values that arrive before this stream has delivered are dropped; the same
    /// latest value is delivered again on every trigger until a newer one arrives. Finishes
    /// when `trigger` finishes; this stream finishing keeps its last value for later triggers.
    /// It is `trigger.withLatestFrom(self)`, read from the other side.
    public func sample<Trigger>(on trigger: some ObservableConvertible<Trigger>) -> Observable<Value> {
        trigger.withLatestFrom(self) { _, latest in latest }
    }
}

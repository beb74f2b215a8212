/// The decisions of `debounce`: the pending value and which timer may deliver it.
struct DebounceStateMachine<Value> {
    var pending: Value?
    var generation: UInt64 = 0
    var timer: (any Cancellable)?

    init() {}

    /// A value arrived: it replaces the pending one. Returns the new timer's generation and
    /// the timer it supersedes (to cancel).
    mutating func valueArrived(_ value: Value) -> (generation: UInt64, superseded: (any Cancellable)?) {
        pending = value
        generation &+= 1
        let superseded = timer
        timer = nil
        return (generation, superseded)
    }

    /// Records the timer for `generation`; returns it back if already superseded.
    mutating func timerScheduled(_ token: any Cancellable, generation: UInt64) -> (any Cancellable)? {
        guard generation == self.generation, pending != nil else { return token }
        timer = token
        return nil
    }

    /// A timer fired: deliver the pending value if the timer is still the latest one.
    mutating func timerFired(generation: UInt64) -> Emission<Value> {
        guard generation == self.generation, let value = pending else { return .none }
        pending = nil
        timer = nil
        return .value(value)
    }

    /// Upstream finished: deliver a pending value at once, then finish.
    mutating func upstreamFinished() -> Emission<Value> {
        generation &+= 1
        timer = nil
        guard let value = pending else { return .finish }
        pending = nil
        return .valueAndFinish(value)
    }

    /// The binding was cancelled: returns the pending timer's token, to cancel outside the lock.
    mutating func cancelled() -> (any Cancellable)? {
        pending = nil
        return timer.take()
    }
}

extension ObservableConvertible {
    /// Delivers a value only after `dueTime` has passed without another value.
    ///
    /// Timing is measured on `scheduler`, which also delivers the values. **Differs from
    /// Combine** when upstream finishes with a value pending: Combine drops that value and
    /// schedules the finish; Signals delivers the pending value at once, then finishes
    /// (as RxSwift and swift-async-algorithms do), so the last thing typed is never lost.
    public func debounce(for dueTime: Duration, scheduler: some Scheduler) -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            let serializer = Serializer(state: DebounceStateMachine<Value>(), downstream: downstream)
            let token = upstream(Observer(
                onValue: { value in
                    let (generation, superseded) = serializer.withState { $0.valueArrived(value) }
                    superseded?.cancel()
                    let timer = scheduler.schedule(after: dueTime) {
                        serializer.run { $0.timerFired(generation: generation) }
                    }
                    serializer.withState { $0.timerScheduled(timer, generation: generation) }?.cancel()
                },
                onFinish: { serializer.run { $0.upstreamFinished() } }
            ))
            return AnyCancellable {
                serializer.cancel()
                token.cancel()
                serializer.withState { $0.cancelled() }?.cancel()
            }
        }
    }
}

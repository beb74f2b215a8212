/// The decisions of `throttle`, following Combine's: the first value is delivered on the
/// scheduler at once; later values wait until `interval` after the last delivery.
struct ThrottleStateMachine<Value> {
    let interval: Duration
    let latest: Bool
    var pending: Value?
    var isScheduled = false
    var isFinishPending = false
    var lastEmission: Duration?
    var actions = ScheduledActions()

    init(interval: Duration, latest: Bool) {
        self.interval = interval
        self.latest = latest
    }

    /// A value arrived at `now`: returns the delay after which to deliver, if a delivery must
    /// be scheduled (none is when one already is).
    mutating func valueArrived(_ value: Value, now: Duration) -> Duration? {
        if isScheduled {
            if latest { pending = value }
            return nil
        }
        pending = value
        isScheduled = true
        guard let lastEmission else { return .zero }
        return max(.zero, lastEmission + interval - now)
    }

    /// Upstream finished: returns true if a delivery must be scheduled to carry the finish.
    mutating func upstreamFinished() -> Bool {
        isFinishPending = true
        if isScheduled { return false }
        isScheduled = true
        return true
    }

    /// A delivery is about to be scheduled: returns its number.
    mutating func willSchedule() -> UInt64 {
        actions.willSchedule()
    }

    /// The scheduler returned `token` for delivery `number`: returns it back if it must be
    /// cancelled at once (the binding was cancelled meanwhile).
    mutating func emissionScheduled(_ token: any Cancellable, number: UInt64) -> (any Cancellable)? {
        actions.scheduled(token, number: number)
    }

    /// The binding was cancelled: returns the scheduled deliveries' tokens, to cancel outside
    /// the lock.
    mutating func cancelled() -> [any Cancellable] {
        pending = nil
        return actions.cancelled()
    }

    /// The scheduled delivery runs at `now`.
    mutating func emissionDue(now: Duration) -> Emission<Value> {
        actions.actionRan()
        isScheduled = false
        let value = pending
        pending = nil
        if value != nil { lastEmission = now }
        switch (value, isFinishPending) {
        case (let value?, true): return .valueAndFinish(value)
        case (let value?, false): return .value(value)
        case (nil, true): return .finish
        case (nil, false): return .none
        }
    }
}

extension ObservableConvertible {
    /// Delivers at most one value per `interval`, as Combine's `throttle`: the first value is
    /// delivered at once (through `scheduler`); values arriving within `interval` of the last
    /// delivery wait until it has passed, and then the latest (`latest: true`) or the first
    /// (`latest: false`) of them is delivered. A finish is delivered with the pending value,
    /// if any, else at once through `scheduler`.
    public func throttle(for interval: Duration, scheduler: some Scheduler, latest: Bool) -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            let serializer = Serializer(
                state: ThrottleStateMachine<Value>(interval: interval, latest: latest),
                downstream: downstream
            )
            let emit: @Sendable () -> Void = {
                serializer.run { $0.emissionDue(now: scheduler.now) }
            }
            let scheduleEmission: (Duration) -> Void = { delay in
                let number = serializer.withState { $0.willSchedule() }
                let action = delay == .zero
                    ? scheduler.scheduleCancellable(emit)
                    : scheduler.schedule(after: delay, emit)
                serializer.withState { $0.emissionScheduled(action, number: number) }?.cancel()
            }
            let token = upstream(Observer(
                onValue: { value in
                    let now = scheduler.now
                    guard let delay = serializer.withState({ $0.valueArrived(value, now: now) }) else { return }
                    scheduleEmission(delay)
                },
                onFinish: {
                    if serializer.withState({ $0.upstreamFinished() }) { scheduleEmission(.zero) }
                }
            ))
            return AnyCancellable {
                serializer.cancel()
                token.cancel()
                for action in serializer.withState({ $0.cancelled() }) { action.cancel() }
            }
        }
    }
}

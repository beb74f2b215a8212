/// The decisions of `timeout`: the deadline (restarted by each value), the events waiting for
/// their turn on the scheduler, and whether the deadline has passed.
///
/// Deadlines are numbered: a timer whose number is not the latest one was superseded, and
/// firing does nothing.
struct TimeoutStateMachine<Value> {
    /// What to do with an event from upstream.
    enum EventStep {
        /// The stream has ended (timed out, finished or cancelled): drop the event.
        case ignore
        /// Cancel `superseded` (the old deadline's timer), start deadline `deadline` if given,
        /// then schedule delivery number `delivery`.
        case schedule(delivery: UInt64, deadline: UInt64?, superseded: (any Cancellable)?)
    }

    /// Delivered just before the finish when the deadline passes (`timeout(_:scheduler:failure:)`).
    let timeoutValue: Value?
    private var waiting = FIFOQueue<Event<Value>>()
    private var deliveries = ScheduledActions()
    private(set) var deadline: UInt64 = 0
    private var timer: (any Cancellable)?
    private var upstream: (any Cancellable)?
    /// Upstream finished: its finish waits for delivery and no deadline runs any more.
    private(set) var isUpstreamFinished = false
    private(set) var isTimedOut = false
    private var isCancelled = false

    init(timeoutValue: Value? = nil) {
        self.timeoutValue = timeoutValue
    }

    private var acceptsEvents: Bool { !isUpstreamFinished && !isTimedOut && !isCancelled }

    /// The binding starts: returns the number of the first deadline, to schedule.
    mutating func started() -> UInt64 {
        deadline &+= 1
        return deadline
    }

    /// The timer for `deadline` was scheduled: keeps it, or hands it back to cancel if that
    /// deadline was superseded or the stream has ended.
    mutating func timerScheduled(_ token: any Cancellable, deadline: UInt64) -> (any Cancellable)? {
        guard deadline == self.deadline, acceptsEvents else { return token }
        timer = token
        return nil
    }

    /// Upstream was bound: keeps its token, or hands it back to cancel if the stream has ended.
    mutating func upstreamBound(_ token: any Cancellable) -> (any Cancellable)? {
        guard acceptsEvents else { return token }
        upstream = token
        return nil
    }

    /// Upstream delivered `value`: it waits for its delivery, and the deadline starts again.
    mutating func valueArrived(_ value: Value) -> EventStep {
        guard acceptsEvents else { return .ignore }
        waiting.append(.value(value))
        deadline &+= 1
        return .schedule(delivery: deliveries.willSchedule(), deadline: deadline, superseded: timer.take())
    }

    /// Upstream finished: the finish waits for its delivery, and no deadline runs any more.
    mutating func upstreamFinished() -> EventStep {
        guard acceptsEvents else { return .ignore }
        isUpstreamFinished = true
        waiting.append(.finished)
        deadline &+= 1
        upstream = nil
        return .schedule(delivery: deliveries.willSchedule(), deadline: nil, superseded: timer.take())
    }

    /// The scheduler returned `token` for delivery `number`: keeps it, or hands it back.
    mutating func deliveryScheduled(_ token: any Cancellable, number: UInt64) -> (any Cancellable)? {
        deliveries.scheduled(token, number: number)
    }

    /// A scheduled delivery ran: it delivers the oldest waiting event.
    mutating func deliveryRan() -> Emission<Value> {
        deliveries.actionRan()
        switch waiting.popFirst() {
        case .value(let value)?: return .value(value)
        case .finished?: return .finish
        case nil: return .none
        }
    }

    /// The timer of `deadline` fired. If it is the latest deadline, the stream times out:
    /// events still waiting are dropped (as Combine drops them), and the emission (the finish,
    /// after `timeoutValue` if there is one) comes back with the tokens to cancel first
    /// (upstream's and the waiting deliveries').
    mutating func timerFired(deadline: UInt64) -> (emission: Emission<Value>, cancelling: [any Cancellable]) {
        guard deadline == self.deadline, acceptsEvents else { return (.none, []) }
        isTimedOut = true
        timer = nil
        waiting.removeAll()
        let cancelling = [upstream.take()].compactMap { $0 } + deliveries.cancelled()
        return (timeoutValue.map(Emission.valueAndFinish) ?? .finish, cancelling)
    }

    /// The binding was cancelled: returns every token (upstream, timer, deliveries) to cancel.
    mutating func cancelled() -> [any Cancellable] {
        isCancelled = true
        waiting.removeAll()
        return [upstream.take(), timer.take()].compactMap { $0 } + deliveries.cancelled()
    }
}

extension ObservableConvertible {
    /// Finishes the stream when `interval` passes on `scheduler` without a value (Combine's
    /// `timeout(_:scheduler:)` without a custom error): a connection that has gone quiet.
    ///
    /// ```swift
    /// let typing = peerTypingEvents
    ///     .timeout(.seconds(5), scheduler: .main)   // no event for 5 s: the peer stopped typing
    /// ```
    ///
    /// - The deadline starts when the stream is bound and starts again with each value.
    /// - When it passes, upstream is cancelled and the stream finishes; values that arrive after
    ///   that are dropped.
    /// - As with Combine, values and upstream's finish are delivered **on `scheduler`** (so the
    ///   whole stream, timeout included, reaches its handler there), in order; a value that
    ///   arrived but was not yet delivered when the deadline passes is dropped.
    /// - After upstream's finish no deadline runs. Cancelling the binding cancels the timer and
    ///   the deliveries not yet run (scheduled work dies with the binding).
    ///
    /// On `ImmediateScheduler`, which ignores delays, the deadline passes as soon as the stream
    /// is bound. For a stream of `Result`s that should end with a failure instead, use
    /// ``timeout(_:scheduler:failure:)``.
    public func timeout(_ interval: Duration, scheduler: some Scheduler) -> Observable<Value> {
        timingOut(after: interval, scheduler: scheduler, timeoutValue: nil)
    }

    /// ``timeout(_:scheduler:)`` for a stream of `Result`s that delivers `.failure(failure)`
    /// before it finishes when the deadline passes (Combine's `timeout` with `customError`,
    /// where the failure travels as a value).
    ///
    /// ```swift
    /// let reply = chat.send(message)                  // Observable<Result<Ack, ChatError>>
    ///     .timeout(.seconds(10), scheduler: .main, failure: .timedOut)
    /// // no acknowledgement within 10 s: .failure(.timedOut), then the finish
    /// ```
    ///
    /// Everything else is as in ``timeout(_:scheduler:)``. Put `retry` after it to try again.
    public func timeout<Success, Failure>(
        _ interval: Duration,
        scheduler: some Scheduler,
        failure: Failure
    ) -> Observable<Value> where Value == Result<Success, Failure> {
        timingOut(after: interval, scheduler: scheduler, timeoutValue: .failure(failure))
    }

    /// The wiring of both `timeout` forms: a timer per deadline and a hop per event, through
    /// one serializer whose machine decides.
    func timingOut(after interval: Duration, scheduler: some Scheduler, timeoutValue: Value?) -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            let serializer = Serializer(state: TimeoutStateMachine<Value>(timeoutValue: timeoutValue), downstream: downstream)
            let deliverOldest: @Sendable () -> Void = { serializer.run { $0.deliveryRan() } }
            let startTimer: @Sendable (UInt64) -> Void = { deadline in
                let timer = scheduler.schedule(after: interval) {
                    let (emission, cancelling) = serializer.withState { $0.timerFired(deadline: deadline) }
                    // Upstream first (as Combine does), so nothing of it runs after the finish.
                    for token in cancelling { token.cancel() }
                    if case .none = emission { return }
                    serializer.emit(emission)
                }
                serializer.withState { $0.timerScheduled(timer, deadline: deadline) }?.cancel()
            }
            let perform: (TimeoutStateMachine<Value>.EventStep) -> Void = { step in
                guard case .schedule(let delivery, let deadline, let superseded) = step else { return }
                superseded?.cancel()
                // The new deadline before the delivery, as Combine orders them.
                if let deadline { startTimer(deadline) }
                let action = scheduler.scheduleCancellable(deliverOldest)
                serializer.withState { $0.deliveryScheduled(action, number: delivery) }?.cancel()
            }
            startTimer(serializer.withState { $0.started() })
            let token = upstream(Observer(
                onValue: { value in perform(serializer.withState { $0.valueArrived(value) }) },
                onFinish: { perform(serializer.withState { $0.upstreamFinished() }) }
            ))
            serializer.withState { $0.upstreamBound(token) }?.cancel()
            return AnyCancellable {
                serializer.cancel()
                for token in serializer.withState({ $0.cancelled() }) { token.cancel() }
            }
        }
    }
}

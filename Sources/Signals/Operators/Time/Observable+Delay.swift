/// The decisions of `receive(on:)` and `delay`: events wait in order, and each scheduled action
/// delivers the oldest. The actions not yet run are cancelled with the binding.
@usableFromInline
struct HopStateMachine<Value> {
    @usableFromInline var waiting = FIFOQueue<Event<Value>>()
    @usableFromInline var actions = ScheduledActions()

    @inlinable init() {}

    /// Upstream delivered a value or finished: it waits for its scheduled action. Returns the
    /// number of the action to schedule for it.
    @inlinable
    mutating func eventArrived(_ event: Event<Value>) -> UInt64 {
        waiting.append(event)
        return actions.willSchedule()
    }

    /// The scheduler returned `token` for action `number`: returns it back if it must be
    /// cancelled at once (the binding was cancelled meanwhile).
    @inlinable
    mutating func actionScheduled(_ token: any Cancellable, number: UInt64) -> (any Cancellable)? {
        actions.scheduled(token, number: number)
    }

    /// A scheduled action ran: it delivers the oldest waiting event.
    @inlinable
    mutating func actionRan() -> Emission<Value> {
        actions.actionRan()
        switch waiting.popFirst() {
        case .value(let value)?: return .value(value)
        case .finished?: return .finish
        case nil: return .none
        }
    }

    /// The binding was cancelled: drops the waiting events and returns the scheduled actions'
    /// tokens, to cancel outside the lock.
    @inlinable
    mutating func cancelled() -> [any Cancellable] {
        waiting.removeAll()
        return actions.cancelled()
    }
}

extension ObservableConvertible {
    /// Delivers each value, and the finish, `interval` later on `scheduler`, in order.
    public func delay(for interval: Duration, scheduler: some Scheduler) -> Observable<Value> {
        hop(to: scheduler, after: interval)
    }

    /// Delivers each value, and the finish, on `scheduler`, in order.
    ///
    /// With a serial scheduler (a serial queue, `.main`, `TestScheduler`) values keep their
    /// order; on `ImmediateScheduler` delivery stays synchronous.
    @inlinable
    public func receive(on scheduler: some Scheduler) -> Observable<Value> {
        hop(to: scheduler, after: nil)
    }

    /// Moves each event onto `scheduler` (after `delay`, if given). Events wait in a FIFO
    /// queue inside the serializer; each scheduled action delivers the oldest one, so the
    /// actions capture nothing but the (Sendable) serializer. Cancelling the binding cancels
    /// the actions not yet run; one already started delivers nothing.
    @inlinable
    func hop(to scheduler: some Scheduler, after delay: Duration?) -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            let serializer = Serializer(state: HopStateMachine<Value>(), downstream: downstream)
            let deliverOldest: @Sendable () -> Void = { serializer.run { $0.actionRan() } }
            let enqueue: (Event<Value>) -> Void = { event in
                let number = serializer.withState { $0.eventArrived(event) }
                let action = if let delay {
                    scheduler.schedule(after: delay, deliverOldest)
                } else {
                    scheduler.scheduleCancellable(deliverOldest)
                }
                serializer.withState { $0.actionScheduled(action, number: number) }?.cancel()
            }
            let token = upstream(Observer(
                onValue: { enqueue(.value($0)) },
                onFinish: { enqueue(.finished) }
            ))
            return AnyCancellable {
                serializer.cancel()
                token.cancel()
                for action in serializer.withState({ $0.cancelled() }) { action.cancel() }
            }
        }
    }
}

/// The decisions of `receive(on:)` and `delay`: events wait in order, and each scheduled action
/// delivers the oldest.
@usableFromInline
struct HopStateMachine<Value> {
    @usableFromInline var waiting = FIFOQueue<Event<Value>>()

    @inlinable init() {}

    /// Upstream delivered a value or finished: it waits for its scheduled action.
    @inlinable
    mutating func eventArrived(_ event: Event<Value>) {
        waiting.append(event)
    }

    /// A scheduled action ran: it delivers the oldest waiting event.
    @inlinable
    mutating func actionRan() -> Emission<Value> {
        switch waiting.popFirst() {
        case .value(let value)?: .value(value)
        case .finished?: .finish
        case nil: .none
        }
    }
}

extension ObservableConvertible {
    /// Delivers each value, and the finish, `interval` later on `scheduler`, in order.
    @inlinable
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
    /// actions capture nothing but the (Sendable) serializer. Actions that run after the
    /// binding is cancelled deliver nothing.
    @inlinable
    func hop(to scheduler: some Scheduler, after delay: Duration?) -> Observable<Value> {
        let upstream = asObservable().subscribe
        return Observable { downstream in
            let serializer = Serializer(state: HopStateMachine<Value>(), downstream: downstream)
            let deliverOldest: @Sendable () -> Void = { serializer.run { $0.actionRan() } }
            let enqueue: (Event<Value>) -> Void = { event in
                serializer.withState { $0.eventArrived(event) }
                if let delay {
                    scheduler.schedule(after: delay, deliverOldest)
                } else {
                    scheduler.schedule(deliverOldest)
                }
            }
            let token = upstream(Observer(
                onValue: { enqueue(.value($0)) },
                onFinish: { enqueue(.finished) }
            ))
            return AnyCancellable {
                serializer.cancel()
                token.cancel()
            }
        }
    }
}

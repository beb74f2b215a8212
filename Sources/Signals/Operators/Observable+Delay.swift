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
            let serializer = Serializer(state: FIFOQueue<Event<Value>>(), downstream: downstream)
            let deliverOldest: @Sendable () -> Void = {
                serializer.run { queue in
                    switch queue.popFirst() {
                    case .value(let value)?: return .value(value)
                    case .finished?: return .finish
                    case nil: return .none
                    }
                }
            }
            let enqueue: (Event<Value>) -> Void = { event in
                serializer.withState { $0.append(event) }
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

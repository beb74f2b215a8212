/// What a `Serializer` decision asks to deliver downstream.
@usableFromInline
enum Emission<Value> {
    case none
    case value(Value)
    case finish
    case valueAndFinish(Value)
}

/// A lock-guarded operator state plus an ordered, one-at-a-time downstream.
///
/// This is the one mechanism behind every operator with more than one source of events
/// (merge, combineLatest, zip, the flatMaps, timers, schedulers, `create`, `task`): each event
/// runs a *decision* on the state under the lock, and the resulting emission is queued in
/// decision order. Deliveries happen outside the lock, one at a time, by whichever thread found
/// the downstream idle (FIFO drain, as in `StreamCore`). After a finish or `cancel()` nothing
/// more is delivered.
@usableFromInline
final class Serializer<State, Value>: @unchecked Sendable {
    // Lock holder: every `var` below is guarded by `lock`, which is what makes accesses
    // exclusive; the runtime's dynamic exclusivity checks are switched off for them.
    @usableFromInline enum Pending {
        case value(Value)
        case finish
    }

    @usableFromInline let lock = Lock()
    @usableFromInline let downstream: Observer<Value>
    @usableFromInline @exclusivity(unchecked) var state: State
    @usableFromInline @exclusivity(unchecked) var pending = FIFOQueue<Pending>()
    @usableFromInline @exclusivity(unchecked) var isDelivering = false
    /// A finish was accepted (or the binding was cancelled): later emissions are dropped.
    @usableFromInline @exclusivity(unchecked) var isTerminated = false
    @usableFromInline @exclusivity(unchecked) var isCancelled = false

    @inlinable
    init(state: State, downstream: Observer<Value>) {
        self.state = state
        self.downstream = downstream
    }

    deinit { lock.deallocate() }

    /// Runs `decide` on the state under the lock (it must not call user code), then delivers
    /// what it returned, in decision order.
    @inlinable
    func run(_ decide: (inout State) -> Emission<Value>) {
        lock.lock()
        let emission = decide(&state)
        deliverLocked(emission)
    }

    /// Reads or updates the state under the lock without emitting.
    @inlinable
    func withState<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    @inlinable
    func send(_ value: Value) {
        lock.lock()
        deliverLocked(.value(value))
    }

    @inlinable
    func finish() {
        lock.lock()
        deliverLocked(.finish)
    }

    /// Stops all further delivery and drops what is queued.
    @inlinable
    func cancel() {
        lock.lock()
        isTerminated = true
        isCancelled = true
        let dropped = pending
        pending = FIFOQueue()
        lock.unlock()
        withExtendedLifetime(dropped) {}
    }

    /// Called with the lock held; unlocks.
    @inlinable
    func deliverLocked(_ emission: Emission<Value>) {
        if isTerminated {
            lock.unlock()
            return
        }
        let first: Pending
        switch emission {
        case .none:
            lock.unlock()
            return
        case .value(let value):
            first = .value(value)
        case .finish:
            isTerminated = true
            first = .finish
        case .valueAndFinish(let value):
            isTerminated = true
            if isDelivering {
                pending.append(.value(value))
                pending.append(.finish)
                lock.unlock()
                return
            }
            isDelivering = true
            lock.unlock()
            downstream.onValue(value)
            lock.lock()
            pending.append(.finish)
            lock.unlock()
            drain()
            return
        }
        if isDelivering {
            pending.append(first)
            lock.unlock()
            return
        }
        isDelivering = true
        lock.unlock()
        deliver(first)
        drain()
    }

    @inlinable
    func deliver(_ item: Pending) {
        switch item {
        case .value(let value): downstream.onValue(value)
        case .finish: downstream.onFinish()
        }
    }

    @inlinable
    func drain() {
        while true {
            lock.lock()
            if isCancelled {
                pending.removeAll()
            }
            guard let next = pending.popFirst() else {
                isDelivering = false
                lock.unlock()
                return
            }
            lock.unlock()
            deliver(next)
        }
    }

    /// An observer that feeds this serializer (values and finish pass straight through).
    @inlinable
    var observer: Observer<Value> {
        Observer(onValue: { self.send($0) }, onFinish: { self.finish() })
    }
}

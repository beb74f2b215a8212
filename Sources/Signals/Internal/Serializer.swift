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
///
/// Floods are handled as in `StreamCore`, with the same `FloodGate`: a decision from another
/// thread while a delivery runs first waits (before deciding, so that decisions stay in the
/// order they are delivered) while `FloodControl.queueLimit` emissions are queued, and the
/// drainer hands its role to a waiting sender after `FloodControl.turnLimit` deliveries in a
/// row. A decision from the drainer's own thread (re-entrancy) never waits. `withState` calls,
/// which emit nothing, never wait.
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
    @usableFromInline @exclusivity(unchecked) var gate = FloodGate()

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
        if isDelivering {
            runWhileDeliveringLocked { decide(&self.state) }
            return
        }
        let emission = decide(&state)
        deliverLocked(emission)
    }

    /// `run` for an emission that does not depend on the state (`send`, `finish`): the state is
    /// not accessed at all, so a stateless serializer (`create`, `task`) touches no state.
    @inlinable
    func emit(_ emission: Emission<Value>) {
        lock.lock()
        if isDelivering {
            runWhileDeliveringLocked { emission }
            return
        }
        deliverLocked(emission)
    }

    /// `run` while a delivery is running (re-entrant, or from another thread, which may wait
    /// first): lock held; unlocks. `decide` runs under the lock, after any wait.
    @inlinable @inline(never)
    func runWhileDeliveringLocked(_ decide: () -> Emission<Value>) {
        guard waitIfFloodedLocked() else {
            deliverLocked(decide())
            return
        }
        // This thread was handed the drainer role while it waited: its emission goes behind
        // what is queued, and it drains.
        enqueueLocked(decide())
        lock.unlock()
        drain(delivered: 0)
    }

    /// A decision from another thread found a delivery running: waits while the queue is full
    /// or the drainer wants relief (lock held on entry and on return; released while waiting).
    /// Returns true if the drainer role was handed to this thread.
    @usableFromInline @inline(never)
    func waitIfFloodedLocked() -> Bool {
        if isTerminated { return false }
        let thread = currentThreadID()
        guard gate.mustWait(thread, queued: pending.count), let parker = gate.enlist(thread) else {
            return false
        }
        parker.wait(releasing: lock, thread: thread)
        guard parker.grant == .role else { return false }
        gate.drainerThread = thread
        return true
    }

    /// Queues what a decision emitted, behind what is queued (lock held, drainer role held).
    @inlinable
    func enqueueLocked(_ emission: Emission<Value>) {
        if isTerminated { return }
        switch emission {
        case .none:
            break
        case .value(let value):
            pending.append(.value(value))
        case .finish:
            isTerminated = true
            pending.append(.finish)
        case .valueAndFinish(let value):
            isTerminated = true
            pending.append(.value(value))
            pending.append(.finish)
        }
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
        emit(.value(value))
    }

    @inlinable
    func finish() {
        emit(.finish)
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
            gate.drainerThread = currentThreadID()
            lock.unlock()
            downstream.onValue(value)
            lock.lock()
            pending.append(.finish)
            lock.unlock()
            drain(delivered: 1)
            return
        }
        if isDelivering {
            pending.append(first)
            lock.unlock()
            return
        }
        isDelivering = true
        gate.drainerThread = currentThreadID()
        lock.unlock()
        deliver(first)
        drain(delivered: 1)
    }

    @inlinable
    func deliver(_ item: Pending) {
        switch item {
        case .value(let value): downstream.onValue(value)
        case .finish: downstream.onFinish()
        }
    }

    /// Delivers queued emissions until there are none, then leaves the drainer role, or hands
    /// it to a waiting sender (see `FloodGate.admitWaiters`). `delivered` counts this thread's
    /// deliveries in a row so far.
    @inlinable
    func drain(delivered: Int) {
        var delivered = delivered
        while true {
            lock.lock()
            if isCancelled {
                pending.removeAll()
            }
            if delivered >= FloodControl.turnLimit || !gate.waiters.isEmpty,
               admitWaitersLocked(delivered: delivered) {
                return
            }
            guard let next = pending.popFirst() else {
                isDelivering = false
                gate.wantsRelief = false
                lock.unlock()
                return
            }
            lock.unlock()
            delivered += 1
            deliver(next)
        }
    }

    /// Lets waiting senders in, between deliveries (see `FloodGate.admitWaiters`). Returns true,
    /// with the lock released, if the drainer role went to a waiter; otherwise the lock is
    /// held on return.
    @usableFromInline @inline(never)
    func admitWaitersLocked(delivered: Int) -> Bool {
        var woken: [Parker] = []
        let handedOver = gate.admitWaiters(delivered: delivered, queued: pending.count, into: &woken)
        guard handedOver || !woken.isEmpty else { return false }
        lock.unlock()
        for parker in woken { parker.wake() }
        if handedOver { return true }
        lock.lock()
        return false
    }

    /// An observer that feeds this serializer (values and finish pass straight through).
    @inlinable
    var observer: Observer<Value> {
        Observer(onValue: { self.send($0) }, onFinish: { self.finish() })
    }
}

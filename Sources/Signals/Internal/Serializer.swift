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
/// runs a *decision* on the state under the lock, and the resulting emission is delivered in
/// decision order, outside the lock, one at a time, through the same `DrainQueue` (drainer
/// role, FIFO queue, flood gate) as `StreamCore`. After a finish or `cancel()` nothing more
/// is delivered.
///
/// Floods: a decision from another thread while a delivery runs first waits (before deciding,
/// so that decisions stay in the order they are delivered) while the queue is full, and the
/// drainer hands its role to a waiting sender after a turn (`FloodLimits`). A decision from
/// the drainer's own thread (re-entrancy) never waits. `withState` calls, which emit nothing,
/// never wait.
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
    @usableFromInline @exclusivity(unchecked) var queue = DrainQueue<Pending>()
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
        if queue.isDelivering {
            runWhileDeliveringLocked { decide(&self.state) }
            return
        }
        deliverLocked(decide(&state))
    }

    /// `run` for an emission that does not depend on the state (`send`, `finish`): the state is
    /// not accessed at all, so a stateless serializer (`create`, `task`) touches no state.
    @inlinable
    func emit(_ emission: Emission<Value>) {
        lock.lock()
        if queue.isDelivering {
            runWhileDeliveringLocked { emission }
            return
        }
        deliverLocked(emission)
    }

    /// `run` while a delivery is running (re-entrant, or from another thread, which may wait
    /// first): lock held; unlocks. `decide` runs under the lock, after any wait.
    @inlinable @inline(never)
    func runWhileDeliveringLocked(_ decide: () -> Emission<Value>) {
        let thread = currentThreadID()
        if !isTerminated, queue.mustWait(thread),
           let parker = Parker.enlisting(thread, unlessParked: queue.gate.drainerThread) {
            queue.enlist(parker)
            parker.wait(releasing: lock, thread: thread)
            switch queue.resume(parker.grant, thread: thread) {
            case .enqueueAndDrain:
                // The role was handed to this thread: its emission goes behind what is queued.
                enqueueLocked(decide())
                lock.unlock()
                drain(delivered: 0)
                return
            case .deliverNow:
                deliverHoldingRoleLocked(decide())
                return
            case .enqueue:
                break
            }
        }
        enqueueLocked(decide())
        lock.unlock()
    }

    /// Queues what a decision emitted, behind what is queued (lock held, a delivery running).
    @inlinable
    func enqueueLocked(_ emission: Emission<Value>) {
        if isTerminated { return }
        switch emission {
        case .none:
            break
        case .value(let value):
            queue.pending.append(.value(value))
        case .finish:
            isTerminated = true
            queue.pending.append(.finish)
        case .valueAndFinish(let value):
            isTerminated = true
            queue.pending.append(.value(value))
            queue.pending.append(.finish)
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
        let dropped = queue.pending
        queue.pending = FIFOQueue()
        lock.unlock()
        withExtendedLifetime(dropped) {}
    }

    /// Delivers `emission` as the thread that found nobody delivering (lock held; unlocks).
    @inlinable
    func deliverLocked(_ emission: Emission<Value>) {
        if isTerminated {
            lock.unlock()
            return
        }
        if case .none = emission {
            lock.unlock()
            return
        }
        queue.takeRole(currentThreadID())
        deliverHoldingRoleLocked(emission)
    }

    /// Delivers `emission` as the drainer, then drains (lock held; unlocks).
    @inlinable
    func deliverHoldingRoleLocked(_ emission: Emission<Value>) {
        let first: Pending
        switch isTerminated ? .none : emission {
        case .none:
            // Nothing was queued while this thread held the lock with the role: give it back.
            queue.release()
            lock.unlock()
            return
        case .value(let value):
            first = .value(value)
        case .finish:
            isTerminated = true
            first = .finish
        case .valueAndFinish(let value):
            isTerminated = true
            queue.pending.append(.finish)
            first = .value(value)
        }
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

    /// Takes drain steps (`DrainQueue.next`) until the role is given back or handed to a
    /// waiting sender. `delivered` counts this thread's deliveries in a row so far.
    @inlinable
    func drain(delivered: Int) {
        var delivered = delivered
        while true {
            var woken: [ParkerWake] = []
            lock.lock()
            if isCancelled { queue.pending.removeAll() }
            let step = queue.takeNext(delivered: delivered, woken: &woken)
            lock.unlock()
            for wake in woken { wake.perform() }
            switch step {
            case .deliver(let item):
                delivered += 1
                deliver(item)
            case .handedOff, .idle:
                return
            }
        }
    }

    /// An observer that feeds this serializer (values and finish pass straight through).
    @inlinable
    var observer: Observer<Value> {
        Observer(onValue: { self.send($0) }, onFinish: { self.finish() })
    }
}

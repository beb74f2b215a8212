/// What a `Serializer` decision asks to deliver downstream.
@usableFromInline
package enum Emission<Value> {
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
/// is delivered. What to do with an emission (deliver it now, queue it, wait for room, drop
/// it) is decided by the transitions of `serial` (`SerializerState`); this class only locks,
/// calls them and performs what they say. The explorer runs this class itself (`EngineSchedule`).
///
/// Floods: a decision from another thread while a delivery runs first waits (before deciding,
/// so that decisions stay in the order they are delivered) while the queue is full, and the
/// drainer hands its role to a waiting sender after a turn (`FloodLimits`). A decision from
/// the drainer's own thread (re-entrancy) never waits. `withState` calls, which emit nothing,
/// never wait.
///
/// Lifetime: once cancelled, and as soon as no delivery runs, the serializer lets go of its
/// downstream (the binding's handlers and what they capture). A `Task` (of `task`, an
/// AsyncSequence bridge, or a `create` body) that holds the serializer and ignores
/// cancellation then keeps only the serializer alive, not the binding.
@usableFromInline
final class Serializer<State, Value>: @unchecked Sendable {
    // Lock holder: every `var` below is guarded by `lock`, which is what makes accesses
    // exclusive; the runtime's dynamic exclusivity checks are switched off for them.
    // `downstream` is read outside the lock by the drainer alone, and let go of under the lock
    // only while nobody holds the drainer role (`unlockReleasingDownstreamIfCancelled`).
    @usableFromInline typealias QueuedEvent = SerializerState<Value>.QueuedEvent

    @usableFromInline let lock = Lock()
    /// The binding's observer, owned by hand (`Unmanaged`) so that the drainer calls it without
    /// retaining it: nobody lets go of it while a delivery runs. Once let go of, one that holds
    /// nothing.
    @usableFromInline @exclusivity(unchecked) var downstream: Unmanaged<Downstream<Value>>
    @usableFromInline @exclusivity(unchecked) var state: State
    /// The drainer role, the queue and whether the stream has ended: every decision about
    /// them is a transition of this value (`SerializerState`).
    @usableFromInline @exclusivity(unchecked) var serial = SerializerState<Value>()

    /// Where a sender waiting for room records itself (`ParkedSenders`): the process's unless
    /// given another.
    @usableFromInline let parking: ParkedSenders
    /// How far a flood may go (`FloodLimits.standard` unless given others: the explorer gives
    /// small ones).
    @usableFromInline let limits: FloodLimits

    @inlinable
    init(state: State, downstream: Observer<Value>, parking: ParkedSenders = .shared, limits: FloodLimits = .standard) {
        self.parking = parking
        self.limits = limits
        self.state = state
        self.downstream = .passRetained(Downstream(downstream))
    }

    deinit {
        downstream.release()
        lock.deallocate()
    }

    /// Runs `decide` on the state under the lock (it must not call user code), then delivers
    /// what it returned, in decision order.
    @inlinable
    func run(_ decide: (inout State) -> Emission<Value>) {
        lock.lock()
        if serial.isDelivering {
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
        if serial.isDelivering {
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
        if case .wait = serial.arrival(thread, limits: limits),
           let parker = Parker.enlisting(thread, unlessParked: serial.drainerThread, in: parking) {
            serial.enlist(parker)
            parker.wait(releasing: lock, thread: thread)
            switch serial.resume(parker.grant, thread: thread) {
            case .enqueueAndDrain:
                // The role was handed to this thread: its emission goes behind what is queued.
                serial.enqueue(decide())
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
        serial.enqueue(decide())
        lock.unlock()
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

    /// Stops all further delivery, drops what is queued, and lets go of the downstream now,
    /// or, while a delivery runs, when its drainer gives the role back.
    @inlinable
    func cancel() {
        lock.lock()
        let dropped = serial.cancel()
        unlockReleasingDownstreamIfCancelled()
        withExtendedLifetime(dropped) {}
    }

    /// Unlocks (lock held on entry) and, after a cancel with nobody delivering, lets go of the
    /// downstream, released after unlocking: its handlers may run user code in a `deinit`.
    /// Out of line: it is off every delivery's path.
    @inlinable @inline(never)
    func unlockReleasingDownstreamIfCancelled() {
        guard serial.releasesDownstream else { return lock.unlock() }
        let released = downstream
        downstream = .passRetained(Downstream(Observer(onValue: { _ in }, onFinish: {})))
        lock.unlock()
        released.release()
    }

    /// Delivers `emission` as the thread that found nobody delivering (lock held; unlocks).
    @inlinable
    func deliverLocked(_ emission: Emission<Value>) {
        let delivers = serial.start(emission, thread: currentThreadID())
        lock.unlock()
        if delivers {
            deliverFirst(of: emission)
            drain(delivered: 1)
        }
    }

    /// Delivers `emission` as the drainer, then drains (lock held; unlocks).
    @inlinable
    func deliverHoldingRoleLocked(_ emission: Emission<Value>) {
        let delivers = serial.deliverHoldingRole(emission)
        if delivers {
            lock.unlock()
        } else {
            unlockReleasingDownstreamIfCancelled()
        }
        if delivers {
            deliverFirst(of: emission)
            drain(delivered: 1)
        }
    }

    /// Delivers the first event of an emission the state said to deliver at once.
    @inlinable @inline(__always)
    func deliverFirst(of emission: Emission<Value>) {
        switch emission {
        case .value(let value), .valueAndFinish(let value): deliver(.value(value))
        case .finish: deliver(.finish)
        case .none: break
        }
    }

    /// Calls the downstream, as the drainer (so it is not let go of meanwhile), at +0.
    @inlinable @inline(__always)
    func deliver(_ item: QueuedEvent) {
        downstream._withUnsafeGuaranteedRef { downstream in
            switch item {
            case .value(let value): downstream.observer.onValue(value)
            case .finish: downstream.observer.onFinish()
            }
        }
    }

    /// Takes drain steps (`SerializerState.drainStep`) until the role is given back or handed
    /// to a waiting sender. `delivered` counts this thread's deliveries in a row so far.
    @inlinable
    func drain(delivered: Int) {
        var delivered = delivered
        while true {
            var woken: [ParkerWake] = []
            lock.lock()
            let step = serial.drainStep(delivered: delivered, woken: &woken, limits: limits)
            if case .idle = step, serial.isCancelled {
                // The role given back after a cancel: nobody delivers any more.
                unlockReleasingDownstreamIfCancelled()
            } else {
                lock.unlock()
            }
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

/// A serializer's downstream, in a box the serializer retains and releases by hand.
@usableFromInline
final class Downstream<Value> {
    @usableFromInline let observer: Observer<Value>

    @inlinable
    init(_ observer: Observer<Value>) { self.observer = observer }
}

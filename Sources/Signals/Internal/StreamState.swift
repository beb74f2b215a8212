/// The delivery state of one `Subject` or `Property`, with its transitions.
///
/// `StreamCore` holds it behind a lock: it calls one transition with the lock held, then
/// performs the action it returned (deliver to a table prefix, deliver a replay or a finish,
/// wait, drain, wake parked senders, release removed bindings) with the lock released. No
/// transition runs user code, sets a sink's cancelled flag or a parker's grant, or signals
/// anything: those are actions (`BindAction`, `ParkerWake`, `Leftovers`). The fields can be
/// read from outside but changed only by the transitions (`private(set)`), so `StreamCore`
/// decides nothing. The interleaving explorer (`Tests/SignalsTests/Engine`) drives these same
/// transitions from several logical threads, with every handler call a step of its own.
///
/// A value that owns its slot table's storage: it cannot be copied by accident (`~Copyable`: a
/// copy that shared the storage would not be a value), `copy()` makes an independent one, and the
/// storage is freed when the state ends. No transition writes to an object: the sinks' slot
/// indexes are a cache the core writes before it unlocks (`SlotIndexing`). The explorer steps
/// copies of a state instead of replaying schedules.
///
/// The parts, each a type with its own invariants: `SlotTable` (the bindings, in bind order),
/// `DrainQueue` (the drainer role, the FIFO queue and the flood gate) and `LateBinders` (who
/// skips which queued events). The stream's own invariants:
///
/// - **Exactly the values sent after bind.** A binding receives a queued event only if the
///   event was queued after the binding was made (`enqueuedTotal` numbers the events;
///   `LateBinders` keeps the rest). A value delivered at once goes to the table as it was
///   when the role was taken.
/// - **Replay once.** A `Property` binding gets the current value as its first event: at
///   once if nothing was delivering, else queued (`.replay`) behind what it skips, admitted
///   like a send (so it counts toward the flood bound).
/// - **Finish last, once.** After `isFinished`, nothing more is queued or admitted; the finish
///   is queued behind what was queued before it, and it empties the table.
/// - **Deferred work is flagged.** `hasDeferredWork` is true whenever the drainer has more to
///   do than give its role back: queued events, bindings or removals made during a delivery,
///   waiting senders.
///   That keeps the end of an uncontended delivery to one check.
@usableFromInline
package struct StreamState<Value>: ~Copyable {
    @usableFromInline
    package enum Event {
        case value(Value)
        case finish
        case replay(Sink<Value>, Value)
    }

    @usableFromInline package private(set) var table = SlotTable<Value>()
    @usableFromInline package private(set) var queue = DrainQueue<Event>()
    @usableFromInline package private(set) var lateBinders = LateBinders<Value>()
    @usableFromInline package private(set) var isFinished = false
    @usableFromInline package private(set) var hasDeferredWork = false
    /// A thread whose role passes to the word at the next unlock (see `commit`), or 0.
    @usableFromInline package private(set) var claimOnUnlock: ThreadID = 0
    /// How many events have ever been queued, and taken out (running totals, not the queue's
    /// length): a queued event's sequence number is `enqueuedTotal` just after it was queued
    /// (the first is 1), and `dequeuedTotal` is the number of the last event taken out.
    @usableFromInline package private(set) var enqueuedTotal = 0
    @usableFromInline package private(set) var dequeuedTotal = 0
    @usableFromInline package let replays: Bool
    /// The replayed current value (`Property`): one element, or none when `replays` is false.
    /// An array rather than a `Value?`, so that the state's layout does not depend on `Value`:
    /// code that is not specialized for a `Value` (a token's `cancel`, called through
    /// `any Cancellable`) then reaches the table without instantiating the state's generic
    /// metadata, which is costly.
    @usableFromInline private(set) var currentStorage: ContiguousArray<Value>

    @inlinable
    package init() {
        replays = false
        currentStorage = []
    }

    @inlinable
    package init(currentValue: Value) {
        replays = true
        currentStorage = [currentValue]
    }

    /// The replayed current value (`Property`); `nil` when `replays` is false.
    @inlinable package var current: Value? { currentStorage.first }

    /// A property's current value (`replays` must be true).
    @inlinable package var currentValue: Value { currentStorage[0] }

    /// The thread holding the drainer role (0 if none).
    @inlinable package var drainerThread: ThreadID { queue.gate.drainerThread }

    /// The live bindings, counting those made during the running delivery.
    @inlinable package var bindingCount: Int { table.liveCount }

    /// The table a send that claims the role without the lock delivers to (`StreamWord`).
    /// `StreamCore` keeps a copy, taken at each unlock that leaves the word open, and reads that
    /// copy without the lock: nothing writes the table's slots or count while a claim may be
    /// running (`SlotTable`, "untouched while read"). A `mutating get`, so that no build copies
    /// the state (and retains its arrays) to call it.
    @inlinable package var claimedTable: TablePrefix<Value> {
        mutating get { TablePrefix(slots: table.slots, count: table.count) }
    }

    /// Whether sinks were put in slots whose indexes the core must write before it unlocks
    /// (`takeIndexing()`).
    @inlinable package var needsIndexing: Bool { table.unindexedFrom != .max }

    /// The sinks put in slots since the last call, whose indexes the core writes before it
    /// unlocks (`SlotIndexing.perform()`): the table then counts them as indexed.
    @inlinable
    package mutating func takeIndexing() -> SlotIndexing<Value> { table.takeIndexing() }

    /// Events queued behind the running delivery, now.
    @inlinable package var queuedCount: Int { queue.pending.count }

    /// Senders parked because the stream is flooded, now.
    @inlinable package var parkedCount: Int { queue.gate.waiters.count }

    /// A state equal to this one that goes its own way: the same bindings, queue, late binders
    /// and flags, with a table of its own (`SlotTable.copy()`). Its sinks and parkers are the
    /// same objects.
    @inlinable
    package func copy() -> StreamState<Value> {
        var state = replays ? StreamState(currentValue: currentStorage[0]) : StreamState()
        state.table = table.copy()
        state.queue = queue
        state.lateBinders = lateBinders
        state.isFinished = isFinished
        state.hasDeferredWork = hasDeferredWork
        state.claimOnUnlock = claimOnUnlock
        state.enqueuedTotal = enqueuedTotal
        state.dequeuedTotal = dequeuedTotal
        return state
    }

    // MARK: Admission (send, Property writes, Property binds)

    /// What a write (a send, a `Property` write or a `Property` bind's replay) may do.
    @usableFromInline
    package enum Admission: Equatable {
        /// The stream has finished: drop it.
        case drop
        /// The caller took the drainer role: deliver at once, then end the delivery.
        case deliverNow
        /// Queue it and return.
        case enqueue
        /// The role was handed to the caller while it waited: queue it, then drain.
        case enqueueAndDrain
        /// The role was handed over, but the stream finished meanwhile: drain only.
        case drainOnly
        /// The stream is flooded: wait on a parker (`wait(on:)`), then `resume`.
        case wait
    }

    // MARK: The word (`StreamWord`): the lock and the claim

    /// The lock was taken with the word as `seen` (`StreamWord.lock`): a claim it shows, made
    /// by a send since the last unlock, is recorded (transition "claim"). Every lock holder
    /// calls this first, so every other transition sees the truth.
    @inlinable @inline(__always)
    package mutating func locked(seeing seen: UInt) {
        if seen & StreamWord.claimed != 0 {
            absorbClaim(by: ThreadID(truncatingIfNeeded: seen & ~StreamWord.flags))
        }
    }

    /// The lock is released: returns the word to leave. 0 if the next send may claim the role
    /// without the lock, else `StreamWord.closed`; with a claim on top if a write delivering at
    /// once handed its role to the word (`commit`), so that its end is one compare-and-swap.
    @inlinable @inline(__always)
    package mutating func unlocking() -> UInt {
        let rest = allowsClaim ? 0 : StreamWord.closed
        if claimOnUnlock == 0 { return rest }
        defer { claimOnUnlock = 0 }
        return claimOnUnlock | StreamWord.claimed | rest
    }

    /// Whether a stream's sends may try a claim without the lock at all: a subject's. A constant,
    /// readable without the lock.
    @inlinable package var isClaimable: Bool { !replays }

    /// The word an idle stream of this kind most likely has (0 for a subject, `closed` for a
    /// property), which a lock tries first. A constant, readable without the lock.
    @inlinable package var restingWord: UInt { replays ? StreamWord.closed : 0 }

    /// Whether a send may take the role without the lock (`StreamWord`): nothing delivering,
    /// not finished, not a property (whose sends store the current value). Nothing is deferred
    /// then either: deferred work exists only while the role is held.
    @inlinable
    package var allowsClaim: Bool { !queue.isDelivering && !isFinished && !replays }

    /// A send on `thread` claimed the role without the lock while `allowsClaim` held (the
    /// transition "claim", recorded by the next lock holder, see `StreamWord`).
    @inlinable
    package mutating func absorbClaim(by thread: ThreadID) {
        assert(!queue.isDelivering && !hasDeferredWork && !isFinished, "a claim while the state did not allow one")
        queue.takeRole(thread)
    }


    /// A write arrives from `thread` (transition "send" / "admission"). Keeps "finish last"
    /// and the queue's "bounded queue".
    @inlinable
    package mutating func admit(_ thread: ThreadID, limits: FloodLimits = .standard) -> Admission {
        if isFinished { return .drop }
        switch queue.admit(thread, limits: limits) {
        case .deliverNow: return .deliverNow
        case .enqueue: return .enqueue
        case .wait:
            hasDeferredWork = true
            return .wait
        }
    }

    /// The caller of an `admit` that returned `.wait` waits on `parker` (returns `.wait`), or
    /// has no parker because the drainer is itself parked in a send (`Parker.enlisting`):
    /// waiting could then close a cycle across threads, so it queues past the limit (returns
    /// `.enqueue`).
    @inlinable
    package mutating func wait(on parker: Parker?) -> Admission {
        guard let parker else { return .enqueue }
        queue.enlist(parker)
        return .wait
    }

    /// A writer woke from waiting with `grant` (transition "admission", second half).
    @inlinable
    package mutating func resume(_ grant: Parker.Grant, thread: ThreadID) -> Admission {
        if grant != .role && isFinished { return .drop }
        switch queue.resume(grant, thread: thread) {
        case .enqueueAndDrain: return isFinished ? .drainOnly : .enqueueAndDrain
        case .deliverNow: return .deliverNow
        case .enqueue: return .enqueue
        }
    }

    /// Stores `value` as a write admitted with `admission` (`.deliverNow`, `.enqueue` or
    /// `.enqueueAndDrain`): the property's new current value (the old one goes to
    /// `displaced`, to release after unlocking), queued or returned as the table to deliver
    /// to at once. Keeps "FIFO" and "exactly the values sent after bind".
    ///
    /// Delivering at once, the caller's role passes to the word at the unlock (`unlocking()`):
    /// the caller gives it back with `StreamWord.giveBack`, or under the lock if a lock holder
    /// has recorded it again meanwhile (`locked(seeing:)`).
    @inlinable
    package mutating func commit(_ value: Value, _ admission: Admission, displaced: inout Value?) -> TablePrefix<Value>? {
        if replays {
            displaced = currentStorage[0]
            currentStorage[0] = value
        }
        if admission == .deliverNow {
            claimOnUnlock = queue.gate.drainerThread
            queue.gate.drainerThread = 0
            queue.release()
            return table.prefix
        }
        enqueue(.value(value))
        return nil
    }

    /// A write admitted with `admission` is declined (`Property.update` decided not to
    /// change the value): a role it took is given back, or the caller must drain (returns
    /// true: the role was handed to it, or work is deferred).
    @inlinable
    package mutating func decline(_ admission: Admission) -> Bool {
        switch admission {
        case .deliverNow: return deliveryEnded()
        case .enqueueAndDrain, .drainOnly: return true
        case .drop, .enqueue, .wait: return false
        }
    }

    @inlinable
    mutating func enqueue(_ event: __owned Event) {
        queue.pending.append(event)
        enqueuedTotal &+= 1
        hasDeferredWork = true
    }

    // MARK: Finish

    /// What `finish` does after unlocking.
    @usableFromInline
    package enum FinishAction {
        /// Already finished, or queued behind the running delivery.
        case none
        /// The caller took the role: deliver the finish to these sinks, then end the delivery.
        case deliver([Sink<Value>])
    }

    /// The stream finishes (transition "finish"). Keeps "finish last, once": queued behind
    /// what was queued before it, never waiting.
    @inlinable
    package mutating func finish(_ thread: ThreadID) -> FinishAction {
        if isFinished { return .none }
        isFinished = true
        if queue.isDelivering {
            enqueue(.finish)
            return .none
        }
        queue.isDelivering = true
        queue.gate.drainerThread = thread
        return .deliver(table.takeAll())
    }

    // MARK: Bind and cancel

    /// What `bind` does after unlocking.
    @usableFromInline
    package enum BindAction {
        /// Nothing more (a subject binding, or a replay queued).
        case done
        /// The stream has finished: deliver the finish to this binding alone (which marks it
        /// cancelled, `Sink.deliverFinish`).
        case finishNow
        /// The caller took the role: deliver the replay to this binding, then end the delivery.
        case replayNow(Value)
        /// The role was handed to the caller while it waited: drain.
        case drain
        /// Both: the stream finished while the caller waited with the role handed to it.
        case finishNowAndDrain
        /// The stream is flooded: wait on a parker (`wait(on:)`), then `resumeBind`.
        case wait
    }

    /// `sink` binds from `thread` (transition "bind"). A subject binding never waits; a
    /// property binding is admitted like a write, because its replay is one. Keeps "exactly
    /// the values sent after bind" and "replay once".
    @inlinable
    package mutating func bind(_ sink: Sink<Value>, thread: ThreadID, limits: FloodLimits = .standard) -> BindAction {
        if isFinished { return .finishNow }
        guard replays else {
            attach(sink)
            return .done
        }
        return attach(sink, admit(thread, limits: limits))
    }

    /// A property binder whose `bind` returned `.wait` waits on `parker` (returns `.wait`), or
    /// has none because the drainer is parked (see `wait(on:)`): it binds without waiting.
    @inlinable
    package mutating func waitToBind(_ sink: Sink<Value>, on parker: Parker?) -> BindAction {
        attach(sink, wait(on: parker))
    }

    /// A property binder woke from waiting with `grant`.
    @inlinable
    package mutating func resumeBind(_ sink: Sink<Value>, grant: Parker.Grant, thread: ThreadID) -> BindAction {
        attach(sink, resume(grant, thread: thread))
    }

    @inlinable
    mutating func attach(_ sink: Sink<Value>, _ admission: Admission) -> BindAction {
        switch admission {
        case .wait:
            return .wait
        case .drop, .drainOnly:
            return admission == .drop ? .finishNow : .finishNowAndDrain
        case .deliverNow:
            // The role was free: no delivery reads the table and nothing is queued.
            table.append(sink, isBeingRead: false)
            return .replayNow(currentStorage[0])
        case .enqueue, .enqueueAndDrain:
            attach(sink)
            enqueue(.replay(sink, currentStorage[0]))
            return admission == .enqueue ? .done : .drain
        }
    }

    /// Puts `sink` at the end of the table; if events are queued, it skips them.
    @inlinable
    mutating func attach(_ sink: Sink<Value>) {
        table.append(sink, isBeingRead: queue.isDelivering)
        if queue.isDelivering {
            hasDeferredWork = true
            if !queue.pending.isEmpty { lateBinders.append(sink, lastSkipped: enqueuedTotal) }
        }
    }

    /// A cancelled binding leaves (transition "cancel or release"): now, or after the running
    /// delivery. Keeps the table's "untouched while read". Returns true if the table is left
    /// sparse: the caller then runs `compactTable()` before unlocking.
    @inlinable @inline(__always)
    package mutating func remove(_ sink: Sink<Value>, limits: FloodLimits = .standard) -> Bool {
        switch table.remove(sink, isBeingRead: queue.isDelivering, compactAbove: limits.compactAbove) {
        case .deferred:
            hasDeferredWork = true
            return false
        case .removed:
            return false
        case .leftSparse:
            return true
        }
    }

    /// `remove` as a whole locked operation on the word (a token's cancel): records a claim the
    /// word showed (`seen`, see `locked(seeing:)`), removes `sink`, and returns the word to
    /// leave, and whether to run `compactTable()` first. A removal changes nothing the word
    /// shows, so that is the word as the lock found it, closed if it showed a claim: what
    /// `unlocking()` would compute, without reading the state again (a cancel is a hot path).
    @inlinable @inline(__always)
    package mutating func remove(_ sink: Sink<Value>, seeing seen: UInt, limits: FloodLimits = .standard) -> (word: UInt, leftSparse: Bool) {
        locked(seeing: seen)
        let leftSparse = remove(sink, limits: limits)
        let left = seen & StreamWord.claimed != 0 ? StreamWord.closed : seen
        assert(claimOnUnlock == 0 && left == (allowsClaim ? 0 : StreamWord.closed), "a removal changed the word")
        return (left, leftSparse)
    }

    /// A removal left the table sparse (transition "compact"): moves the live bindings down over
    /// the holes, in order, and returns the sinks it moved, whose indexes the caller writes
    /// before unlocking.
    @inlinable
    package mutating func compactTable() -> SlotIndexing<Value> {
        table.compact()
        return table.takeIndexing()
    }

    // MARK: Draining

    /// The end of a delivery made at once (`.deliverNow`, or a claim a lock holder has seen):
    /// gives the role back and returns false, or returns true if the caller must drain.
    @inlinable @inline(__always)
    package mutating func deliveryEnded() -> Bool {
        if hasDeferredWork { return true }
        queue.release()
        return false
    }

    /// What one drain step asks the drainer to do after unlocking.
    @usableFromInline
    package enum DrainStep {
        /// Deliver the value to the table prefix, then take the next step.
        case deliver(Value, TablePrefix<Value>)
        /// Deliver a property's replay to its new binding, then take the next step.
        case replay(Sink<Value>, Value)
        /// Deliver the finish to these sinks, then take the next step.
        case finish([Sink<Value>])
        /// The role went to a waiting sender, or was given back: return.
        case stop
    }

    /// One drain step (transition "drain step"): applies deferred removals, lets waiting
    /// senders in or hands the role over, and takes the next event out, computing who it goes
    /// to. What to free or wake goes to `leftovers`. `delivered`: events this thread has
    /// delivered in a row.
    @inlinable
    package mutating func drainStep(delivered: Int, leftovers: inout Leftovers<Value>, limits: FloodLimits = .standard) -> DrainStep {
        table.applyDeferred(into: &leftovers, compactAbove: limits.compactAbove)
        switch queue.takeNext(delivered: delivered, woken: &leftovers.woken, limits: limits) {
        case .handedOff:
            return .stop
        case .idle:
            hasDeferredWork = false
            if !lateBinders.isEmpty { lateBinders.removeAll(into: &leftovers) }
            return .stop
        case .deliver(let event):
            dequeuedTotal &+= 1
            switch event {
            case .value(let value):
                let count = lateBinders.isEmpty
                    ? table.count
                    : lateBinders.deliveryCount(for: dequeuedTotal, in: table, leftovers: &leftovers)
                return .deliver(value, table.prefix(count))
            case .finish:
                if !lateBinders.isEmpty { lateBinders.removeAll(into: &leftovers) }
                return .finish(table.takeAll())
            case .replay(let sink, let value):
                return .replay(sink, value)
            }
        }
    }
}

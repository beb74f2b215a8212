/// The delivery state of one `Subject` or `Property`: a value with private fields, and one
/// transition for each locked step of an operation.
///
/// `StreamCore` holds it behind its lock word. Each of its operations locks, calls one
/// transition, unlocks with the word the transition returned (`Unlock`), and performs the
/// action it returned: deliver to a table prefix, deliver a replay or a finish, drain, wake
/// parked senders, release removed bindings. No transition runs user code, writes an object (a
/// sink's flag or index, a parker's grant), or signals anything; the sinks' slot indexes, which
/// every lock holder reads, are written as the first part of the unlock (`Unlock.indexing`). Every transition takes the
/// word as the lock found it (`seen`) and first records a claim it shows (`absorb`), so that the
/// state is the whole truth for the lock holder.
///
/// Two operations hold the lock across two transitions, because something between them must
/// happen under the lock: a write that must wait for room (`admit`, then `park`, which enlists a
/// parker the core got from the parked-senders registry) and `Property.modify`/`update`, whose
/// closure runs between `admit` and `commit`/`decline`.
///
/// The parts, each a type with its own invariants: `SlotTable` (the bindings, in bind order), `DrainQueue` (the drainer role, the FIFO queue and the flood gate) and
/// `LateBinders` (who skips which queued events). The stream's own invariants:
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
///   waiting senders. That keeps the end of an uncontended delivery to one check.
@usableFromInline
struct StreamState<Value>: ~Copyable {
    @usableFromInline
    enum QueuedEvent {
        case value(Value)
        case finish
        case replay(Sink<Value>, Value)
    }

    @usableFromInline var table = SlotTable<Value>()
    @usableFromInline var queue = DrainQueue<QueuedEvent>()
    @usableFromInline var lateBinders = LateBinders<Value>()
    @usableFromInline var isFinished = false
    @usableFromInline var hasDeferredWork = false
    /// A thread whose role passes to the word at this unlock (see `commit`), or 0.
    @usableFromInline var claimOnUnlock: ThreadID = 0
    /// How many events have ever been queued, and taken out (running totals, not the queue's
    /// length): a queued event's sequence number is `enqueuedTotal` just after it was queued
    /// (the first is 1), and `dequeuedTotal` is the number of the last event taken out.
    @usableFromInline var enqueuedTotal = 0
    @usableFromInline var dequeuedTotal = 0
    @usableFromInline let replays: Bool
    /// The replayed current value (`Property`): one element, or none for a subject. An array,
    /// so that the state's layout does not depend on `Value`: unspecialized code (a token's
    /// `cancel`) then reaches the table without instantiating the state's generic metadata.
    @usableFromInline var currentStorage: ContiguousArray<Value>

    @inlinable
    init() {
        replays = false
        currentStorage = []
    }

    @inlinable
    init(currentValue: Value) {
        replays = true
        currentStorage = [currentValue]
    }

    // MARK: Reading (lock held, after `observe`)

    /// A property's current value (`replays` must be true).
    @inlinable var currentValue: Value { currentStorage[0] }

    /// The live bindings, counting those made during the running delivery.
    @inlinable var bindingCount: Int { table.liveCount }

    /// Events queued behind the running delivery, now.
    @inlinable var queuedCount: Int { queue.pending.count }

    /// Senders parked because the stream is flooded, now.
    @inlinable var parkedCount: Int { queue.gate.waiters.count }

    /// Whether a thread holds the drainer role.
    @inlinable var isDelivering: Bool { queue.isDelivering }

    // MARK: The word (`StreamWord`): the lock and the claim

    /// How to unlock after a transition: the sinks whose slot indexes to write first (those the
    /// transition put in slots: every lock holder reads them, `SlotTable`, "indexes"), the word to
    /// leave (0 if the next send may claim the role without the lock, else `StreamWord.closed`,
    /// with a claim on top if a write delivering at once handed its role to the word), and, when
    /// the word is left open, the table such a claim delivers to (`StreamCore.claimable`).
    @usableFromInline
    struct Unlock {
        @usableFromInline let indexing: SlotIndexing<Value>?
        @usableFromInline let word: UInt
        @usableFromInline let claimable: TablePrefix<Value>?

        @inlinable init(indexing: SlotIndexing<Value>?, word: UInt, claimable: TablePrefix<Value>?) {
            self.indexing = indexing
            self.word = word
            self.claimable = claimable
        }
    }

    /// The lock was taken with the word as `seen`: a claim it shows, made by a send since the
    /// last unlock, is recorded. Every transition starts here.
    @inlinable @inline(__always)
    mutating func absorb(_ seen: UInt) {
        if seen & StreamWord.claimed != 0 {
            assert(!queue.isDelivering && !hasDeferredWork && !isFinished, "a claim while the state did not allow one")
            queue.takeRole(ThreadID(truncatingIfNeeded: seen & ~StreamWord.flags))
        }
    }

    /// How to unlock now. Every transition ends here.
    @inlinable @inline(__always)
    mutating func unlock() -> Unlock {
        let indexing = table.unindexedFrom != .max ? table.takeIndexing() : nil
        let rest = allowsClaim ? 0 : StreamWord.closed
        if claimOnUnlock == 0 {
            return Unlock(indexing: indexing, word: rest, claimable: rest == 0 ? TablePrefix(slots: table.slots, count: table.count) : nil)
        }
        defer { claimOnUnlock = 0 }
        return Unlock(indexing: indexing, word: claimOnUnlock | StreamWord.claimed | rest, claimable: nil)
    }

    /// Whether a send may take the role without the lock (`StreamWord`): nothing delivering,
    /// not finished, not a property (whose sends store the current value). Nothing is deferred
    /// then either: deferred work exists only while the role is held.
    @inlinable
    var allowsClaim: Bool { !queue.isDelivering && !isFinished && !replays }

    /// A read under the lock (transition "observe"): records a claim, changes nothing else.
    @inlinable
    mutating func observe(seeing seen: UInt) -> Unlock {
        absorb(seen)
        return unlock()
    }

    // MARK: Admission (send, Property writes, Property binds)

    /// What a write (a send, a `Property` write or a `Property` bind's replay) may do.
    @usableFromInline
    enum Admission: Equatable {
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
        /// The stream is flooded: get a parker for the caller unless `drainer` is parked
        /// (`Parker.enlisting`), then `park`; the lock stays held.
        case wait(drainer: ThreadID)
    }

    /// A write arrives from `thread` (transition "admit"). Keeps "finish last" and the queue's
    /// "bounded queue".
    @inlinable @inline(__always)
    mutating func admit(_ thread: ThreadID, seeing seen: UInt, limits: FloodLimits) -> Admission {
        absorb(seen)
        return admitWrite(thread, limits: limits)
    }

    @inlinable @inline(__always)
    mutating func admitWrite(_ thread: ThreadID, limits: FloodLimits) -> Admission {
        if isFinished { return .drop }
        switch queue.admit(thread, limits: limits) {
        case .deliverNow: return .deliverNow
        case .enqueue: return .enqueue
        case .wait:
            hasDeferredWork = true
            return .wait(drainer: queue.gate.drainerThread)
        }
    }

    /// The caller of an admission that said `.wait` waits on `parker` (transition "park": returns
    /// how to unlock), or has no parker because the drainer is itself parked in a send: waiting
    /// could then close a cycle across threads, so it queues past the limit (returns nil; the
    /// admission is then `.enqueue`).
    @inlinable
    mutating func park(_ parker: Parker?) -> Unlock? {
        guard let parker else { return nil }
        queue.enlist(parker)
        return unlock()
    }

    /// A writer woke from waiting with `grant` (transition "resume").
    @inlinable
    mutating func resume(_ grant: Parker.Grant, thread: ThreadID, seeing seen: UInt) -> Admission {
        absorb(seen)
        if grant != .role && isFinished { return .drop }
        switch queue.resume(grant, thread: thread) {
        case .enqueueAndDrain: return isFinished ? .drainOnly : .enqueueAndDrain
        case .deliverNow: return .deliverNow
        case .enqueue: return .enqueue
        }
    }

    /// What a write does after unlocking.
    @usableFromInline
    enum Delivery {
        /// Nothing (dropped, or queued behind the running delivery).
        case none
        /// Deliver the value to this table, then give the role back (`StreamWord.giveBack` with
        /// the word left, else `endDelivery`).
        case deliver(TablePrefix<Value>)
        /// Drain.
        case drain
    }

    /// Stores `value` as a write admitted with `admission` (transition "commit"): the property's
    /// new current value (the old one goes to `displaced`, to release after unlocking), queued
    /// or delivered at once. Keeps "FIFO" and "exactly the values sent after bind".
    ///
    /// Delivering at once, the caller's role passes to the word at the unlock: the caller gives
    /// it back with `StreamWord.giveBack`, or under the lock if a lock holder has recorded it
    /// again meanwhile (`absorb`).
    @inlinable @inline(__always)
    mutating func commit(_ value: Value, _ admission: Admission, displaced: inout Value?) -> (Delivery, Unlock) {
        switch admission {
        case .drop, .wait:
            return (.none, unlock())
        case .drainOnly:
            return (.drain, unlock())
        case .deliverNow, .enqueue, .enqueueAndDrain:
            break
        }
        if replays {
            displaced = currentStorage[0]
            currentStorage[0] = value
        }
        if admission == .deliverNow {
            claimOnUnlock = queue.gate.drainerThread
            queue.gate.drainerThread = 0
            queue.release()
            return (.deliver(table.prefix), unlock())
        }
        enqueue(.value(value))
        return (admission == .enqueueAndDrain ? .drain : .none, unlock())
    }

    /// A write admitted with `admission` is declined (transition "decline": `Property.update`
    /// decided not to change the value): a role it took is given back, or the caller must drain
    /// (true: the role was handed to it, or work is deferred).
    @inlinable
    mutating func decline(_ admission: Admission) -> (mustDrain: Bool, Unlock) {
        switch admission {
        case .deliverNow: return (endDelivery(), unlock())
        case .enqueueAndDrain, .drainOnly: return (true, unlock())
        case .drop, .enqueue, .wait: return (false, unlock())
        }
    }

    @inlinable
    mutating func enqueue(_ event: __owned QueuedEvent) {
        queue.pending.append(event)
        enqueuedTotal &+= 1
        hasDeferredWork = true
    }

    // MARK: Finish

    /// What `finish` does after unlocking.
    @usableFromInline
    enum FinishAction {
        /// Already finished, or queued behind the running delivery.
        case none
        /// The caller took the role: deliver the finish to these sinks, then end the delivery.
        case deliver([Sink<Value>])
    }

    /// The stream finishes (transition "finish"). Keeps "finish last, once": queued behind
    /// what was queued before it, never waiting.
    @inlinable
    mutating func finish(_ thread: ThreadID, seeing seen: UInt) -> (FinishAction, Unlock) {
        absorb(seen)
        if isFinished { return (.none, unlock()) }
        isFinished = true
        if queue.isDelivering {
            enqueue(.finish)
            return (.none, unlock())
        }
        queue.takeRole(thread)
        return (.deliver(table.takeAll()), unlock())
    }

    // MARK: Bind and cancel

    /// What `bind` does after unlocking.
    @usableFromInline
    enum BindAction {
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
    }

    /// A binding arrives from `thread` (transition "admit a binding"): a subject's is admitted
    /// at once (`.enqueue`: it delivers nothing now), a property's like a write, because its
    /// replay is one. Then `attach`, or `park` first.
    @inlinable @inline(__always)
    mutating func admitBinding(_ thread: ThreadID, seeing seen: UInt, limits: FloodLimits) -> Admission {
        absorb(seen)
        if isFinished { return .drop }
        return replays ? admitWrite(thread, limits: limits) : .enqueue
    }

    /// Binds `sink`, admitted with `admission` (transition "bind"): returns what to do after
    /// unlocking. Keeps "exactly the values sent after
    /// bind" and "replay once".
    @inlinable @inline(__always)
    mutating func attach(_ sink: Sink<Value>, _ admission: Admission) -> (BindAction, Unlock) {
        switch admission {
        case .drop, .wait:
            return (.finishNow, unlock())
        case .drainOnly:
            return (.finishNowAndDrain, unlock())
        case .deliverNow:
            // The role was free: no delivery reads the table and nothing is queued.
            table.append(sink, isBeingRead: false)
            return (.replayNow(currentStorage[0]), unlock())
        case .enqueue, .enqueueAndDrain:
            attach(sink)
            if replays { enqueue(.replay(sink, currentStorage[0])) }
            return (admission == .enqueue ? .done : .drain, unlock())
        }
    }

    /// Puts `sink` at the end of the table; if events are queued, it skips them.
    @inlinable @inline(__always)
    mutating func attach(_ sink: Sink<Value>) {
        table.append(sink, isBeingRead: queue.isDelivering)
        if queue.isDelivering {
            hasDeferredWork = true
            if !queue.pending.isEmpty { lateBinders.append(sink, lastSkipped: enqueuedTotal) }
        }
    }

    /// A cancelled binding leaves (transition "cancel"): now, compacting the table if that
    /// leaves it sparse (the unlock then writes the indexes of the sinks it moved), or after the
    /// running delivery. Keeps the table's "untouched while read".
    ///
    /// A removal changes nothing the word shows, so it unlocks to the word as the lock found it,
    /// closed if that showed a claim, without reading the state again (a cancel is a hot path);
    /// and it leaves the claimable table as it is (`SlotTable`, "empty past the end").
    @inlinable @inline(__always)
    mutating func remove(_ sink: Sink<Value>, seeing seen: UInt, limits: FloodLimits) -> Unlock {
        absorb(seen)
        var indexing: SlotIndexing<Value>? = nil
        switch table.remove(sink, isBeingRead: queue.isDelivering, compactAbove: limits.compactAbove) {
        case .deferred: hasDeferredWork = true
        case .removed: break
        case .leftSparse: indexing = compactTable()
        }
        let left = seen & StreamWord.claimed != 0 ? StreamWord.closed : seen
        assert(claimOnUnlock == 0 && left == (allowsClaim ? 0 : StreamWord.closed), "a removal changed the word")
        return Unlock(indexing: indexing, word: left, claimable: nil)
    }

    /// Moves the live bindings down over the holes (out of line: the rare case), returning the
    /// sinks it moved, whose indexes the unlock writes.
    @inlinable @inline(never)
    mutating func compactTable() -> SlotIndexing<Value> {
        table.compact()
        return table.takeIndexing()
    }

    // MARK: Draining

    /// The end of a delivery made at once (`.deliverNow`, or a claim a lock holder has seen)
    /// (transition "end delivery"): gives the role back, or says the caller must drain.
    @inlinable @inline(__always)
    mutating func deliveryEnded(seeing seen: UInt) -> (mustDrain: Bool, Unlock) {
        absorb(seen)
        return (endDelivery(), unlock())
    }

    @inlinable @inline(__always)
    mutating func endDelivery() -> Bool {
        if hasDeferredWork { return true }
        queue.release()
        return false
    }

    /// What one drain step asks the drainer to do after unlocking.
    @usableFromInline
    enum DrainStep {
        /// Deliver the value to the table prefix, then take the next step.
        case deliver(Value, TablePrefix<Value>)
        /// Deliver a property's replay to its new binding, then take the next step.
        case replay(Sink<Value>, Value)
        /// Deliver the finish to these sinks, then take the next step.
        case finish([Sink<Value>])
        /// The role went to a waiting sender, or was given back: return.
        case stop
    }

    /// One drain step (transition "drain step"): applies deferred bindings and removals, lets
    /// waiting senders in or hands the role over, and takes the next event out, computing who
    /// it goes to. What to free or wake goes to `leftovers`. `delivered`: events this thread has
    /// delivered in a row.
    @inlinable
    mutating func drainStep(delivered: Int, leftovers: inout Leftovers<Value>, limits: FloodLimits, seeing seen: UInt) -> (DrainStep, Unlock) {
        absorb(seen)
        table.applyDeferred(into: &leftovers, compactAbove: limits.compactAbove)
        switch queue.takeNext(delivered: delivered, woken: &leftovers.woken, limits: limits) {
        case .handedOff:
            return (.stop, unlock())
        case .idle:
            hasDeferredWork = false
            if !lateBinders.isEmpty { lateBinders.removeAll(into: &leftovers) }
            return (.stop, unlock())
        case .deliver(let event):
            dequeuedTotal &+= 1
            switch event {
            case .value(let value):
                let count = lateBinders.isEmpty
                    ? table.count
                    : lateBinders.deliveryCount(for: dequeuedTotal, in: table, leftovers: &leftovers)
                return (.deliver(value, table.prefix(count)), unlock())
            case .finish:
                if !lateBinders.isEmpty { lateBinders.removeAll(into: &leftovers) }
                return (.finish(table.takeAll()), unlock())
            case .replay(let sink, let value):
                return (.replay(sink, value), unlock())
            }
        }
    }
}

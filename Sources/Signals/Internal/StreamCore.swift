/// One binding's place in a stream: the observer it delivers to and its cancelled flag.
///
/// Owned by its `BindingToken`; the stream's slot table refers to it without owning it (see
/// `StreamCore`).
@usableFromInline
final class Sink<Value>: @unchecked Sendable {
    // Lock holder: the cancelled flag is only accessed atomically (`cancelled`); `index` is
    // read and written only under the owning core's lock.
    /// The cancelled flag's byte: must stay the first stored property (see `AtomicFlag`).
    @usableFromInline @exclusivity(unchecked) var cancelledByte: UInt8 = 0
    /// 32 bits, so that with the flag it fits the 8 bytes before `observer`: a sink is a
    /// 56-byte object (64-byte heap block) instead of 64 (80). Four billion bindings on one
    /// stream would need hundreds of gigabytes first.
    @usableFromInline @exclusivity(unchecked) var index: UInt32 = 0
    @usableFromInline let observer: Observer<Value>

    @inlinable init(_ observer: __owned Observer<Value>) {
        self.observer = consume observer
        assert(cancelled.pointer == withUnsafeMutablePointer(to: &cancelledByte) { $0 })
    }

    /// The cancelled flag, set once by `cancel()` or by the finish delivered to this binding.
    @inlinable var cancelled: AtomicFlag { AtomicFlag(firstStoredPropertyOf: self) }

    @inlinable var isCancelled: Bool { cancelled.isSet }
}

/// The multi-binding heart of `Subject` and `Property`.
///
/// - Bindings live in a slot table, in the order they were made. Each sink knows its slot, so
///   removal is O(1); holes are compacted once they outnumber live bindings (amortized O(1)).
/// - A send takes one short critical section to claim the *drainer* role and read the table,
///   and one to give the role back. The drainer delivers its value, then every value that
///   other threads or re-entrant handlers queued meanwhile, in FIFO order. So delivery is
///   serialized, never re-entrant, and the stack stays flat however deep the re-entrancy goes.
/// - Delivery costs no reference counting: the table holds *unowned* references (each sink is
///   owned by its token), and while a delivery is running nothing the drainer reads is freed
///   or moved. A removal during delivery is deferred (the sink is kept alive in
///   `deferredRemovals`), a table that must grow leaves its old storage in `retiredStorage`,
///   and compaction only happens between deliveries. The drainer applies and frees all of
///   that once its delivery is over, before the next one.
/// - No user code runs with the lock held; objects that may run user code in `deinit`
///   (displaced values, removed sinks) are released after unlocking.
/// - Late binders: a binding made while events are queued is recorded in `lateBinders` with
///   the sequence number of the last queued event; each queued event is delivered only to the
///   table prefix made before it was queued (`deliveryCountLocked`). Empty on the common path.
/// - Floods: a send from another thread while a delivery runs queues its value only while
///   `pending` holds fewer than `FloodControl.queueLimit` events and nobody is parked;
///   otherwise it parks (`admitLocked`) until the drainer lets it in (room once the queue is
///   down to `resumeBelow`) or hands it the drainer role (after `turnLimit` deliveries in a
///   row, or when nothing is left). The drainer's own thread (`gate.drainerThread`) never parks, and
///   nobody parks behind a drainer that is itself parked (`ParkedSenders`), so parking cannot
///   form a cycle. The fast path only records the drainer's thread.
@usableFromInline
final class StreamCore<Value>: @unchecked Sendable {
    // Lock holder: every `var` below is guarded by `lock`. The lock is what makes accesses
    // exclusive, so the runtime's dynamic exclusivity checks are switched off for them.
    @usableFromInline
    enum Pending {
        case value(Value)
        case finish
        case replay(Sink<Value>, Value)
    }

    @usableFromInline typealias SinkReference = Unmanaged<Sink<Value>>

    /// A binding made while events were queued, and the last of those events.
    @usableFromInline
    struct LateBinder {
        @usableFromInline let sink: Sink<Value>
        @usableFromInline let lastSkipped: Int

        @inlinable init(sink: Sink<Value>, lastSkipped: Int) {
            self.sink = sink
            self.lastSkipped = lastSkipped
        }
    }

    @usableFromInline let lock = Lock()
    /// The slot table: `count` initialized slots (`nil` for a hole) of `capacity`.
    @usableFromInline @exclusivity(unchecked) var slots: UnsafeMutablePointer<SinkReference?>?
    @usableFromInline @exclusivity(unchecked) var count = 0
    @usableFromInline @exclusivity(unchecked) var capacity = 0
    @usableFromInline @exclusivity(unchecked) var holes = 0
    @usableFromInline @exclusivity(unchecked) var isDelivering = false
    @usableFromInline @exclusivity(unchecked) var isFinished = false
    /// True when the drainer has more to do than give its role back: queued events,
    /// deferred removals or retired storage.
    @usableFromInline @exclusivity(unchecked) var hasDeferredWork = false
    @usableFromInline @exclusivity(unchecked) var pending = FIFOQueue<Pending>()
    /// Sinks cancelled while a delivery was running; removed from the table after it.
    @usableFromInline @exclusivity(unchecked) var deferredRemovals: [Sink<Value>] = []
    /// Tables replaced while a delivery was reading them; freed after it.
    @usableFromInline @exclusivity(unchecked) var retiredStorage: [UnsafeMutablePointer<SinkReference?>] = []
    /// How many events have ever been queued in `pending`, and how many taken out: the
    /// sequence number of a queued event is its position in this count (first is 1).
    @usableFromInline @exclusivity(unchecked) var queuedCount = 0
    @usableFromInline @exclusivity(unchecked) var poppedCount = 0
    /// Bindings made while events were queued, each with the sequence number of the last event
    /// queued before it: those events were sent before the binding existed, so they skip it.
    /// Oldest first; an entry is dropped once that event is taken out. Usually empty.
    @usableFromInline @exclusivity(unchecked) var lateBinders: [LateBinder] = []
    /// The drainer's thread, the senders parked because the stream is flooded, and whether the
    /// drainer wants relief (see `FloodGate`).
    @usableFromInline @exclusivity(unchecked) var gate = FloodGate()
    /// The replayed current value (`Property`); always `nil` when `replays` is false.
    @usableFromInline @exclusivity(unchecked) var current: Value?
    @usableFromInline let replays: Bool

    @inlinable
    init() {
        replays = false
    }

    @inlinable
    init(currentValue: Value) {
        current = currentValue
        replays = true
    }

    deinit {
        // Tokens keep their core alive and empty their slot first, so no sink is left here.
        slots?.deallocate()
        for storage in retiredStorage { storage.deallocate() }
        lock.deallocate()
    }

    // MARK: Reading

    @inlinable
    var currentValue: Value {
        lock.lock()
        defer { lock.unlock() }
        return current!
    }

    @inlinable
    var bindingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return count - holes
    }

    /// Events queued behind the running delivery, and senders parked because the stream is
    /// flooded (for tests of the flood control).
    @usableFromInline
    var floodState: (queued: Int, parked: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (pending.count, gate.waiters.count)
    }

    // MARK: Sending

    @inlinable
    func send(_ value: Value) {
        lock.lock()
        if isDelivering || isFinished || replays {
            sendSlowPath(value)
            return
        }
        isDelivering = true
        gate.drainerThread = currentThreadID()
        let table = slots
        let tableCount = count
        lock.unlock()
        Self.deliver(value, to: table, count: tableCount)
        endDelivery()
    }

    /// `send` for a property, a finished stream, or while another delivery runs (lock held;
    /// unlocks).
    @inlinable @inline(never)
    func sendSlowPath(_ value: Value) {
        if !isDelivering && !isFinished {
            // An idle property (the common case for `Property.value = …`) takes the role and
            // delivers at once, without the admission decision (benchmark workload 5).
            isDelivering = true
            gate.drainerThread = currentThreadID()
            let displaced = current
            current = value
            // Not `commitLocked(value, displacing:, .deliver)`: called from here that is not
            // inlined, and the call costs workload 5 about 18 instructions per write.
            deliverNowLocked(value, displacing: displaced)
            return
        }
        let admission = admitLocked()
        switch admission {
        case .ignore:
            lock.unlock()
        case .drainOnly:
            lock.unlock()
            drain(delivered: 0)
        case .deliver, .enqueue, .enqueueAndDrain:
            var displaced: Value? = nil
            if replays {
                displaced = current
                current = value
            }
            commitLocked(value, displacing: displaced, admission)
        }
    }

    /// Decides what a send may do, waiting first if the stream is flooded (lock held on entry
    /// and on return; released while waiting). See "Floods" in `StreamCore`'s documentation.
    @usableFromInline
    func admitLocked() -> Admission {
        if isFinished { return .ignore }
        if !isDelivering {
            isDelivering = true
            gate.drainerThread = currentThreadID()
            return .deliver
        }
        let thread = currentThreadID()
        // A handler sending into its own stream (re-entrancy) never waits; a flooded send
        // waits for room or for the drainer role, unless the drainer is itself waiting in a
        // send (then it queues).
        guard gate.mustWait(thread, queued: pending.count), let parker = gate.enlist(thread) else {
            return .enqueue
        }
        hasDeferredWork = true
        parker.wait(releasing: lock, thread: thread)
        if parker.grant == .role {
            gate.drainerThread = thread
            return isFinished ? .drainOnly : .enqueueAndDrain
        }
        if isFinished { return .ignore }
        if !isDelivering {
            isDelivering = true
            gate.drainerThread = thread
            return .deliver
        }
        return .enqueue
    }

    /// Delivers `value` or queues it, as `admission` says (lock held; unlocks, then releases
    /// `displaced`, the property value `value` replaced).
    @inlinable
    func commitLocked(_ value: Value, displacing displaced: Value?, _ admission: Admission) {
        if admission == .deliver {
            deliverNowLocked(value, displacing: displaced)
            return
        }
        enqueueLocked(.value(value))
        lock.unlock()
        withExtendedLifetime(displaced) {}
        if admission == .enqueueAndDrain { drain(delivered: 0) }
    }

    /// Delivers `value` to the bindings at once, as the thread that took the delivering role
    /// (lock held; unlocks, then releases `displaced`, the property value `value` replaced).
    @inlinable @inline(__always)
    func deliverNowLocked(_ value: Value, displacing displaced: Value?) {
        let table = slots
        let tableCount = count
        lock.unlock()
        withExtendedLifetime(displaced) {}
        Self.deliver(value, to: table, count: tableCount)
        endDelivery()
    }

    /// Queues an event for the drainer (lock held).
    @inlinable
    func enqueueLocked(_ event: __owned Pending) {
        pending.append(event)
        queuedCount &+= 1
        hasDeferredWork = true
    }

    /// Replaces the current value with the result of `body` and delivers it, atomically with
    /// respect to every other write (`Property.modify`). `body` runs with the lock held.
    @inlinable
    func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        // A property never finishes, so the admission is to deliver or to queue.
        let admission = admitLocked()
        var value = current!
        let result: Result
        do {
            result = try body(&value)
        } catch {
            lock.unlock()
            // Nothing to deliver, but a role this call took must be given back or used.
            if admission == .deliver { endDelivery() }
            if admission == .enqueueAndDrain { drain(delivered: 0) }
            throw error
        }
        let displaced = current
        current = value
        commitLocked(value, displacing: displaced, admission)
        return result
    }

    @inlinable
    func finish() {
        lock.lock()
        if isFinished {
            lock.unlock()
            return
        }
        isFinished = true
        if isDelivering {
            enqueueLocked(.finish)
            lock.unlock()
            return
        }
        isDelivering = true
        gate.drainerThread = currentThreadID()
        let sinks = takeAllSinks()
        lock.unlock()
        Self.deliverFinish(to: sinks)
        endDelivery()
    }

    /// Calls every live binding in `table[0..<count]`, without retaining anything: the caller
    /// is the drainer, so the table and the sinks it names stay put until `endDelivery`.
    @inlinable
    static func deliver(_ value: Value, to table: UnsafeMutablePointer<SinkReference?>?, count: Int) {
        guard let table else { return }
        for index in 0..<count {
            if let reference = table[index] {
                reference._withUnsafeGuaranteedRef { sink in
                    if !sink.isCancelled { sink.observer.onValue(value) }
                }
            }
        }
    }

    @inlinable
    static func deliverFinish(to sinks: [Sink<Value>]) {
        for sink in sinks where !sink.cancelled.testAndSet() {
            sink.observer.onFinish()
        }
    }

    /// Gives the drainer role back, or drains if anything was queued or deferred meanwhile.
    @inlinable
    func endDelivery() {
        lock.lock()
        if !hasDeferredWork {
            isDelivering = false
            lock.unlock()
            return
        }
        lock.unlock()
        drain(delivered: 1)
    }

    /// Applies deferred work and delivers queued events until there are none, then leaves the
    /// drainer role, or hands it to a waiting sender once this thread has delivered
    /// `FloodControl.turnLimit` events (`delivered` so far). Called by the drainer, between
    /// deliveries, without the lock.
    @inlinable @inline(never)
    func drain(delivered: Int) {
        var delivered = delivered
        while true {
            lock.lock()
            var removed: [Sink<Value>] = []
            var retired: [UnsafeMutablePointer<SinkReference?>] = []
            if !deferredRemovals.isEmpty {
                swap(&removed, &deferredRemovals)
                for sink in removed { removeLocked(sink) }
            }
            if !retiredStorage.isEmpty {
                swap(&retired, &retiredStorage)
            }
            var woken: [Parker] = []
            /// What was taken out under the lock, acted on after unlocking: wake the senders let
            /// in, free retired tables, release removed sinks (their deinit may run user code).
            func settleAfterUnlocking() {
                for parker in woken { parker.wake() }
                for storage in retired { storage.deallocate() }
                withExtendedLifetime(removed) {}
            }
            if !gate.waiters.isEmpty || delivered >= FloodControl.turnLimit {
                if gate.admitWaiters(delivered: delivered, queued: pending.count, into: &woken) {
                    // The role went to a waiting sender: it drains from here.
                    lock.unlock()
                    settleAfterUnlocking()
                    return
                }
            }
            guard let next = pending.popFirst() else {
                isDelivering = false
                hasDeferredWork = false
                gate.wantsRelief = false
                if !lateBinders.isEmpty { releaseAllLateBindersLocked(into: &removed) }
                lock.unlock()
                settleAfterUnlocking()
                return
            }
            poppedCount &+= 1
            delivered += 1
            switch next {
            case .value(let value):
                let table = slots
                let tableCount = lateBinders.isEmpty ? count : deliveryCountLocked(dropping: &removed)
                lock.unlock()
                settleAfterUnlocking()
                Self.deliver(value, to: table, count: tableCount)
            case .finish:
                let sinks = takeAllSinks()
                if !lateBinders.isEmpty { releaseAllLateBindersLocked(into: &removed) }
                lock.unlock()
                settleAfterUnlocking()
                Self.deliverFinish(to: sinks)
            case .replay(let sink, let value):
                if !lateBinders.isEmpty { _ = deliveryCountLocked(dropping: &removed) }
                lock.unlock()
                settleAfterUnlocking()
                if !sink.isCancelled { sink.observer.onValue(value) }
            }
        }
    }

    /// How many slots the event just taken out (number `poppedCount`) is delivered to: the
    /// table up to the first binding made after the event was queued. Bindings live in the
    /// table in the order they were made, so every slot after that one was made later too.
    /// Drops (into `released`) the late binders that this event brings up to date.
    /// Lock held, drainer role held.
    @inlinable @inline(never)
    func deliveryCountLocked(dropping released: inout [Sink<Value>]) -> Int {
        let sequence = poppedCount
        var deliveryCount = count
        if let table = slots {
            for late in lateBinders where late.lastSkipped >= sequence {
                let index = Int(truncatingIfNeeded: late.sink.index)
                if index < count,
                   table[index]?.toOpaque() == Unmanaged.passUnretained(late.sink).toOpaque() {
                    deliveryCount = index
                    break
                }
            }
        }
        var caughtUp = 0
        while caughtUp < lateBinders.count, lateBinders[caughtUp].lastSkipped <= sequence {
            released.append(lateBinders[caughtUp].sink)
            caughtUp += 1
        }
        if caughtUp > 0 { lateBinders.removeFirst(caughtUp) }
        return deliveryCount
    }

    /// No queued event is left to skip a late binder: drops them all (into `released`).
    @usableFromInline
    func releaseAllLateBindersLocked(into released: inout [Sink<Value>]) {
        released.append(contentsOf: lateBinders.lazy.map(\.sink))
        lateBinders.removeAll()
    }

    /// Empties the table and returns its sinks, retained (lock held, drainer role held).
    @inlinable
    func takeAllSinks() -> [Sink<Value>] {
        var sinks: [Sink<Value>] = []
        if let table = slots {
            sinks.reserveCapacity(count - holes)
            for index in 0..<count {
                if let reference = table[index] { sinks.append(reference.takeUnretainedValue()) }
            }
        }
        count = 0
        holes = 0
        return sinks
    }

    // MARK: Binding

    @inlinable
    func bind(_ observer: __owned Observer<Value>) -> Cancellable {
        let sink = Sink(consume observer)
        lock.lock()
        if isFinished {
            lock.unlock()
            sink.cancelled.set()
            sink.observer.onFinish()
            return BindingToken(core: self, sink: sink)
        }
        appendLocked(sink)
        if isDelivering && !pending.isEmpty {
            // Values queued before this binding existed must not reach it.
            lateBinders.append(LateBinder(sink: sink, lastSkipped: queuedCount))
        }
        if replays, let value = current {
            if isDelivering {
                enqueueLocked(.replay(sink, value))
                lock.unlock()
            } else {
                isDelivering = true
                gate.drainerThread = currentThreadID()
                lock.unlock()
                sink.observer.onValue(value)
                endDelivery()
            }
        } else {
            lock.unlock()
        }
        return BindingToken(core: self, sink: sink)
    }

    @inlinable
    func appendLocked(_ sink: Sink<Value>) {
        if count == capacity { grow() }
        // Compared as UInt64: `Int(UInt32.max)` traps where `Int` is 32 bits (watchOS).
        precondition(UInt64(truncatingIfNeeded: count) < UInt64(UInt32.max), "too many bindings on one stream")
        sink.index = UInt32(truncatingIfNeeded: count)
        (slots! + count).initialize(to: Unmanaged.passUnretained(sink))
        count += 1
    }

    /// Doubles the table; a table a delivery may be reading is retired, not freed.
    @usableFromInline
    func grow() {
        let newCapacity = Swift.max(4, capacity * 2)
        let table = UnsafeMutablePointer<SinkReference?>.allocate(capacity: newCapacity)
        if let old = slots {
            table.moveInitialize(from: old, count: count)
            if isDelivering {
                retiredStorage.append(old)
                hasDeferredWork = true
            } else {
                old.deallocate()
            }
        }
        slots = table
        capacity = newCapacity
    }

    /// Removes a cancelled sink in O(1) amortized time, or after the running delivery.
    @inlinable
    func remove(_ sink: Sink<Value>) {
        lock.lock()
        if isDelivering {
            deferredRemovals.append(sink)
            hasDeferredWork = true
        } else {
            removeLocked(sink)
        }
        lock.unlock()
    }

    /// Lock held, no delivery reading the table.
    @inlinable
    func removeLocked(_ sink: Sink<Value>) {
        let index = Int(truncatingIfNeeded: sink.index)
        guard index < count, let table = slots,
              table[index]?.toOpaque() == Unmanaged.passUnretained(sink).toOpaque()
        else { return }
        table[index] = nil
        holes += 1
        while count > 0, table[count - 1] == nil {
            count -= 1
            holes -= 1
        }
        if holes > 16 && holes * 2 > count {
            compact()
        }
    }

    @usableFromInline
    func compact() {
        guard let table = slots else { return }
        var write = 0
        for read in 0..<count {
            if let reference = table[read] {
                reference._withUnsafeGuaranteedRef { $0.index = UInt32(truncatingIfNeeded: write) }
                table[write] = reference
                write += 1
            }
        }
        count = write
        holes = 0
    }
}

/// The token `bind` returns for a `Subject` or `Property` binding; cancels on `deinit`.
@usableFromInline
final class BindingToken<Value>: Cancellable {
    @usableFromInline let core: StreamCore<Value>
    @usableFromInline let sink: Sink<Value>

    @inlinable
    init(core: StreamCore<Value>, sink: Sink<Value>) {
        self.core = core
        self.sink = sink
    }

    @inlinable
    func cancel() {
        if sink.cancelled.testAndSet() { return }
        core.remove(sink)
    }

    deinit { cancel() }
}

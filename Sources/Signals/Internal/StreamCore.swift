/// The multi-binding heart of `Subject` and `Property`: a lock word and a `StreamState`.
///
/// Every operation is the same four steps: lock, one transition of the state, unlock as the
/// transition says, perform the action it returned (deliver, drain, wake parked senders,
/// release removed bindings). The decisions, and the invariants they keep, are the state's;
/// this class adds the lock, the waiting, and the calls into user code, none of which run with
/// the lock held, with one exception: the closure of `Property.modify`/`update`, which must see
/// and replace the value atomically. An access to the same property from inside that closure
/// would wait for the lock its own thread holds; every lock taken here notices that when the
/// lock is busy (`lock()`) and stops with a message naming the property.
///
/// One operation skips the lock: an uncontended subject send claims the drainer role in the
/// lock word and gives it back there (`StreamWord`), two atomic operations in all. Every
/// transition first records such a claim in the state, and the word it unlocks to is the
/// state's, so the state stays the whole truth. A write that delivers at once (a property's)
/// hands its role to the word as it unlocks, so that it too ends with one compare-and-swap.
///
/// The role holder (the *drainer*) delivers its own value, then every event queued meanwhile,
/// in FIFO order, so the stack stays flat however deep re-entrancy goes. Delivery costs no
/// reference counting: the table holds unowned references, and nothing the drainer reads is
/// freed or moved while it holds the role.
@usableFromInline
final class StreamCore<Value>: @unchecked Sendable {
    // Lock holder: `state` is guarded by `word`'s lock, except the table prefix a claimed send
    // reads (see `StreamWord`: nothing writes it while a claim may be running). The lock is what
    // makes accesses exclusive, so the runtime's dynamic exclusivity checks are switched off.
    @usableFromInline let word: StreamWord
    /// `remove(_:)`, specialized for `Value` where the stream was made. A token's `cancel` runs
    /// unspecialized (it is called through `any Cancellable`), and unspecialized code must
    /// instantiate `StreamState<Value>`'s generic metadata to reach the table, which is costly.
    /// Through this thin function it runs the specialized removal instead. No captures, so no
    /// allocation.
    @usableFromInline let removeSpecialized: (StreamCore<Value>, Sink<Value>) -> Void
    @usableFromInline @exclusivity(unchecked) var state: StreamState<Value>
    /// The word an idle stream of this kind most likely has, tried first by every lock: 0 for a
    /// subject, whose sends may claim the role without the lock, `closed` for a property. A
    /// constant, because it is read without the lock.
    @usableFromInline let restingWord: UInt
    /// The table a send that claims the role without the lock delivers to: the one the last
    /// unlock that left the word open gave (`StreamState.Unlock`). Written only under the lock,
    /// so every claim (which needs the word open) sees the last write, and none runs during one.
    @usableFromInline @exclusivity(unchecked) var claimable = TablePrefix<Value>(slots: nil, count: 0)
    /// Where a sender waiting for room records itself, so that no two threads wait for each
    /// other (`ParkedSenders`): the process's, or an explorer run's.
    @usableFromInline let parking: ParkedSenders
    /// The flood bounds (`FloodLimits.standard`, or an explorer run's smaller ones).
    @usableFromInline let limits: FloodLimits

    @usableFromInline typealias Unlock = StreamState<Value>.Unlock
    @usableFromInline typealias Admission = StreamState<Value>.Admission

    @inlinable
    init(parking: ParkedSenders = .shared, limits: FloodLimits = .standard) {
        self.limits = limits
        state = StreamState()
        word = StreamWord(rest: 0)
        restingWord = 0
        removeSpecialized = { core, sink in core.remove(sink, restingWord: 0) }
        self.parking = parking
    }

    @inlinable
    init(currentValue: Value, parking: ParkedSenders = .shared, limits: FloodLimits = .standard) {
        self.limits = limits
        state = StreamState(currentValue: currentValue)
        word = StreamWord(rest: StreamWord.closed)
        restingWord = StreamWord.closed
        removeSpecialized = { core, sink in core.remove(sink) }
        self.parking = parking
    }

    deinit {
        word.deallocate()
    }

    // MARK: The lock

    /// Takes the lock; returns the word as it was, for the transition. When the lock is busy,
    /// first checks that this thread is not inside a `modify`/`update` closure of this stream
    /// (which holds it): that would never return.
    @inlinable @inline(__always)
    func lock() -> UInt {
        word.tryLock(expecting: restingWord) ?? lockContended()
    }

    @inline(never) @usableFromInline
    func lockContended() -> UInt {
        if ModifyingProperties.contains(self) {
            fatalError(reentrantModifyReport(valueType: Value.self))
        }
        return word.lock()
    }

    /// Unlocks as a transition said: first writes the slot indexes of the sinks it put in slots.
    @inlinable @inline(__always)
    func unlock(_ unlock: Unlock) {
        if let indexing = unlock.indexing { indexing.perform() }
        if let table = unlock.claimable { claimable = table }
        word.unlock(leaving: unlock.word)
    }

    // MARK: Reading

    @inlinable
    var currentValue: Value {
        let seen = lock()
        defer { unlock(state.observe(seeing: seen)) }
        return state.currentValue
    }

    @inlinable
    var bindingCount: Int {
        let seen = lock()
        defer { unlock(state.observe(seeing: seen)) }
        return state.bindingCount
    }

    /// Events queued behind the running delivery, and senders parked because the stream is
    /// flooded (for tests of the flood control).
    @usableFromInline
    var floodState: (queued: Int, parked: Int) {
        let seen = lock()
        let unlocking = state.observe(seeing: seen)
        defer { unlock(unlocking) }
        return (state.queuedCount, state.parkedCount)
    }

    /// Whether a thread holds the drainer role, counting a send that claimed it without the lock
    /// (for the explorer: once every thread has returned, nobody may).
    @usableFromInline
    var isDelivering: Bool {
        let seen = lock()
        let unlocking = state.observe(seeing: seen)
        defer { unlock(unlocking) }
        return state.isDelivering
    }

    // MARK: Sending

    /// Uncontended (nothing delivering, a subject not finished): claims the role without the
    /// lock, delivers, and gives the role back, two atomic operations in all (`StreamWord`).
    ///
    /// Always inlined: the optimizer may otherwise leave it out of line in a loop that sends to
    /// two subjects, which then reads the thread twice per pair instead of once.
    @inlinable @inline(__always)
    func send(_ value: Value) {
        let thread = currentThreadID()
        if restingWord == 0 && word.claim(thread) {
            // Written at the unlock that left the word open; not again while a claim may run.
            claimable.deliver(value)
            if !word.giveBack(StreamWord.claimWord(for: thread)) { endDelivery() }
            return
        }
        sendSlowPath(value, seeing: lock())
    }

    /// `send` for a property, a finished stream, or while another delivery runs (lock held;
    /// unlocks).
    @inlinable @inline(never)
    func sendSlowPath(_ value: Value, seeing seen: UInt) {
        write(value, admit(seeing: seen))
    }

    /// Admits a write from this thread, waiting first if the stream is flooded (lock held on
    /// entry and on return; released while waiting). Inlinable, so that it is specialized with
    /// the rest of a property's write.
    @inlinable
    func admit(seeing seen: UInt) -> Admission {
        let thread = currentThreadID()
        let admission = state.admit(thread, seeing: seen, limits: limits)
        guard case .wait(let drainer) = admission else { return admission }
        return waitForRoom(thread, drainer: drainer)
    }

    /// Performs an admission's `.wait`: parks until a grant, with the lock released, then lets
    /// `resume` decide (lock held on entry and on return). With no parker (the drainer is parked
    /// itself), queues past the limit.
    @inlinable @inline(never)
    func waitForRoom(_ thread: ThreadID, drainer: ThreadID) -> Admission {
        let parker = Parker.enlisting(thread, unlessParked: drainer, in: parking)
        guard let unlocking = state.park(parker), let parker else { return .enqueue }
        unlock(unlocking)
        parker.sleep(thread: thread)
        return state.resume(parker.grant, thread: thread, seeing: lock())
    }

    /// Performs a write admitted with `admission` (lock held; unlocks).
    @inlinable
    func write(_ value: Value, _ admission: Admission) {
        var displaced: Value? = nil
        let (delivery, unlocking) = state.commit(value, admission, displaced: &displaced)
        unlock(unlocking)
        withExtendedLifetime(displaced) {}
        switch delivery {
        case .none:
            break
        case .deliver(let table):
            // The role passed to the word at the unlock (`StreamState.commit`).
            table.deliver(value)
            if !word.giveBack(unlocking.word) { endDelivery() }
        case .drain:
            drain(delivered: 0)
        }
    }

    /// Replaces the current value with the result of `body` and delivers it, atomically with
    /// respect to every other write (`Property.modify`). `body` runs with the lock held; an
    /// access to this stream from inside it stops the process (`lock()`).
    @inlinable
    func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let admission = admit(seeing: lock())
        var value = state.currentValue
        let result: Result
        do {
            result = try ModifyingProperties.with(self) { try body(&value) }
        } catch {
            decline(admission)
            throw error
        }
        write(value, admission)
        return result
    }

    /// `modify` that stores and delivers the new value only if `decide` returns true; returns
    /// what it returned (`Property.update`, behind `setIfChanged`).
    @inlinable
    func update(_ decide: (inout Value) -> Bool) -> Bool {
        let admission = admit(seeing: lock())
        var value = state.currentValue
        guard ModifyingProperties.with(self, { decide(&value) }) else {
            decline(admission)
            return false
        }
        write(value, admission)
        return true
    }

    /// A write admitted with `admission` delivers nothing (lock held; unlocks).
    @inlinable
    func decline(_ admission: Admission) {
        let (mustDrain, unlocking) = state.decline(admission)
        unlock(unlocking)
        if mustDrain { drain(delivered: 0) }
    }

    @inlinable
    func finish() {
        let (action, unlocking) = state.finish(currentThreadID(), seeing: lock())
        unlock(unlocking)
        if case .deliver(let sinks) = action {
            for sink in sinks { sink.deliverFinish() }
            endDelivery()
        }
    }

    /// Gives the drainer role back, or drains if anything was queued or deferred meanwhile.
    @inlinable
    func endDelivery() {
        let (mustDrain, unlocking) = state.deliveryEnded(seeing: lock())
        unlock(unlocking)
        if mustDrain { drain(delivered: 1) }
    }

    /// Takes drain steps until the role is given back or handed over. Called by the drainer,
    /// between deliveries, without the lock. `delivered`: events delivered in a row so far.
    ///
    /// Removed bindings are released only once the role is given up: the last reference to a
    /// binding cancelled during a delivery is the engine's, and releasing it may tear down a
    /// whole operator chain (or run user code in a `deinit`). Done between deliveries, that
    /// work would hold up every other binding's values; done after, another sender can take
    /// the role meanwhile.
    @inlinable @inline(never)
    func drain(delivered: Int) {
        var delivered = delivered
        var leftovers = Leftovers<Value>()
        while true {
            let (step, unlocking) = state.drainStep(delivered: delivered, leftovers: &leftovers, limits: limits, seeing: lock())
            unlock(unlocking)
            leftovers.wake()
            delivered += 1
            switch step {
            case .deliver(let value, let table):
                table.deliver(value)
            case .replay(let sink, let value):
                sink.deliver(value)
            case .finish(let sinks):
                for sink in sinks { sink.deliverFinish() }
            case .stop:
                leftovers.wakeAndRelease()
                return
            }
        }
    }

    // MARK: Binding

    @inlinable
    func bind(_ observer: __owned Observer<Value>) -> Cancellable {
        let sink = Sink(consume observer)
        let thread = currentThreadID()
        var admission = state.admitBinding(thread, seeing: lock(), limits: limits)
        if case .wait(let drainer) = admission {
            admission = waitForRoom(thread, drainer: drainer)
        }
        let (action, unlocking) = state.attach(sink, admission)
        unlock(unlocking)
        switch action {
        case .done:
            break
        case .finishNow:
            sink.deliverFinish()
        case .replayNow(let value):
            sink.observer.onValue(value)
            endDelivery()
        case .drain:
            drain(delivered: 0)
        case .finishNowAndDrain:
            sink.deliverFinish()
            drain(delivered: 0)
        }
        return BindingToken(core: self, sink: sink)
    }

    /// Removes a cancelled binding in O(1) amortized time, or after the running delivery.
    @inlinable @inline(__always)
    func remove(_ sink: Sink<Value>) {
        remove(sink, restingWord: restingWord)
    }

    /// `remove(_:)` with the resting word given: a subject's `removeSpecialized` passes the
    /// constant 0, so its lock attempt does not load it.
    @inlinable @inline(__always)
    func remove(_ sink: Sink<Value>, restingWord: UInt) {
        let seen = word.tryLock(expecting: restingWord) ?? lockContended()
        unlock(state.remove(sink, seeing: seen, limits: limits))
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
        if sink.markCancelled() { return }
        core.removeSpecialized(core, sink)
    }

    deinit { cancel() }
}

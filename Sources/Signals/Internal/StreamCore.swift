/// The multi-binding heart of `Subject` and `Property`: a lock word and a `StreamState`.
///
/// Every operation locks, calls the state's transitions for that operation, unlocks, then
/// performs what they returned (deliver, wake parked senders, release removed bindings, mark a
/// binding finished). One effect is performed just before unlocking, because the next lock
/// holder reads it: the slot indexes of sinks a transition put in the table (`SlotIndexing`).
/// The decisions, and the invariants they keep, are `StreamState`'s (its
/// fields are `private(set)`); this class only adds the lock, the waiting, and the calls into
/// user code, none of which run with the lock held, with one exception: the closure of
/// `Property.modify`/`update`, which must see and replace the value atomically. An access to
/// the same property from inside that closure would wait for the lock its own thread holds;
/// every lock taken here notices that when the lock is busy (`lockNoticingReentry`) and stops
/// with a message naming the property.
///
/// One operation skips the lock: an uncontended subject send claims the drainer role in the
/// lock word and gives it back there (`StreamWord`), two atomic operations in all. Every lock
/// holder first records such a claim in the state (`StreamState.locked(seeing:)`) and leaves the
/// word as the state says (`unlocking()`), so the state stays the whole truth. A write that
/// delivers at once (a property's) hands its role to the word as it unlocks, so that it too
/// ends with one compare-and-swap: one lock round trip and one more atomic operation per send.
///
/// The role holder (the *drainer*) delivers its own value, then every
/// event queued meanwhile, in FIFO order, so the stack stays flat however deep re-entrancy
/// goes. Delivery costs no reference counting: the table holds unowned references, and
/// nothing the drainer reads is freed or moved while it holds the role.
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
    /// `state.restingWord`, a constant kept here because it is read without the lock, and no
    /// access to `state` may be (an access to a variable is what ThreadSanitizer checks, and a
    /// debug build may copy the whole state to call a getter). 0 means a subject, whose sends
    /// may claim the role without the lock (`state.isClaimable`).
    @usableFromInline let restingWord: UInt
    /// The table a send that claims the role without the lock delivers to: `state.claimedTable`
    /// as of the last unlock that left the word open, except a removal's (`remove(_:)`: the
    /// prefix may then be longer than the table, with only holes past its end). Written only
    /// under the lock, so every claim (which needs the word open) sees the last write, and none
    /// runs during one.
    @usableFromInline @exclusivity(unchecked) var claimable = TablePrefix<Value>(slots: nil, count: 0)
    /// Where a sender waiting for room records itself, so that no two threads wait for each
    /// other (`ParkedSenders`): the process's, or an explorer run's.
    @usableFromInline let parking: ParkedSenders
    /// The flood bounds (`FloodLimits.standard`, or an explorer run's smaller ones).
    @usableFromInline let limits: FloodLimits

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

    /// Takes the lock, and records in the state a send that claimed the role without it. When
    /// the lock is busy, first checks that this thread is not inside a `modify`/`update`
    /// closure of this stream (which holds it): that would never return.
    @inlinable @inline(__always)
    func lockNoticingReentry() {
        state.locked(seeing: word.tryLock(expecting: restingWord) ?? lockContended())
    }

    @inline(never) @usableFromInline
    func lockContended() -> UInt {
        if ModifyingProperties.contains(self) {
            fatalError(reentrantModifyReport(valueType: Value.self))
        }
        return word.lock()
    }

    /// Unlocks, allowing the next send to claim the role without the lock if the state does.
    @inlinable @inline(__always)
    func unlock() {
        _ = unlockReturningWord()
    }

    /// Unlocks, returning the word it left (a claim, if the state handed the role to the word).
    /// Left open (0), the next send may claim the role: it then reads `claimable`.
    @inlinable @inline(__always)
    func unlockReturningWord() -> UInt {
        if state.needsIndexing { state.takeIndexing().perform() }
        let left = state.unlocking()
        if left == 0 { claimable = state.claimedTable }
        word.unlock(leaving: left)
        return left
    }

    // MARK: Reading

    @inlinable
    var currentValue: Value {
        lockNoticingReentry()
        defer { unlock() }
        return state.currentValue
    }

    @inlinable
    var bindingCount: Int {
        lockNoticingReentry()
        defer { unlock() }
        return state.bindingCount
    }

    /// Events queued behind the running delivery, and senders parked because the stream is
    /// flooded (for tests of the flood control).
    @usableFromInline
    var floodState: (queued: Int, parked: Int) {
        lockNoticingReentry()
        defer { unlock() }
        return (state.queuedCount, state.parkedCount)
    }

    /// Whether a thread holds the drainer role, counting a send that claimed it without the lock
    /// (for the explorer: once every thread has returned, nobody may).
    @usableFromInline
    var isDelivering: Bool {
        lockNoticingReentry()
        defer { unlock() }
        return state.queue.isDelivering
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
        lockNoticingReentry()
        sendSlowPath(value)
    }

    /// `send` for a property, a finished stream, or while another delivery runs (lock held;
    /// unlocks).
    @inlinable @inline(never)
    func sendSlowPath(_ value: Value) {
        write(value, admitLocked())
    }

    /// Admits a write from this thread, waiting first if the stream is flooded (lock held on
    /// entry and on return; released while waiting). Inlinable, so that it is specialized with
    /// the rest of a property's write: unspecialized, each call looks up `StreamState<Value>`'s
    /// generic metadata.
    @inlinable
    func admitLocked() -> StreamState<Value>.Admission {
        let thread = currentThreadID()
        let admission = state.admit(thread, limits: limits)
        guard admission == .wait else { return admission }
        let parker = Parker.enlisting(thread, unlessParked: state.drainerThread, in: parking)
        guard state.wait(on: parker) == .wait, let parker else { return .enqueue }
        wait(on: parker, thread: thread)
        return state.resume(parker.grant, thread: thread)
    }

    /// Waits for `parker`'s grant with the lock released (held on entry and on return).
    @usableFromInline
    func wait(on parker: Parker, thread: ThreadID) {
        unlock()
        parker.sleep(thread: thread)
        lockNoticingReentry()
    }

    /// Performs a write admitted with `admission` (lock held; unlocks).
    @inlinable
    func write(_ value: Value, _ admission: StreamState<Value>.Admission) {
        switch admission {
        case .drop, .wait:
            unlock()
        case .drainOnly:
            unlock()
            drain(delivered: 0)
        case .deliverNow, .enqueue, .enqueueAndDrain:
            var displaced: Value? = nil
            let table = state.commit(value, admission, displaced: &displaced)
            let left = unlockReturningWord()
            withExtendedLifetime(displaced) {}
            if let table {
                // The role passed to the word at the unlock (`StreamState.commit`).
                table.deliver(value)
                if !word.giveBack(left) { endDelivery() }
            } else if admission == .enqueueAndDrain {
                drain(delivered: 0)
            }
        }
    }

    /// Replaces the current value with the result of `body` and delivers it, atomically with
    /// respect to every other write (`Property.modify`). `body` runs with the lock held; an
    /// access to this stream from inside it stops the process (`lockNoticingReentry`).
    @inlinable
    func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lockNoticingReentry()
        let admission = admitLocked()
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
        lockNoticingReentry()
        let admission = admitLocked()
        var value = state.currentValue
        guard ModifyingProperties.with(self, { decide(&value) }) else {
            decline(admission)
            return false
        }
        write(value, admission)
        return true
    }

    /// A write admitted with `admission` delivers nothing: the caller gives back a role it took,
    /// or drains with it (lock held; unlocks).
    @inlinable
    func decline(_ admission: StreamState<Value>.Admission) {
        let mustDrain = state.decline(admission)
        unlock()
        if mustDrain { drain(delivered: 0) }
    }

    @inlinable
    func finish() {
        lockNoticingReentry()
        let action = state.finish(currentThreadID())
        unlock()
        if case .deliver(let sinks) = action {
            for sink in sinks { sink.deliverFinish() }
            endDelivery()
        }
    }

    /// Gives the drainer role back, or drains if anything was queued or deferred meanwhile.
    @inlinable
    func endDelivery() {
        lockNoticingReentry()
        let mustDrain = state.deliveryEnded()
        unlock()
        if mustDrain { drain(delivered: 1) }
    }

    /// Takes drain steps until the role is given back or handed over. Called by the drainer,
    /// between deliveries, without the lock. `delivered`: events delivered in a row so far.
    ///
    /// Removed bindings are released only once the role is given up: the last reference to a
    /// binding cancelled during a delivery is the engine's, and releasing it may tear down a
    /// whole operator chain (or run user code in a `deinit`). Done between deliveries, that
    /// work would hold up every other binding's values; done after, another sender can take
    /// the role meanwhile. (Under bind/cancel churn from many threads, freeing between
    /// deliveries held queued values up for seconds.)
    @inlinable @inline(never)
    func drain(delivered: Int) {
        var delivered = delivered
        var leftovers = Leftovers<Value>()
        while true {
            lockNoticingReentry()
            let step = state.drainStep(delivered: delivered, leftovers: &leftovers, limits: limits)
            unlock()
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
        lockNoticingReentry()
        var action = state.bind(sink, thread: thread, limits: limits)
        if case .wait = action {
            let parker = Parker.enlisting(thread, unlessParked: state.drainerThread, in: parking)
            action = state.waitToBind(sink, on: parker)
            if case .wait = action, let parker {
                wait(on: parker, thread: thread)
                action = state.resumeBind(sink, grant: parker.grant, thread: thread)
            }
        }
        unlock()
        switch action {
        case .done, .wait:
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

    /// Removes a cancelled sink in O(1) amortized time, or after the running delivery. One
    /// transition for the whole locked operation (`StreamState.remove(_:seeing:)`), which also
    /// says what word to leave.
    ///
    /// `claimable` is left as it is: a removal never moves the table's storage and leaves what
    /// it vacates past the table's end empty (`SlotTable`, "empty past the end"), so the prefix
    /// still reaches exactly the live bindings. Bringing it up to date here would slow every
    /// cancel.
    @inlinable @inline(__always)
    func remove(_ sink: Sink<Value>) {
        remove(sink, restingWord: restingWord)
    }

    /// `remove(_:)` with the resting word given: a subject's `removeSpecialized` passes the
    /// constant 0, so its lock attempt does not load it.
    @inlinable @inline(__always)
    func remove(_ sink: Sink<Value>, restingWord: UInt) {
        let (left, leftSparse) = state.remove(sink, seeing: word.tryLock(expecting: restingWord) ?? lockContended(), limits: limits)
        if leftSparse { compactTable() }
        word.unlock(leaving: left)
    }
}

extension StreamCore {
    /// Compacts the table a removal left sparse, and writes the indexes of the sinks that moved
    /// (lock held; out of line: the rare case).
    @inlinable @inline(never)
    func compactTable() {
        state.compactTable().perform()
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

/// One binding's place in a stream: the observer it delivers to and its cancelled flag.
///
/// Owned by its `BindingToken`; the stream's slot table refers to it without owning it.
@usableFromInline
final class Sink<Value>: @unchecked Sendable {
    // Lock holder: the cancelled flag is only accessed atomically (`cancelled`); `index` is
    // read and written only under the owning core's lock.
    /// The cancelled flag's byte: must stay the first stored property (see `AtomicFlag`).
    @usableFromInline @exclusivity(unchecked) var cancelledByte: UInt8 = 0
    /// Where the stream's table last put this sink (`SlotTable`, "indexes"): a cache of the
    /// sink's position, written by `SlotIndexing`, never by a transition. 32 bits, so that with
    /// the flag it fits the 8 bytes before `observer` and a sink takes a smaller heap block; four
    /// billion bindings on one stream would run out of memory first.
    @usableFromInline @exclusivity(unchecked) var index: UInt32 = 0
    @usableFromInline let observer: Observer<Value>

    @inlinable init(_ observer: __owned Observer<Value>) {
        self.observer = consume observer
        assert(cancelled.pointer == withUnsafeMutablePointer(to: &cancelledByte) { $0 })
    }

    /// The cancelled flag, set once by `cancel()` or by the finish delivered to this binding.
    @inlinable @inline(__always) var cancelled: AtomicFlag { AtomicFlag(firstStoredPropertyOf: self) }

    /// Whether the binding is cancelled: an atomic read, and a point of the explorer's schedule.
    @inlinable var isCancelled: Bool {
        scheduling(.cancelledFlag)
        return cancelled.isSet
    }

    /// Sets the cancelled flag; returns whether it was already set.
    @inlinable @inline(__always) func markCancelled() -> Bool {
        scheduling(.cancelledFlag)
        return cancelled.testAndSet()
    }

    /// Calls the observer with `value` unless the binding is cancelled.
    @inlinable func deliver(_ value: Value) {
        if !isCancelled { observer.onValue(value) }
    }

    /// Calls the observer's finish unless the binding is cancelled, and marks it cancelled.
    @inlinable func deliverFinish() {
        if !cancelled.testAndSet() { observer.onFinish() }
    }
}

/// What a delivery reads: the first `count` slots of a table (`nil` for a hole). Valid until
/// the drainer's next step, because nothing the drainer reads is freed or moved while it
/// holds the role (see `SlotTable`).
@usableFromInline
struct TablePrefix<Value> {
    @usableFromInline let slots: UnsafeMutablePointer<Unmanaged<Sink<Value>>?>?
    @usableFromInline let count: Int

    @inlinable init(slots: UnsafeMutablePointer<Unmanaged<Sink<Value>>?>?, count: Int) {
        self.slots = slots
        self.count = count
    }

    /// Calls every live binding in the prefix, in order, without retaining anything.
    ///
    /// A table of one binding (most streams in an app: a subject and the operator chain
    /// bound to it) is delivered inline, with no call to the loop. Longer tables go through
    /// `deliverEach(_:)`, out of line.
    @inlinable @inline(__always)
    func deliver(_ value: Value) {
        if count == 1 { deliver(value, at: 0) } else { deliverEach(value) }
    }

    /// `deliver(_:)`'s loop. Not inlined into `send`: there, the lock's address stays in the
    /// register that Swift passes closure contexts in, and every handler call then shuffles
    /// registers around it.
    @inlinable @inline(never)
    func deliverEach(_ value: Value) {
        guard slots != nil else { return }
        let count = self.count
        for index in 0..<count { deliver(value, at: index) }
    }

    /// Calls the binding in slot `index`, if any and not cancelled: one step of `deliver(_:)`.
    @inlinable @inline(__always)
    func deliver(_ value: Value, at index: Int) {
        if let reference = slots.unsafelyUnwrapped[index] {
            reference._withUnsafeGuaranteedRef { sink in
                if !sink.isCancelled { sink.observer.onValue(value) }
            }
        }
    }
}

/// A stream's bindings, in the order they were made: a table of unowned sink references
/// with O(1) append and removal (each sink knows its slot).
///
/// Invariants:
/// - **Bind order.** Slot order is the order the bindings were made; removal leaves a hole,
///   trimming trailing holes and compaction keep the order.
/// - **Indexes.** A sink in a slot before `unindexedFrom` is in slot `sink.index`. A sink's
///   index is an object's field, so no transition writes it: putting sinks in slots (an append,
///   a compaction) lowers `unindexedFrom`, and the core writes those indexes before it unlocks
///   (`SlotIndexing`, which a transition returns in its `StreamState.Unlock`). Until then, `position(of:)` looks for such a
///   sink among the slots from `unindexedFrom` on.
/// - **Untouched while read.** While `isBeingRead` (a delivery holds a `TablePrefix`), neither
///   the storage, nor `slots` and `count`, nor any slot is written: bindings made and removed
///   meanwhile wait in `appended` and `deferred`, applied in that order by `applyDeferred` between
///   deliveries. (A send that claims the role without the lock reads `slots` and `count` while
///   other threads may hold the lock, see `StreamWord`.)
/// - **Owned.** The table owns its storage: it cannot be copied (`~Copyable`) and frees the
///   storage when it ends (`deinit`).
/// - **Compact.** Holes are compacted once there are more than `compactAbove` (16) and they
///   outnumber live bindings (amortized O(1)).
/// - **Empty past the end.** Every slot past `count` is empty: new storage starts empty, and a
///   removal never moves the storage and leaves every slot it vacates past `count` empty
///   (trailing holes, and compaction, which clears the slots it moved sinks out of). So a
///   prefix taken before removals still delivers exactly to the live bindings: what it has
///   past the table's end are holes. The table a claimed send reads (`StreamCore.claimable`)
///   is therefore not brought up to date by a removal, which keeps a cancel's locked section
///   on the memory the removal needs.
@usableFromInline
struct SlotTable<Value>: ~Copyable {
    @usableFromInline typealias Reference = Unmanaged<Sink<Value>>

    @usableFromInline var slots: UnsafeMutablePointer<Reference?>?
    @usableFromInline var count = 0
    @usableFromInline var capacity = 0
    @usableFromInline var holes = 0
    /// The first slot whose sink's `index` may not be its position (`Int.max`: none).
    @usableFromInline private(set) var unindexedFrom = Int.max
    /// Sinks bound while a delivery was reading the table, in bind order.
    @usableFromInline var appended: [Sink<Value>] = []
    /// Sinks cancelled while a delivery was reading the table.
    @usableFromInline var deferred: [Sink<Value>] = []

    @inlinable init() {}

    /// Frees the storage. The sinks are not the table's: their tokens own them.
    @inlinable
    deinit {
        slots?.deallocate()
    }

    /// The number of live bindings, counting those bound during the running delivery.
    @inlinable var liveCount: Int { count - holes + appended.count }

    /// The whole table, for a delivery.
    @inlinable var prefix: TablePrefix<Value> { TablePrefix(slots: slots, count: count) }

    /// The first `count` slots, for a delivery.
    @inlinable func prefix(_ count: Int) -> TablePrefix<Value> { TablePrefix(slots: slots, count: count) }

    /// The slot `sink` is in, or nil (not counting bindings made during the running delivery):
    /// the slot its index names, or one whose index is not written yet (`unindexedFrom`).
    @inlinable @inline(__always)
    func position(of sink: Sink<Value>) -> Int? {
        guard let slots else { return nil }
        let index = Int(truncatingIfNeeded: sink.index)
        if index < count, slots[index]?.toOpaque() == Unmanaged.passUnretained(sink).toOpaque() { return index }
        return unindexedFrom < count ? Self.position(of: sink, in: slots, from: unindexedFrom, to: count) : nil
    }

    /// `position(of:)` among the slots whose index is not written yet (out of line: the rare
    /// case, a removal or a late binder in the same transition as the append or compaction).
    /// Static, so that calling it does not copy the table.
    @inlinable @inline(never)
    static func position(of sink: Sink<Value>, in slots: UnsafeMutablePointer<Reference?>, from start: Int, to end: Int) -> Int? {
        let target = Unmanaged.passUnretained(sink).toOpaque()
        for index in start..<end where slots[index]?.toOpaque() == target { return index }
        return nil
    }

    /// Hands the sinks put in slots since the last call to `SlotIndexing`, for the core to write
    /// their indexes before it unlocks; the table then counts them as indexed.
    @inlinable
    mutating func takeIndexing() -> SlotIndexing<Value> {
        defer { unindexedFrom = .max }
        return SlotIndexing(slots: prefix, from: Swift.min(unindexedFrom, count))
    }

    /// Appends `sink` (a binding made now), or after the running delivery (`isBeingRead`).
    @inlinable
    mutating func append(_ sink: Sink<Value>, isBeingRead: Bool) {
        if isBeingRead {
            appended.append(sink)
            return
        }
        appendNow(sink)
    }

    @inlinable
    mutating func appendNow(_ sink: Sink<Value>) {
        if count == capacity { grow() }
        // Compared as UInt64: `Int(UInt32.max)` traps where `Int` is 32 bits (watchOS).
        precondition(UInt64(truncatingIfNeeded: count) < UInt64(UInt32.max), "too many bindings on one stream")
        if count < unindexedFrom { unindexedFrom = count }
        (slots! + count).initialize(to: Unmanaged.passUnretained(sink))
        count += 1
    }

    /// Doubles the storage (never while a delivery reads it).
    @usableFromInline
    mutating func grow() {
        let newCapacity = Swift.max(4, capacity * 2)
        let table = UnsafeMutablePointer<Reference?>.allocate(capacity: newCapacity)
        if let old = slots {
            table.moveInitialize(from: old, count: count)
            old.deallocate()
        }
        (table + count).initialize(repeating: nil, count: newCapacity - count)
        slots = table
        capacity = newCapacity
    }

    /// What `remove` did.
    @usableFromInline
    enum Removal {
        /// Deferred until the running delivery ends (`applyDeferred`).
        case deferred
        /// Removed.
        case removed
        /// Removed, and the holes now call for a compaction (`compact()`), which the caller
        /// runs as a transition of its own: it moves sinks, whose indexes the core then writes.
        case leftSparse
    }

    /// Removes a cancelled sink now, or after the running delivery (`isBeingRead`).
    ///
    /// Inlined whole into the thin remover a token's `cancel` calls (`StreamCore.removeSpecialized`),
    /// with the rare parts (deferring, compacting) kept out of line: the removal a cancel runs is
    /// then one call, not three.
    @inlinable @inline(__always)
    mutating func remove(_ sink: Sink<Value>, isBeingRead: Bool, compactAbove: Int = 16) -> Removal {
        if isBeingRead {
            deferRemoval(sink)
            return .deferred
        }
        vacate(sink)
        return isSparse(compactAbove: compactAbove) ? .leftSparse : .removed
    }

    /// Whether holes outnumber live bindings, and there are more than `compactAbove` of them.
    @inlinable @inline(__always)
    func isSparse(compactAbove: Int) -> Bool {
        holes > compactAbove && holes * 2 > count
    }

    /// Queues `sink` for removal after the running delivery (out of line: the rare case).
    @inlinable @inline(never)
    mutating func deferRemoval(_ sink: Sink<Value>) {
        deferred.append(sink)
    }

    /// Whether `applyDeferred` has work.
    @inlinable var hasDeferred: Bool { !appended.isEmpty || !deferred.isEmpty }

    /// Applies the bindings and removals made during the last delivery, in that order, and
    /// hands the removed sinks to `leftovers` (their release may run user code, so it waits
    /// until the lock is released). Between deliveries.
    @inlinable
    mutating func applyDeferred(into leftovers: inout Leftovers<Value>, compactAbove: Int = 16) {
        if !appended.isEmpty {
            for sink in appended { appendNow(sink) }
            appended.removeAll()
        }
        if !deferred.isEmpty {
            // Compacted once, after all the removals: a compaction leaves the indexes of the
            // sinks it moved unwritten until the core unlocks, and each later removal would
            // then look for its sink slot by slot.
            for sink in deferred { vacate(sink) }
            if isSparse(compactAbove: compactAbove) { compact() }
            leftovers.sinks.append(contentsOf: deferred)
            deferred.removeAll()
        }
    }

    /// Empties `sink`'s slot, if it has one, and trims the trailing holes.
    @inlinable @inline(__always)
    mutating func vacate(_ sink: Sink<Value>) {
        guard let index = position(of: sink), let slots else { return }
        slots[index] = nil
        holes += 1
        while count > 0, slots[count - 1] == nil {
            count -= 1
            holes -= 1
        }
    }

    /// Moves the live bindings down over the holes, in order (out of line: the rare case).
    @inlinable @inline(never)
    mutating func compact() {
        guard let slots else { return }
        var write = 0
        for read in 0..<count {
            if let reference = slots[read] {
                if write != read && write < unindexedFrom { unindexedFrom = write }
                slots[write] = reference
                write += 1
            }
        }
        // Empty past the end: a prefix taken before the compaction must not reach a moved sink twice.
        (slots + write).update(repeating: nil, count: count - write)
        count = write
        holes = 0
    }

    /// Empties the table and returns its sinks, retained (a finish is delivered to them).
    @inlinable
    mutating func takeAll() -> [Sink<Value>] {
        var sinks: [Sink<Value>] = []
        if let slots {
            sinks.reserveCapacity(count - holes)
            for index in 0..<count {
                if let reference = slots[index] { sinks.append(reference.takeUnretainedValue()) }
            }
        }
        count = 0
        holes = 0
        unindexedFrom = .max
        return sinks
    }
}

/// Sinks a transition put in slots (an append, a compaction), whose `index` the core writes
/// before it unlocks: the one effect on objects that must happen under the lock, because every
/// lock holder reads those indexes (`SlotTable`, "indexes").
@usableFromInline
struct SlotIndexing<Value> {
    @usableFromInline let slots: TablePrefix<Value>
    @usableFromInline let from: Int

    @inlinable init(slots: TablePrefix<Value>, from: Int) {
        self.slots = slots
        self.from = from
    }

    /// Writes each sink's slot into its `index`.
    @inlinable
    func perform() {
        guard let storage = slots.slots else { return }
        for index in from..<slots.count {
            storage[index]?._withUnsafeGuaranteedRef { $0.index = UInt32(truncatingIfNeeded: index) }
        }
    }
}

/// What a transition took out of the state to release or signal after unlocking: removed sinks
/// (a release may run user code in a `deinit`) and parked senders to wake.
@usableFromInline
struct Leftovers<Value> {
    @usableFromInline var sinks: [Sink<Value>] = []
    @usableFromInline var woken: [ParkerWake] = []

    @inlinable init() {}

    /// Wakes the parked senders now, keeping the sinks to release later (lock not held).
    @inlinable
    mutating func wake() {
        if !woken.isEmpty {
            for wake in woken { wake.perform() }
            woken.removeAll()
        }
    }

    /// Wakes the parked senders and releases the sinks (lock not held).
    @inlinable
    consuming func wakeAndRelease() {
        for wake in woken { wake.perform() }
        withExtendedLifetime(sinks) {}
    }
}

/// One binding's place in a stream: the observer it delivers to and its cancelled flag.
///
/// Owned by its `BindingToken`; the stream's slot table refers to it without owning it.
@usableFromInline
final class Sink<Value>: @unchecked Sendable {
    // Lock holder: the cancelled flag is only accessed atomically (`cancelled`). Where the sink
    // sits in its stream's table is the table's to know (`SlotTable`, "positions"), not the sink's.
    /// The cancelled flag's byte: must stay the first stored property (see `AtomicFlag`).
    @usableFromInline @exclusivity(unchecked) var cancelledByte: UInt8 = 0
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


/// A binding as its stream's table knows it: the sink, and the handle the table gave it when it
/// was made, which names its slot in `SlotTable.positions`.
@usableFromInline
struct BoundSink<Value>: Sendable {
    @usableFromInline let sink: Sink<Value>
    @usableFromInline let handle: UInt32

    @inlinable init(_ sink: Sink<Value>, _ handle: UInt32) {
        self.sink = sink
        self.handle = handle
    }
}

/// A stream's bindings, in the order they were made: a table of unowned sink references with
/// O(1) append and removal. Each binding has a handle, given when it is made, and the table
/// keeps where each handle's sink is, so that a removal finds its slot without reading the sink.
///
/// Invariants:
/// - **Bind order.** Slot order is the order the bindings were made; removal leaves a hole,
///   trimming trailing holes and compaction keep the order.
/// - **Positions.** For every slot `i` below `count` holding a sink, `positions[handles[i]] == i`.
///   A handle whose binding waits in `appended` is `pending`; a free handle holds the next free
///   one (`free`). A lookup also checks that the slot holds the sink it was asked for, so a stale
///   handle (a binding the finish took out, or never put in) finds nothing.
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

    /// A handle's position while its binding waits in `appended`.
    @inlinable static var pending: UInt32 { .max }
    /// The mark of a free handle's position; the rest is the next free handle.
    @inlinable static var free: UInt32 { 1 << 31 }
    /// The end of the free list.
    @inlinable static var noHandle: UInt32 { free - 1 }

    @usableFromInline var slots: UnsafeMutablePointer<Reference?>?
    /// The handle of the binding in each slot below `count` (same capacity as `slots`).
    @usableFromInline var handles: UnsafeMutablePointer<UInt32>?
    @usableFromInline var count = 0
    @usableFromInline var capacity = 0
    @usableFromInline var holes = 0
    /// Each handle's slot (see "positions"), for the `issued` handles given out so far.
    @usableFromInline var positions: UnsafeMutablePointer<UInt32>?
    @usableFromInline var issued: UInt32 = 0
    @usableFromInline var positionsCapacity: UInt32 = 0
    /// The first free handle, or `noHandle`.
    @usableFromInline var firstFree = SlotTable.noHandle
    /// Bindings made while a delivery was reading the table, in bind order.
    @usableFromInline var appended: [BoundSink<Value>] = []
    /// Bindings cancelled while a delivery was reading the table.
    @usableFromInline var deferred: [BoundSink<Value>] = []

    @inlinable init() {}

    /// Frees the storage. The sinks are not the table's: their tokens own them.
    @inlinable
    deinit {
        slots?.deallocate()
        handles?.deallocate()
        positions?.deallocate()
    }

    /// The number of live bindings, counting those bound during the running delivery.
    @inlinable var liveCount: Int { count - holes + appended.count }

    /// The whole table, for a delivery.
    @inlinable var prefix: TablePrefix<Value> { TablePrefix(slots: slots, count: count) }

    /// The first `count` slots, for a delivery.
    @inlinable func prefix(_ count: Int) -> TablePrefix<Value> { TablePrefix(slots: slots, count: count) }

    /// The slot `binding` is in, or nil (not counting bindings made during the running delivery).
    @inlinable @inline(__always)
    func position(of binding: BoundSink<Value>) -> Int? {
        guard binding.handle < issued, let slots, let positions else { return nil }
        let index = Int(truncatingIfNeeded: positions[Int(truncatingIfNeeded: binding.handle)])
        guard index < count, slots[index]?.toOpaque() == Unmanaged.passUnretained(binding.sink).toOpaque() else { return nil }
        return index
    }

    /// Gives `sink` a handle and appends it (a binding made now), or after the running delivery
    /// (`isBeingRead`); returns the handle.
    @inlinable @inline(__always)
    mutating func append(_ sink: Sink<Value>, isBeingRead: Bool) -> UInt32 {
        let handle = issueHandle()
        if isBeingRead {
            appended.append(BoundSink(sink, handle))
        } else {
            appendNow(sink, handle)
        }
        return handle
    }

    /// A free handle, or a new one, marked `pending`.
    @inlinable @inline(__always)
    mutating func issueHandle() -> UInt32 {
        let handle: UInt32
        if firstFree != Self.noHandle {
            handle = firstFree
            firstFree = positions.unsafelyUnwrapped[Int(handle)] & ~Self.free
        } else {
            precondition(issued < Self.noHandle, "too many bindings on one stream")
            if issued == positionsCapacity { growPositions() }
            handle = issued
            issued += 1
        }
        positions.unsafelyUnwrapped[Int(handle)] = Self.pending
        return handle
    }

    /// Puts `handle` on the free list.
    @inlinable @inline(__always)
    mutating func release(_ handle: UInt32) {
        positions.unsafelyUnwrapped[Int(handle)] = firstFree | Self.free
        firstFree = handle
    }

    @inlinable @inline(__always)
    mutating func appendNow(_ sink: Sink<Value>, _ handle: UInt32) {
        if count == capacity { grow() }
        (slots! + count).initialize(to: Unmanaged.passUnretained(sink))
        handles.unsafelyUnwrapped[count] = handle
        positions.unsafelyUnwrapped[Int(handle)] = UInt32(truncatingIfNeeded: count)
        count += 1
    }

    /// Doubles the storage (never while a delivery reads it).
    @usableFromInline
    mutating func grow() {
        let newCapacity = Swift.max(4, capacity * 2)
        let table = UnsafeMutablePointer<Reference?>.allocate(capacity: newCapacity)
        let newHandles = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        if let old = slots, let oldHandles = handles {
            table.moveInitialize(from: old, count: count)
            newHandles.moveInitialize(from: oldHandles, count: count)
            old.deallocate()
            oldHandles.deallocate()
        }
        (table + count).initialize(repeating: nil, count: newCapacity - count)
        slots = table
        handles = newHandles
        capacity = newCapacity
    }

    /// Doubles the handles' positions.
    @usableFromInline
    mutating func growPositions() {
        let newCapacity = Swift.max(4, positionsCapacity * 2)
        let storage = UnsafeMutablePointer<UInt32>.allocate(capacity: Int(newCapacity))
        if let old = positions {
            storage.moveInitialize(from: old, count: Int(issued))
            old.deallocate()
        }
        positions = storage
        positionsCapacity = newCapacity
    }

    /// What `remove` did.
    @usableFromInline
    enum Removal {
        /// Deferred until the running delivery ends (`applyDeferred`).
        case deferred
        /// Removed.
        case removed
    }

    /// Removes a cancelled binding now, or after the running delivery (`isBeingRead`), compacting
    /// the table if the removal leaves it sparse.
    ///
    /// Inlined whole into the thin remover a token's `cancel` calls (`StreamCore.removeSpecialized`),
    /// with the rare parts (deferring, compacting) kept out of line.
    @inlinable @inline(__always)
    mutating func remove(_ binding: BoundSink<Value>, isBeingRead: Bool, compactAbove: Int = 16) -> Removal {
        if isBeingRead {
            deferRemoval(binding)
            return .deferred
        }
        vacate(binding)
        if isSparse(compactAbove: compactAbove) { compact() }
        return .removed
    }

    /// Whether holes outnumber live bindings, and there are more than `compactAbove` of them.
    @inlinable @inline(__always)
    func isSparse(compactAbove: Int) -> Bool {
        holes > compactAbove && holes * 2 > count
    }

    /// Queues `binding` for removal after the running delivery (out of line: the rare case).
    @inlinable @inline(never)
    mutating func deferRemoval(_ binding: BoundSink<Value>) {
        deferred.append(binding)
    }

    /// Applies the bindings and removals made during the last delivery, in that order, and
    /// hands the removed sinks to `leftovers` (their release may run user code, so it waits
    /// until the lock is released). Between deliveries.
    @inlinable
    mutating func applyDeferred(into leftovers: inout Leftovers<Value>, compactAbove: Int = 16) {
        if !appended.isEmpty {
            for binding in appended { appendNow(binding.sink, binding.handle) }
            appended.removeAll()
        }
        if !deferred.isEmpty {
            // Compacted once, after all the removals.
            for binding in deferred {
                vacate(binding)
                leftovers.sinks.append(binding.sink)
            }
            if isSparse(compactAbove: compactAbove) { compact() }
            deferred.removeAll()
        }
    }

    /// Empties `binding`'s slot, if it has one, frees its handle, and trims the trailing holes.
    @inlinable @inline(__always)
    mutating func vacate(_ binding: BoundSink<Value>) {
        guard let index = position(of: binding), let slots else { return }
        slots[index] = nil
        release(binding.handle)
        holes += 1
        while count > 0, slots[count - 1] == nil {
            count -= 1
            holes -= 1
        }
    }

    /// Moves the live bindings down over the holes, in order, and records where each went (out
    /// of line: the rare case).
    @inlinable @inline(never)
    mutating func compact() {
        guard let slots, let handles, let positions else { return }
        var write = 0
        for read in 0..<count {
            if let reference = slots[read] {
                if write != read {
                    slots[write] = reference
                    handles[write] = handles[read]
                    positions[Int(handles[write])] = UInt32(truncatingIfNeeded: write)
                }
                write += 1
            }
        }
        // Empty past the end: a prefix taken before the compaction must not reach a moved sink twice.
        (slots + write).update(repeating: nil, count: count - write)
        count = write
        holes = 0
    }

    /// Empties the table and returns its sinks, retained (a finish is delivered to them). Every
    /// handle is forgotten: a later removal of one finds nothing.
    @inlinable
    mutating func takeAll() -> [Sink<Value>] {
        var sinks: [Sink<Value>] = []
        if let slots {
            sinks.reserveCapacity(count - holes)
            for index in 0..<count {
                if let reference = slots[index] { sinks.append(reference.takeUnretainedValue()) }
            }
            (slots).update(repeating: nil, count: count)
        }
        count = 0
        holes = 0
        issued = 0
        firstFree = Self.noHandle
        return sinks
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

/// Bindings made while events were queued, each with the sequence number of the last event
/// queued before it (`lastSkipped`): those events were sent before the binding existed, so
/// they skip it.
///
/// Invariants:
/// - **Sorted.** Entries are in the order the bindings were made, which is both table order
///   and `lastSkipped` order.
/// - **Amortized O(1).** Each entry is looked at a bounded number of times in all: it is
///   dropped from the front once it is caught up (the event being delivered was queued after
///   it) or once its binding has left the table. The first remaining entry, if it must skip
///   the event, marks where delivery stops: every later slot was bound later still.
///   (Scanning every entry for every queued event, or keeping cancelled bindings until their
///   last skipped event, is quadratic under bind/cancel churn: a draining sender never gets out.)
@usableFromInline
struct LateBinders<Value> {
    @usableFromInline
    struct Entry {
        @usableFromInline let sink: Sink<Value>
        @usableFromInline let lastSkipped: Int

        @inlinable init(sink: Sink<Value>, lastSkipped: Int) {
            self.sink = sink
            self.lastSkipped = lastSkipped
        }
    }

    @usableFromInline var entries: [Entry] = []
    @usableFromInline var head = 0

    @inlinable init() {}

    @inlinable var isEmpty: Bool { head == entries.count }

    /// Entries still held (for the engine's tests).
    @inlinable var count: Int { entries.count - head }

    #if DEBUG
    /// Entries looked at so far (for the engine's tests: amortized O(1) means this stays
    /// within a small multiple of the bindings made). Counted in debug builds only, so that
    /// the counting stays off a release build's delivery path.
    @usableFromInline var visits = 0

    /// Entries ever appended (for the engine's tests; debug builds only).
    @usableFromInline var appended = 0
    #endif

    /// Records `sink`, made while `lastSkipped` events had been queued in all.
    @inlinable
    mutating func append(_ sink: Sink<Value>, lastSkipped: Int) {
        entries.append(Entry(sink: sink, lastSkipped: lastSkipped))
        #if DEBUG
        appended &+= 1
        #endif
    }

    /// How many slots of `table` the event numbered `sequence` is delivered to, dropping (into
    /// `leftovers`) the entries that no longer matter.
    @inlinable
    mutating func deliveryCount(for sequence: Int, in table: borrowing SlotTable<Value>, leftovers: inout Leftovers<Value>) -> Int {
        while head < entries.count {
            #if DEBUG
            visits &+= 1
            #endif
            let entry = entries[head]
            if entry.lastSkipped >= sequence, let position = table.position(of: entry.sink) {
                if head >= 1024 && head * 2 >= entries.count {
                    entries.removeFirst(head)
                    head = 0
                }
                return position
            }
            // Caught up (it gets this event and every later one), or no longer bound.
            leftovers.sinks.append(entry.sink)
            head += 1
        }
        entries.removeAll(keepingCapacity: true)
        head = 0
        return table.count
    }

    /// Nothing queued is left to skip anyone: drops every entry (into `leftovers`).
    @inlinable
    mutating func removeAll(into leftovers: inout Leftovers<Value>) {
        for entry in entries[head...] { leftovers.sinks.append(entry.sink) }
        entries.removeAll(keepingCapacity: entries.count <= 64)
        head = 0
    }
}

import Signals

/// The items of one paged list as an immutable snapshot that costs O(1) to take: a view of the
/// first `count` items of the list's append-only storage.
///
/// Publishing an `[Item]` would look as cheap (arrays are copy-on-write), but while a data
/// source holds that array, the next page's append has to copy all of it: O(n) per page,
/// O(n²) over a long scroll. A snapshot shares the storage instead; appends go to its end,
/// which no snapshot can see, so a snapshot never changes and never copies. A reset or a
/// refresh starts new storage, so snapshots of an earlier generation stay valid and unchanged.
public struct PagedItems<Item>: RandomAccessCollection {
    /// The storage the snapshot views (`nil` when empty).
    @usableFromInline package let storage: PageStorage<Item>?

    /// The number of items in the snapshot.
    public let count: Int

    @inlinable package init(storage: PageStorage<Item>?, count: Int) {
        self.storage = storage
        self.count = count
    }

    /// An empty snapshot.
    public init() {
        self.init(storage: nil, count: 0)
    }

    /// Always `0`.
    @inlinable public var startIndex: Int { 0 }

    /// The number of items.
    @inlinable public var endIndex: Int { count }

    /// The item at `position`, which must be less than `count`.
    @inlinable public subscript(position: Int) -> Item {
        precondition(position >= 0 && position < count, "PagedItems index \(position) out of range 0..<\(count)")
        return storage!.item(at: position)
    }

    /// The items as an array (O(1) while the snapshot reaches the end of its storage).
    public var array: [Item] { storage?.prefix(count) ?? [] }
}

extension PagedItems: Sendable where Item: Sendable {}

/// The append-only items of one generation of a ``PageAccumulator``, shared by its snapshots.
/// Only the accumulator whose item count matches the storage's (the one at its tip) appends;
/// any other copy of the accumulator copies its prefix first, so every copy and snapshot keeps
/// seeing exactly its own items.
@usableFromInline
package final class PageStorage<Item>: Sendable {
    private let items: Locked<[Item]>

    @usableFromInline package init(_ items: [Item] = []) {
        self.items = Locked(items)
    }

    /// Runs `body` on the items while holding the storage's lock. The only step that runs
    /// unspecialized: the bodies below are inlinable, so they are specialized for `Item` where
    /// the list is used (an unspecialized `append(contentsOf:)` copied each item through its
    /// value witness, and each array operation looked up generic metadata).
    @usableFromInline package func withItems<Result>(_ body: (inout [Item]) throws -> Result) rethrows -> Result {
        try items.withLock(body)
    }

    @inlinable package func item(at index: Int) -> Item {
        withItems { $0[index] }
    }

    /// The first `count` items (O(1) when they are all of them).
    @inlinable package func prefix(_ count: Int) -> [Item] {
        withItems { $0.count == count ? $0 : Array($0[..<count]) }
    }

    /// Appends `newItems` if the storage holds exactly `count` items; returns whether it did.
    @inlinable package func append(_ newItems: [Item], after count: Int) -> Bool {
        withItems { items in
            guard items.count == count else { return false }
            items.append(contentsOf: newItems)
            return true
        }
    }
}

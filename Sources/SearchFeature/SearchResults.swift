import PhotoDomain
import Signals

/// The results shown for the current search, as an immutable snapshot that costs O(1) to
/// publish: a view of the first `count` items of an append-only store kept per search.
///
/// Publishing `[SearchResultItem]` would look as cheap (arrays are copy-on-write), but while
/// a data source holds that array, the next page's append has to copy all of it: O(n) per
/// page, O(n²) over a long scroll. A snapshot shares the store instead; appends go to the
/// store's end, which no snapshot can see, so a snapshot never changes and never copies.
/// The cost is memory: the store keeps its own copy of each item beside the paging engine's
/// (item values share their strings and URLs, so a copy is a few retained references), plus
/// the photo items once more for a detail pager. Appending a page is O(page size).
///
/// A new search starts a new store, so snapshots of an earlier search stay valid and
/// unchanged. Read snapshots on the view model's scheduler thread (they are not `Sendable`);
/// `Array(results)` copies one, in O(n), for use elsewhere.
public struct SearchResults: RandomAccessCollection, CustomStringConvertible {
    let store: SearchResultStore?

    /// The number of items in the snapshot.
    public let count: Int

    /// An empty snapshot.
    public static var empty: SearchResults { SearchResults(store: nil, count: 0) }

    init(store: SearchResultStore?, count: Int) {
        self.store = store
        self.count = count
    }

    /// Always `0`.
    public var startIndex: Int { 0 }

    /// The number of items.
    public var endIndex: Int { count }

    /// The item at `position`, which must be less than `count`.
    public subscript(position: Int) -> SearchResultItem {
        precondition(position >= 0 && position < count, "SearchResults index \(position) out of range 0..<\(count)")
        return store!.items[position]
    }

    /// The items' IDs in brackets, as `[photo:a, photo:b]`.
    public var description: String {
        "[" + map(\.id).joined(separator: ", ") + "]"
    }
}

/// The append-only items of one search, shared by its ``SearchResults`` snapshots and by the
/// detail pager opened from it. Confined to the view model's scheduler thread.
final class SearchResultStore {
    private(set) var items: [SearchResultItem] = []
    /// The photo items, in order (in the photos scope every item is a photo, so photo `i` is
    /// item `i`).
    private(set) var photos: [Photo] = []
    /// Emits the item indices of each append, after it is made.
    let inserted = Subject<Range<Int>>()

    var count: Int { items.count }

    var snapshot: SearchResults { SearchResults(store: self, count: items.count) }

    /// Appends `newItems` and returns their indices.
    func append(_ newItems: [SearchResultItem]) -> Range<Int> {
        let start = items.count
        items.append(contentsOf: newItems)
        photos.append(contentsOf: newItems.compactMap(\.photo))
        return start..<items.count
    }
}

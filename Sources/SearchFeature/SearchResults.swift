import SignalsPhotoDomain
import SignalsPaging

/// The results shown for the current search, as an immutable snapshot that costs O(1) to
/// publish: a `PagedItems` snapshot of the paging engine's append-only items.
///
/// Publishing `[SearchResultItem]` would look as cheap (arrays are copy-on-write), but while
/// a data source holds that array, the next page's append has to copy all of it: O(n) per
/// page, O(n²) over a long scroll. A snapshot shares the engine's storage instead; appends go
/// to its end, which no snapshot can see, so a snapshot never changes and never copies. The
/// items are held once, by that storage (a detail pager opened from the search reads the same).
///
/// A new search starts new storage, so snapshots of an earlier search stay valid and
/// unchanged. `Array(results)` copies one, in O(n), for use elsewhere.
public struct SearchResults: RandomAccessCollection, CustomStringConvertible {
    let items: PagedItems<SearchResultItem>

    /// An empty snapshot.
    public static var empty: SearchResults { SearchResults(PagedItems()) }

    init(_ items: PagedItems<SearchResultItem>) {
        self.items = items
    }

    /// The number of items in the snapshot.
    public var count: Int { items.count }

    /// Always `0`.
    public var startIndex: Int { 0 }

    /// The number of items.
    public var endIndex: Int { items.count }

    /// The item at `position`, which must be less than `count`.
    public subscript(position: Int) -> SearchResultItem {
        precondition(position >= 0 && position < count, "SearchResults index \(position) out of range 0..<\(count)")
        return items[position]
    }

    /// The items' IDs in brackets, as `[photo:a, photo:b]`.
    public var description: String {
        "[" + map(\.id).joined(separator: ", ") + "]"
    }
}

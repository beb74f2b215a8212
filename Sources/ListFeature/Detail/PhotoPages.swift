import SignalsPhotoDomain
import Signals
import SignalsPaging

/// What a detail pager needs from the list it was opened from: the photos so far, the
/// indices appended later, and a way to load more. The list's paging continues from the
/// detail pager, and the list sees the same inserts.
///
/// Pages made from a `Paginator` hold what they show: when the list is deallocated (its view
/// model freed, or its `transform` called again), they keep the photos they last showed and
/// load nothing more.
public struct PhotoPages {
    /// The photos loaded so far, in list order.
    public var photos: () -> [Photo]
    /// Emits the indices appended to `photos` by each later page.
    public var inserted: Observable<Range<Int>>
    /// Asks the list for its next page (ignored while one loads or after the last).
    public var loadMore: () -> Void

    /// Creates pages from closures.
    public init(
        photos: @escaping () -> [Photo],
        inserted: Observable<Range<Int>>,
        loadMore: @escaping () -> Void
    ) {
        self.photos = photos
        self.inserted = inserted
        self.loadMore = loadMore
    }

    /// The pages of a list of photos; they follow the list through resets while it lives.
    public init(_ list: Paginator<Photo, UseCaseError, Int>) {
        // O(1) while the snapshot reaches the end of its storage (the usual case).
        self.init(list, generation: nil) { $0.array }
    }

    /// The pages of a list of search results whose items are all photos (the photos scope):
    /// photo `i` is result `i`. They follow the list through resets while it lives.
    public init(_ list: Paginator<SearchResultItem, UseCaseError, Int>) {
        self.init(list, generation: nil) { $0.compactMap(\.photo) }
    }

    /// The pages of the current generation of a list of search results (the photos scope):
    /// a reset of the list (a new search) leaves them as they are, and stops their paging.
    package init(currentGenerationOf list: Paginator<SearchResultItem, UseCaseError, Int>) {
        self.init(list, generation: list.state.pages.generation) { $0.compactMap(\.photo) }
    }

    /// Pages over `list` (its `generation` only, or whatever it holds when `nil`), reading
    /// photos from a snapshot with `photos`. The last snapshot read is kept for when the list
    /// is gone or has moved on.
    private init<Item>(
        _ list: Paginator<Item, UseCaseError, Int>,
        generation: Int?,
        photos: @escaping (PagedItems<Item>) -> [Photo]
    ) {
        let lastSeen = SnapshotBox(list.snapshot)
        let live: () -> Paginator<Item, UseCaseError, Int>? = { [weak list] in
            guard let list, generation == nil || list.state.pages.generation == generation else { return nil }
            return list
        }
        self.init(
            photos: {
                if let list = live() { lastSeen.snapshot = list.snapshot }
                return photos(lastSeen.snapshot)
            },
            inserted: list.changes.compactMap { change in
                guard case .appended(let range, _) = change, !range.isEmpty, live() != nil else { return nil }
                return range
            },
            loadMore: { live()?.loadNextPage() }
        )
    }
}

/// The snapshot a ``PhotoPages`` showed last.
private final class SnapshotBox<Item> {
    var snapshot: PagedItems<Item>
    init(_ snapshot: PagedItems<Item>) { self.snapshot = snapshot }
}

extension PhotoPages {
    /// The photo at `index` now, or `nil` when `index` is out of range.
    func photo(at index: Int) -> Photo? {
        let photos = photos()
        return photos.indices.contains(index) ? photos[index] : nil
    }
}

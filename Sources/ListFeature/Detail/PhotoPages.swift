import PhotoDomain
import Signals

/// What a detail pager needs from the list it was opened from: the photos so far, the
/// indices appended later, and a way to load more. The list's paging continues from the
/// detail pager, and the list sees the same inserts.
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

    /// The pages of a list of photos.
    public init(_ list: PagedList<Photo>) {
        self.init(
            photos: { [weak list] in list?.items ?? [] },
            inserted: list.inserted,
            loadMore: { [weak list] in list?.loadNextPage() }
        )
    }

    /// The pages of a list of search results whose items are all photos (the photos scope):
    /// photo `i` is result `i`.
    public init(_ list: PagedList<SearchResultItem>) {
        self.init(
            photos: { [weak list] in list?.items.compactMap(\.photo) ?? [] },
            inserted: list.inserted,
            loadMore: { [weak list] in list?.loadNextPage() }
        )
    }
}

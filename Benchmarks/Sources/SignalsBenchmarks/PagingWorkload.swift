import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsPaging

// 13. The generic paging engine (`SignalsPaging.Paginator`) beside the hand-written paging a
// view model would otherwise carry: a page counter, an in-flight flag, a de-duplicating set
// and an item array. OpenCombine has no paging engine, so the comparison is with that.

/// A row of a paged list in the benchmark.
private struct PagedRow: Identifiable {
    let id: Int
}

/// Pages per list before it is refreshed (so memory stays bounded and refresh is measured).
private let pagesPerList = 100
/// Items per page.
private let pageSize = 30

/// The page a source answers for `page` (1-based): `pageSize` new rows, more until
/// `pagesPerList`.
private func rows(page: Int) -> [PagedRow] {
    let first = (page - 1) * pageSize
    return (first..<first + pageSize).map(PagedRow.init)
}

func pagingWorkload(_ configuration: Configuration) -> [Row] {
    progress("13. paging engine: pages of 30 through a Paginator vs hand-written paging")
    let pages = configuration.count(200_000)
    let engine = measure("Paginator", nominal: pages, configuration: configuration, PagingRuns.paginator)
    let handWritten = measure("hand-written", nominal: pages, configuration: configuration, PagingRuns.handWritten)
    return [Row(
        id: "13", name: "paging engine, per page of 30", unit: "ns/page",
        signals: engine.median, openCombine: handWritten.median,
        note: "OpenCombine column: hand-written paging (no engine); displayed-item prefetch, refresh every 100 pages"
    )]
}

enum PagingRuns {
    /// `pages` pages through a `Paginator`; a source that answers at once on `ImmediateScheduler`.
    @Sendable static func paginator(pages: Int) -> UInt64 {
        let feed = Paginator<PagedRow, Never, Int>(scheduler: ImmediateScheduler()) { page in
            .just(.success(PageResponse(items: rows(page: page), page: page, totalPages: pagesPerList)))
        }
        return drive(pages: pages, inserted: feed.inserted, loadFirst: feed.loadFirstPageIfNeeded, refresh: feed.refresh) {
            feed.itemDisplayed(at: feed.snapshot.count - 1)
        }
    }

    /// The same pages as ListFeature's view models page: `PhotoDomain` pages mapped by
    /// `pageResponses(requested:)`, a `UseCaseError` failure.
    @Sendable static func pagedList(pages: Int) -> UInt64 {
        let feed = Paginator<PagedRow, UseCaseError, Int>(scheduler: ImmediateScheduler()) { page in
            Observable<Result<Page<PagedRow>, UseCaseError>>
                .just(.success(Page(items: rows(page: page), total: pagesPerList * pageSize, totalPages: pagesPerList, page: page)))
                .pageResponses(requested: page)
        }
        return drive(pages: pages, inserted: feed.inserted, loadFirst: feed.loadFirstPageIfNeeded, refresh: feed.refresh) {
            feed.itemDisplayed(at: feed.snapshot.count - 1)
        }
    }

    /// The same pages with the paging a view model writes by hand.
    @Sendable static func handWritten(pages: Int) -> UInt64 {
        let list = HandWrittenPager(prefetchDistance: 3) { page in
            (rows(page: page), page < pagesPerList)
        }
        let inserted = Subject<Range<Int>>()
        list.onInserted = { inserted.send($0) }
        return drive(pages: pages, inserted: inserted.asObservable(), loadFirst: list.loadNextPage, refresh: list.refresh) {
            list.itemDisplayed(at: list.items.count - 1)
        }
    }

    /// Loads `pages` pages: the first, then one per displayed last row, with a refresh every
    /// `pagesPerList` pages. Only the loop is timed; inserted rows go into the checksum.
    private static func drive(
        pages: Int,
        inserted: Observable<Range<Int>>,
        loadFirst: () -> Void,
        refresh: () -> Void,
        displayLast: () -> Void
    ) -> UInt64 {
        let accumulator = Accumulator()
        let token = inserted.bind { accumulator.total += $0.count }
        let start = now()
        loadFirst()
        for loaded in 1..<max(pages, 1) {
            if loaded % pagesPerList == 0 { refresh() } else { displayLast() }
        }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }
}

/// Paging as view models write it without an engine: synchronous source, no generations,
/// no snapshots, no policy beyond prefetch.
private final class HandWrittenPager {
    private let load: (Int) -> ([PagedRow], Bool)
    private let prefetchDistance: Int
    private(set) var items: [PagedRow] = []
    private var seen: Set<Int> = []
    private var nextPage = 1
    private var hasMore = true
    private var isLoading = false
    var onInserted: (Range<Int>) -> Void = { _ in }

    init(prefetchDistance: Int, load: @escaping (Int) -> ([PagedRow], Bool)) {
        self.prefetchDistance = prefetchDistance
        self.load = load
    }

    func itemDisplayed(at index: Int) {
        if index >= items.count - prefetchDistance { loadNextPage() }
    }

    func refresh() {
        items = []
        seen = []
        nextPage = 1
        hasMore = true
        loadNextPage()
    }

    func loadNextPage() {
        guard !isLoading, hasMore else { return }
        isLoading = true
        let (page, more) = load(nextPage)
        isLoading = false
        nextPage += 1
        hasMore = more && !page.isEmpty
        let start = items.count
        for row in page where seen.insert(row.id).inserted { items.append(row) }
        if items.count > start { onInserted(start..<items.count) }
    }
}

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
    /// `pages` pages loaded by displaying the last row (prefetch), a refresh every
    /// `pagesPerList` pages; a source that answers at once on `ImmediateScheduler`.
    @Sendable static func paginator(pages: Int) -> UInt64 {
        let accumulator = Accumulator()
        let feed = Paginator<PagedRow, Never, Int>(scheduler: ImmediateScheduler()) { page in
            .just(.success(PageResponse(items: rows(page: page), page: page, totalPages: pagesPerList)))
        }
        let token = feed.inserted.bind { accumulator.total += $0.count }
        let start = now()
        var loaded = 0
        feed.loadFirstPageIfNeeded()
        loaded += 1
        while loaded < pages {
            if loaded % pagesPerList == 0 {
                feed.refresh()
            } else {
                feed.itemDisplayed(at: feed.snapshot.count - 1)
            }
            loaded += 1
        }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// The same pages with the paging a view model writes by hand.
    @Sendable static func handWritten(pages: Int) -> UInt64 {
        let accumulator = Accumulator()
        let list = HandWrittenPager(prefetchDistance: 3) { page in
            (rows(page: page), page < pagesPerList)
        }
        list.onInserted = { accumulator.total += $0.count }
        let start = now()
        var loaded = 0
        list.loadNextPage()
        loaded += 1
        while loaded < pages {
            if loaded % pagesPerList == 0 {
                list.refresh()
            } else {
                list.itemDisplayed(at: list.items.count - 1)
            }
            loaded += 1
        }
        let elapsed = now() - start
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

import ListFeature
import PhotoDomain
import Signals

private struct PagedRow: Identifiable { let id: Int }
private let pagesPerList = 100
private let pageSize = 30
private func rows(page: Int) -> [PagedRow] {
    let first = (page - 1) * pageSize
    return (first..<first + pageSize).map(PagedRow.init)
}

enum LegacyPagingRuns {
    @Sendable static func pagedList(pages: Int) -> UInt64 {
        let accumulator = Accumulator()
        var list: PagedList<PagedRow>!
        let load: PagedList<PagedRow>.Load = { page in
            .just(.success(Page(items: rows(page: page), total: pagesPerList * pageSize, totalPages: pagesPerList, page: page)))
        }
        list = PagedList<PagedRow>(scheduler: ImmediateScheduler(), load: load)
        let token = list.inserted.bind { accumulator.total += $0.count }
        let start = now()
        var loaded = 0
        list.loadFirstPageIfNeeded()
        loaded += 1
        while loaded < pages {
            if loaded % pagesPerList == 0 {
                list.reset(to: load)
                list.loadNextPage()
            } else {
                list.itemDisplayed(at: list.snapshot.count - 1)
            }
            loaded += 1
        }
        let elapsed = now() - start
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }
}

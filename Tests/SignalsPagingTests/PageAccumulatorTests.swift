import SignalsPaging
import Testing

/// The items and cursor bookkeeping, and the snapshots taken of it.
@Suite struct PageAccumulatorTests {
    @Test func snapshotsKeepTheirItemsThroughLaterPagesResetsAndRefreshes() throws {
        var pages = PageAccumulator<Row, String?>(firstCursor: nil)
        let firstRequest = pages.beginNextPage()
        let first = try #require(firstRequest)
        _ = pages.complete(first, with: rows([1, 2], next: "b"))
        let beforeSecond = pages.snapshot
        let secondRequest = pages.beginNextPage()
        let second = try #require(secondRequest)
        _ = pages.complete(second, with: rows([3], next: "c"))
        let beforeRefresh = pages.snapshot
        let refresh = pages.beginRefresh()
        #expect(pages.snapshot.map(\.id) == [1, 2, 3])
        let replaced = pages.complete(refresh, with: rows([4], next: nil))
        #expect(replaced == .replaced)
        let afterRefresh = pages.snapshot
        pages.reset()
        #expect(beforeSecond.map(\.id) == [1, 2])
        #expect(beforeRefresh.array.map(\.id) == [1, 2, 3])
        #expect(afterRefresh.map(\.id) == [4])
        #expect(pages.snapshot.isEmpty)
        #expect(PagedItems<Row>().array.isEmpty)
    }

    @Test func copiesThatDivergeKeepTheirOwnItems() throws {
        var pages = PageAccumulator<Row, String?>(firstCursor: nil)
        let firstRequest = pages.beginNextPage()
        let first = try #require(firstRequest)
        _ = pages.complete(first, with: rows([1, 2], next: "b"))
        var copy = pages
        let mineRequest = pages.beginNextPage()
        let mine = try #require(mineRequest)
        _ = pages.complete(mine, with: rows([3], next: nil))
        let theirsRequest = copy.beginNextPage()
        let theirs = try #require(theirsRequest)
        _ = copy.complete(theirs, with: rows([4, 5], next: nil))
        #expect(pages.items.map(\.id) == [1, 2, 3])
        #expect(copy.items.map(\.id) == [1, 2, 4, 5])
    }

    @Test func aResponseToAnAbandonedRequestIsStaleAndChangesNothing() throws {
        var pages = PageAccumulator<Row, Int>(firstCursor: 1)
        let oldRequest = pages.beginNextPage()
        let old = try #require(oldRequest)
        let abandoned = pages.reset()
        #expect(abandoned == old)
        let currentRequest = pages.beginNextPage()
        let current = try #require(currentRequest)
        let outcome = pages.complete(old, with: PageResponse(items: [Row(id: 9)], page: 1, totalPages: 2))
        #expect(outcome == .stale)
        let reported = pages.fail(old)
        #expect(!reported)
        #expect(pages.inFlight == current)
        #expect(current.generation == 1)
        #expect(pages.items.isEmpty)
    }

    @Test func appendingTenThousandPagesStaysLinear() {
        var pages = PageAccumulator<Row, Int>(firstCursor: 1)
        for index in 0..<10_000 {
            guard let request = pages.beginNextPage() else { break }
            let ids = (0..<30).map { index * 30 + $0 }
            _ = pages.complete(request, with: PageResponse(items: ids.map(Row.init), page: index + 1, totalPages: 20_000))
        }
        #expect(pages.count == 300_000)
        #expect(pages.nextCursor == 10_001)
        #expect(pages.lastLoadedCursor == 10_000)
    }
}

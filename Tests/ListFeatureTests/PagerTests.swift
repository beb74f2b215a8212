import Foundation
import ListFeature
import PhotoDomain
import Signals
import SignalsTesting
import Testing

struct Item: Identifiable, Hashable, Sendable {
    let id: Int
}

func page(_ ids: [Int], page: Int, totalPages: Int) -> Page<Item> {
    Page(items: ids.map(Item.init), total: totalPages * 3, totalPages: totalPages, page: page)
}

@Suite struct PagerTests {
    @Test func thePageCounterAdvancesOnlyOnSuccess() {
        var pager = Pager<Item>()
        let first = pager.beginNextPage()!
        #expect(first.page == 1)
        let reported = pager.fail(first)
        #expect(reported)
        let retry = pager.beginNextPage()!
        #expect(retry.page == 1)
        let outcome = pager.complete(retry, with: page([1, 2], page: 1, totalPages: 3))
        #expect(outcome == .appended(0..<2))
        let next = pager.beginNextPage()
        #expect(next?.page == 2)
    }

    @Test func aSecondRequestWhileOneIsInFlightIsIgnored() {
        var pager = Pager<Item>()
        let first = pager.beginNextPage()
        let second = pager.beginNextPage()
        #expect(first != nil)
        #expect(second == nil)
    }

    @Test func noRequestPastTotalPagesOrAfterAnEmptyPage() {
        var pager = Pager<Item>()
        let request = pager.beginNextPage()!
        _ = pager.complete(request, with: page([1], page: 1, totalPages: 1))
        #expect(pager.isExhausted)
        let pastEnd = pager.beginNextPage()
        #expect(pastEnd == nil)

        var lying = Pager<Item>()
        let first = lying.beginNextPage()!
        _ = lying.complete(first, with: page([], page: 1, totalPages: 50))
        let afterEmpty = lying.beginNextPage()
        #expect(afterEmpty == nil)
        #expect(lying.isEmptyResult)
    }

    @Test func duplicatesAcrossPagesAreDroppedAndOnlyAppendedIndicesReported() {
        var pager = Pager<Item>()
        let first = pager.beginNextPage()!
        _ = pager.complete(first, with: page([1, 2, 3], page: 1, totalPages: 3))
        let second = pager.beginNextPage()!
        let outcome = pager.complete(second, with: page([3, 4, 2, 5], page: 2, totalPages: 3))
        #expect(outcome == .appended(3..<5))
        #expect(pager.items.map(\.id) == [1, 2, 3, 4, 5])
    }

    @Test func aResponseFromAnOlderGenerationIsDropped() {
        var pager = Pager<Item>()
        let old = pager.beginNextPage()!
        let abandoned = pager.reset()
        #expect(abandoned == old)
        let current = pager.beginNextPage()!
        let outcome = pager.complete(old, with: page([9], page: 1, totalPages: 2))
        #expect(outcome == .stale)
        let reported = pager.fail(old)
        #expect(!reported)
        #expect(pager.inFlight == current)
        #expect(pager.items.isEmpty)
    }

    @Test func appendingTenThousandPagesStaysLinear() {
        var pager = Pager<Item>()
        for index in 0..<10_000 {
            let request = pager.beginNextPage()!
            let ids = (0..<30).map { index * 30 + $0 }
            _ = pager.complete(request, with: page(ids, page: index + 1, totalPages: 20_000))
        }
        #expect(pager.items.count == 300_000)
        #expect(pager.nextPage == 10_001)
    }
}

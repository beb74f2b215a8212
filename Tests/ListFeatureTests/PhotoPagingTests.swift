import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsPaging
import SignalsTesting
import Testing

struct Item: Identifiable, Hashable, Sendable {
    let id: Int
}

func page(_ ids: [Int], page: Int, totalPages: Int) -> Page<Item> {
    Page(items: ids.map(Item.init), total: totalPages * 3, totalPages: totalPages, page: page)
}

/// `PhotoDomain`'s page `number` of `totalPages` as the engine reads it.
func response(_ ids: [Int], page number: Int, totalPages: Int) -> PageResponse<Item, Int> {
    PageResponse(page(ids, page: number, totalPages: totalPages), requested: number)
}

/// A paginator over `PhotoDomain` pages, as the view models build one.
func photoPaginator(
    scheduler: any Scheduler,
    prefetchDistance: Int = 3,
    keeping isKept: @escaping (Item) -> Bool = { _ in true },
    load: @escaping (Int) -> Observable<Result<Page<Item>, UseCaseError>>
) -> Paginator<Item, UseCaseError, Int> {
    Paginator(
        scheduler: scheduler,
        policy: PagingPolicy(prefetchDistance: prefetchDistance),
        load: { number in load(number).pageResponses(requested: number) },
        keeping: isKept
    )
}

/// `PhotoDomain`'s numbered pages in the engine's bookkeeping (what ListFeature's `Pager` and
/// `PageSnapshot` tests checked, through `PageAccumulator`).
@Suite struct PhotoPageAccumulatorTests {
    @Test func aPageNumberedPageAdvancesToTheNextNumberUntilTotalPages() {
        #expect(response([1], page: 1, totalPages: 3).nextPage == .cursor(2))
        #expect(response([1], page: 3, totalPages: 3).nextPage == .end)
        #expect(response([1], page: 4, totalPages: 3).nextPage == .end)
        #expect(response([1], page: 1, totalPages: 3).total == 9)
    }

    @Test func thePageCounterAdvancesOnlyOnSuccess() {
        var pages = PageAccumulator<Item, Int>(firstCursor: 1)
        let first = pages.beginNextPage()!
        #expect(first.cursor == 1)
        let answer1 = pages.fail(first)
        #expect(answer1)
        let retry = pages.beginNextPage()!
        #expect(retry.cursor == 1)
        let answer2 = pages.complete(retry, with: response([1, 2], page: 1, totalPages: 3))
        #expect(answer2 == .appended(0..<2))
        let answer3 = pages.beginNextPage()
        #expect(answer3?.cursor == 2)
    }

    @Test func aSecondRequestWhileOneIsInFlightIsIgnored() {
        var pages = PageAccumulator<Item, Int>(firstCursor: 1)
        let answer4 = pages.beginNextPage()
        #expect(answer4 != nil)
        let answer5 = pages.beginNextPage()
        #expect(answer5 == nil)
    }

    @Test func noRequestPastTotalPagesOrAfterAnEmptyPage() {
        var pages = PageAccumulator<Item, Int>(firstCursor: 1)
        let request = pages.beginNextPage()!
        _ = pages.complete(request, with: response([1], page: 1, totalPages: 1))
        #expect(pages.isExhausted)
        let answer6 = pages.beginNextPage()
        #expect(answer6 == nil)

        var lying = PageAccumulator<Item, Int>(firstCursor: 1)
        let first = lying.beginNextPage()!
        _ = lying.complete(first, with: response([], page: 1, totalPages: 50))
        let answer7 = lying.beginNextPage()
        #expect(answer7 == nil)
        #expect(lying.isEmptyResult)
    }

    @Test func duplicatesAcrossPagesAreDroppedAndOnlyAppendedIndicesReported() {
        var pages = PageAccumulator<Item, Int>(firstCursor: 1)
        let first = pages.beginNextPage()!
        _ = pages.complete(first, with: response([1, 2, 3], page: 1, totalPages: 3))
        let second = pages.beginNextPage()!
        let answer8 = pages.complete(second, with: response([3, 4, 2, 5], page: 2, totalPages: 3))
        #expect(answer8 == .appended(3..<5))
        #expect(pages.items.map(\.id) == [1, 2, 3, 4, 5])
    }

    @Test func aResponseFromAnOlderGenerationIsDropped() {
        var pages = PageAccumulator<Item, Int>(firstCursor: 1)
        let old = pages.beginNextPage()!
        let answer9 = pages.reset()
        #expect(answer9 == old)
        let current = pages.beginNextPage()!
        let answer10 = pages.complete(old, with: response([9], page: 1, totalPages: 2))
        #expect(answer10 == .stale)
        let answer11 = pages.fail(old)
        #expect(!answer11)
        #expect(pages.inFlight == current)
        #expect(pages.items.isEmpty)
    }

    @Test func appendingTenThousandPagesStaysLinear() {
        var pages = PageAccumulator<Item, Int>(firstCursor: 1)
        for index in 0..<10_000 {
            let request = pages.beginNextPage()!
            let ids = (0..<30).map { index * 30 + $0 }
            _ = pages.complete(request, with: response(ids, page: index + 1, totalPages: 20_000))
        }
        #expect(pages.items.count == 300_000)
        #expect(pages.nextCursor == 10_001)
    }

    @Test func aSnapshotKeepsItsItemsThroughLaterPagesAndResets() throws {
        var pages = PageAccumulator<Item, Int>(firstCursor: 1)
        let firstRequest = pages.beginNextPage()
        let first = try #require(firstRequest)
        _ = pages.complete(first, with: response([1, 2], page: 1, totalPages: 3))
        let before = pages.snapshot
        let secondRequest = pages.beginNextPage()
        let second = try #require(secondRequest)
        _ = pages.complete(second, with: response([3], page: 2, totalPages: 3))
        let after = pages.snapshot
        pages.reset()
        #expect(before.map(\.id) == [1, 2])
        #expect(after.map(\.id) == [1, 2, 3])
        #expect(pages.snapshot.isEmpty)
        #expect(PagedItems<Item>().isEmpty)
    }

    @Test func copiesThatDivergeKeepTheirOwnItems() throws {
        var pages = PageAccumulator<Item, Int>(firstCursor: 1)
        let firstRequest = pages.beginNextPage()
        let first = try #require(firstRequest)
        _ = pages.complete(first, with: response([1, 2], page: 1, totalPages: 3))
        var copy = pages
        let mineRequest = pages.beginNextPage()
        let mine = try #require(mineRequest)
        _ = pages.complete(mine, with: response([3], page: 2, totalPages: 3))
        let theirsRequest = copy.beginNextPage()
        let theirs = try #require(theirsRequest)
        _ = copy.complete(theirs, with: response([4, 5], page: 2, totalPages: 3))
        #expect(pages.items.map(\.id) == [1, 2, 3])
        #expect(copy.items.map(\.id) == [1, 2, 4, 5])
        #expect(pages.snapshot.map(\.id) == [1, 2, 3])
    }
}

/// The paging policy over `PhotoDomain` pages, without threads, time or a scheduler (what
/// ListFeature's `PagingState` tests checked, through `PaginationState`).
@Suite struct PhotoPaginationStateTests {
    typealias State = PaginationState<Item, Int>

    /// The request an effect list starts, if any.
    func started(_ effects: [PagingEffect<Int>]) -> PagingRequest<Int>? {
        for case .load(let request, _) in effects { return request }
        return nil
    }

    func request(_ page: Int, generation: Int = 0) -> PagingRequest<Int> {
        PagingRequest(cursor: page, generation: generation)
    }

    @Test func displayingOneOfTheLastItemsAsksForTheNextPageAndOtherIndicesDoNot() throws {
        var state = State(firstCursor: 1, policy: PagingPolicy(prefetchDistance: 3))
        let firstRequest = started(state.firstPageIfNeeded())
        let first = try #require(firstRequest)
        _ = state.received(response(Array(1...10), page: 1, totalPages: 3), for: first)
        let answer12 = state.itemDisplayed(at: 6)
        #expect(answer12 == [])
        let answer13 = state.itemDisplayed(at: 10)
        #expect(answer13 == [])
        let answer14 = state.itemDisplayed(at: -1)
        #expect(answer14 == [])
        let answer15 = started(state.itemDisplayed(at: 7))
        #expect(answer15 == request(2))
        let answer16 = state.itemDisplayed(at: 9)
        #expect(answer16 == [])   // one request at a time
    }

    @Test func aFailurePausesPrefetchingUntilRetryOrAnExplicitNextPage() throws {
        var state = State(firstCursor: 1)
        let firstRequest = started(state.nextPageRequested())
        let first = try #require(firstRequest)
        _ = state.received(response([1, 2, 3], page: 1, totalPages: 3), for: first)
        let secondRequest = started(state.itemDisplayed(at: 2))
        let second = try #require(secondRequest)
        let answer17 = state.failed(second)
        #expect(answer17 == [.publish(.failed)])
        #expect(state.isPaused)
        let answer18 = state.itemDisplayed(at: 2)
        #expect(answer18 == [])
        let answer19 = state.firstPageIfNeeded()
        #expect(answer19 == [])
        let answer20 = started(state.retryRequested())
        #expect(answer20 == request(2))
        #expect(!state.isPaused)
        let answer21 = state.retryRequested()
        #expect(answer21 == [])      // loading, not failed

        let third = try #require(state.pages.inFlight)
        let answer22 = state.failed(third)
        #expect(answer22 == [.publish(.failed)])
        let answer23 = started(state.nextPageRequested())
        #expect(answer23 == request(2))
    }

    @Test func retryWithoutAFailureAsksForNothing() {
        var state = State(firstCursor: 1)
        let answer24 = state.retryRequested()
        #expect(answer24 == [])
        #expect(state.pages.inFlight == nil)
    }

    @Test func theFirstPageIsAskedForOnlyWhileNothingLoadedLoadsOrFailed() throws {
        var state = State(firstCursor: 1)
        let firstRequest = started(state.firstPageIfNeeded())
        let first = try #require(firstRequest)
        let answer25 = state.firstPageIfNeeded()
        #expect(answer25 == [])
        let answer26 = state.ended(first)
        #expect(answer26 == [.publish(.ended)])   // cancelled underneath: not a failure
        #expect(!state.isPaused)
        let againRequest = started(state.firstPageIfNeeded())
        let again = try #require(againRequest)
        _ = state.received(response([1], page: 1, totalPages: 2), for: again)
        let answer27 = state.firstPageIfNeeded()
        #expect(answer27 == [])
    }

    @Test func aPageOfOnlyDuplicatesIsFollowedByTheNextWhileMorePagesExist() throws {
        var state = State(firstCursor: 1)
        let firstRequest = started(state.nextPageRequested())
        let first = try #require(firstRequest)
        _ = state.received(response([1, 2], page: 1, totalPages: 3), for: first)
        let secondRequest = started(state.nextPageRequested())
        let second = try #require(secondRequest)
        let followUpRequest = started(state.received(response([2, 1], page: 2, totalPages: 3), for: second))
        let followUp = try #require(followUpRequest)
        #expect(followUp == request(3))
        #expect(!state.pages.isEmptyResult)
        let answer28 = state.received(response([1], page: 3, totalPages: 3), for: followUp)
        #expect(answer28 == [.publish(.appended(2..<2))])
    }

    @Test func aPageWhoseItemsAreAllRejectedIsNotTheEndNorAnEmptyResult() throws {
        var state = State(firstCursor: 1)
        let even: (Item) -> Bool = { $0.id.isMultiple(of: 2) }
        let firstRequest = started(state.nextPageRequested())
        let first = try #require(firstRequest)
        let followUpRequest = started(state.received(response([1, 3], page: 1, totalPages: 4), for: first, keeping: even))
        let followUp = try #require(followUpRequest)
        #expect(followUp == request(2))
        #expect(!state.pages.isExhausted)
        #expect(!state.pages.isEmptyResult)
        let answer29 = state.received(response([2, 5, 4], page: 2, totalPages: 4), for: followUp, keeping: even)
        #expect(answer29 == [.publish(.appended(0..<2))])
        #expect(state.pages.items.map(\.id) == [2, 4])
    }

    @Test func aResetUnpausesAndMakesTheRequestInFlightStale() throws {
        var state = State(firstCursor: 1)
        let firstRequest = started(state.nextPageRequested())
        let first = try #require(firstRequest)
        _ = state.failed(first)
        let retriedRequest = started(state.retryRequested())
        let retried = try #require(retriedRequest)
        let answer30 = state.reset()
        #expect(answer30 == [.cancelLoad, .publish(.reset)])
        #expect(!state.isPaused)
        let answer31 = state.received(response([1], page: 1, totalPages: 1), for: retried)
        #expect(answer31 == [])
        let answer32 = state.failed(retried)
        #expect(answer32 == [])
    }
}

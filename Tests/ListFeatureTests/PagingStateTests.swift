import Foundation
import ListFeature
import PhotoDomain
import Testing

/// The paging policy, without threads, time or a scheduler.
@Suite struct PagingStateTests {
    @Test func displayingOneOfTheLastItemsAsksForTheNextPageAndOtherIndicesDoNot() throws {
        var state = PagingState<Item>(prefetchDistance: 3)
        let firstRequest = state.firstPageIfNeeded()
        let first = try #require(firstRequest)
        _ = state.received(page(Array(1...10), page: 1, totalPages: 3), for: first)
        let answer1 = state.itemDisplayed(at: 6)
        #expect(answer1 == nil)
        let answer2 = state.itemDisplayed(at: 10)
        #expect(answer2 == nil)
        let answer3 = state.itemDisplayed(at: -1)
        #expect(answer3 == nil)
        let answer4 = state.itemDisplayed(at: 7)
        #expect(answer4 == PageRequest(page: 2, generation: 0))
        let answer5 = state.itemDisplayed(at: 9)
        #expect(answer5 == nil)   // one request at a time
    }

    @Test func aFailurePausesPrefetchingUntilRetryOrAnExplicitNextPage() throws {
        var state = PagingState<Item>()
        let firstRequest = state.nextPageRequested()
        let first = try #require(firstRequest)
        _ = state.received(page([1, 2, 3], page: 1, totalPages: 3), for: first)
        let secondRequest = state.itemDisplayed(at: 2)
        let second = try #require(secondRequest)
        let answer6 = state.failed(second)
        #expect(answer6)
        #expect(state.isPaused)
        let answer7 = state.itemDisplayed(at: 2)
        #expect(answer7 == nil)
        let answer8 = state.firstPageIfNeeded()
        #expect(answer8 == nil)
        let answer9 = state.retryRequested()
        #expect(answer9 == PageRequest(page: 2, generation: 0))
        #expect(!state.isPaused)
        let answer10 = state.retryRequested()
        #expect(answer10 == nil)      // loading, not failed

        let third = try #require(state.pager.inFlight)
        let answer11 = state.failed(third)
        #expect(answer11)
        let answer12 = state.nextPageRequested()
        #expect(answer12 == PageRequest(page: 2, generation: 0))
    }

    @Test func retryWithoutAFailureAsksForNothing() {
        var state = PagingState<Item>()
        let answer13 = state.retryRequested()
        #expect(answer13 == nil)
        #expect(state.pager.inFlight == nil)
    }

    @Test func theFirstPageIsAskedForOnlyWhileNothingLoadedLoadsOrFailed() throws {
        var state = PagingState<Item>()
        let firstRequest = state.firstPageIfNeeded()
        let first = try #require(firstRequest)
        let answer14 = state.firstPageIfNeeded()
        #expect(answer14 == nil)
        let answer15 = state.ended(first)
        #expect(answer15)                 // cancelled underneath: not a failure
        #expect(!state.isPaused)
        let againRequest = state.firstPageIfNeeded()
        let again = try #require(againRequest)
        _ = state.received(page([1], page: 1, totalPages: 2), for: again)
        let answer16 = state.firstPageIfNeeded()
        #expect(answer16 == nil)
    }

    @Test func aPageOfOnlyDuplicatesIsFollowedByTheNextWhileMorePagesExist() throws {
        var state = PagingState<Item>()
        let firstRequest = state.nextPageRequested()
        let first = try #require(firstRequest)
        _ = state.received(page([1, 2], page: 1, totalPages: 3), for: first)
        let secondRequest = state.nextPageRequested()
        let second = try #require(secondRequest)
        let (outcome, followUp) = state.received(page([2, 1], page: 2, totalPages: 3), for: second)
        #expect(outcome == .appended(2..<2))
        #expect(followUp == PageRequest(page: 3, generation: 0))
        #expect(!state.pager.isEmptyResult)

        let (last, none) = state.received(page([1], page: 3, totalPages: 3), for: followUp!)
        #expect(last == .appended(2..<2))
        #expect(none == nil)                        // the last page: nothing to follow
    }

    @Test func aPageWhoseItemsAreAllRejectedIsNotTheEndNorAnEmptyResult() throws {
        var state = PagingState<Item>()
        let firstRequest = state.nextPageRequested()
        let first = try #require(firstRequest)
        let (outcome, followUp) = state.received(page([1, 3], page: 1, totalPages: 4), for: first, keeping: { $0.id.isMultiple(of: 2) })
        #expect(outcome == .appended(0..<0))
        #expect(followUp == PageRequest(page: 2, generation: 0))
        #expect(!state.pager.isExhausted)
        #expect(!state.pager.isEmptyResult)
        let (kept, _) = state.received(page([2, 5, 4], page: 2, totalPages: 4), for: followUp!, keeping: { $0.id.isMultiple(of: 2) })
        #expect(kept == .appended(0..<2))
        #expect(state.pager.items.map(\.id) == [2, 4])
    }

    @Test func aResetUnpausesAndMakesTheRequestInFlightStale() throws {
        var state = PagingState<Item>()
        let firstRequest = state.nextPageRequested()
        let first = try #require(firstRequest)
        let answer17 = state.failed(first)
        #expect(answer17)
        let retriedRequest = state.retryRequested()
        let retried = try #require(retriedRequest)
        let answer18 = state.reset()
        #expect(answer18 == retried)
        #expect(!state.isPaused)
        let (outcome, _) = state.received(page([1], page: 1, totalPages: 1), for: retried)
        #expect(outcome == .stale)
        let answer19 = state.failed(retried)
        #expect(!answer19)
    }
}

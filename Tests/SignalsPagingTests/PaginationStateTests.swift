import SignalsPaging
import Testing

/// The paging decisions, without threads, time or a scheduler: each event returns its effects.
@Suite struct PaginationStateTests {
    @Test func cursorTokensAdvanceOnlyOnSuccessAndTheListEndsAtANilCursor() throws {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        #expect(state.firstPageIfNeeded() == [load(nil)])
        #expect(state.failed(request(nil)) == [.publish(.failed)])
        #expect(state.isPaused)
        #expect(state.retryRequested() == [load(nil)])
        #expect(state.received(rows([1, 2], next: "b"), for: request(nil)) == [.publish(.appended(0..<2))])
        #expect(state.nextPageRequested() == [load("b")])
        #expect(state.received(rows([3], next: nil), for: request("b")) == [.publish(.appended(2..<3))])
        #expect(state.nextPageRequested() == [])
        #expect(state.pages.isExhausted)
        #expect(state.pages.items.map(\.id) == [1, 2, 3])
        #expect(state.pages.lastLoadedCursor == "b")
    }

    @Test func aHasMoreSourceEndsWhenItSaysThereIsNoMore() {
        var state = PaginationState<Row, Int>(firstCursor: 0)
        #expect(state.nextPageRequested() == [.load(PagingRequest(cursor: 0, generation: 0), after: nil)])
        let first = PageResponse(items: [Row(id: 1)], page: 0, hasMore: true)
        #expect(state.received(first, for: PagingRequest(cursor: 0, generation: 0)) == [.publish(.appended(0..<1))])
        #expect(state.nextPageRequested() == [.load(PagingRequest(cursor: 1, generation: 0), after: nil)])
        let last = PageResponse(items: [Row(id: 2)], page: 1, hasMore: false)
        #expect(state.received(last, for: PagingRequest(cursor: 1, generation: 0)) == [.publish(.appended(1..<2))])
        #expect(state.nextPageRequested() == [])
    }

    @Test func aPageNumberedSourceStopsAtItsTotalPagesAndRecordsTheTotals() {
        var state = PaginationState<Row, Int>(firstCursor: 1)
        _ = state.nextPageRequested()
        let only = PageResponse(items: [Row(id: 1)], page: 1, totalPages: 1, total: 1)
        #expect(state.received(only, for: PagingRequest(cursor: 1, generation: 0)) == [.publish(.appended(0..<1))])
        #expect(state.pages.isExhausted)
        #expect(state.pages.totalPages == 1)
        #expect(state.pages.total == 1)
    }

    @Test func aRefreshThatKeepsTheItemsReplacesThemOnlyWhenItsFirstPageArrives() {
        var state = PaginationState<Row, String?>(firstCursor: nil, policy: PagingPolicy(refresh: .keepItemsUntilFirstPage))
        _ = state.firstPageIfNeeded()
        _ = state.received(rows([1, 2], next: "b"), for: request(nil))
        _ = state.nextPageRequested()
        let before = state.pages.snapshot
        #expect(state.refreshRequested() == [load(nil, generation: 1)])
        #expect(state.pages.isRefreshing)
        #expect(state.pages.items.map(\.id) == [1, 2])
        #expect(state.itemDisplayed(at: 1) == [])                                   // page 1 is loading
        #expect(state.received(rows([9], next: nil), for: request("b")) == [])      // the old generation's page
        #expect(state.received(rows([5, 6], next: "c"), for: request(nil, generation: 1)) == [.publish(.refreshed)])
        #expect(!state.pages.isRefreshing)
        #expect(state.pages.items.map(\.id) == [5, 6])
        #expect(before.map(\.id) == [1, 2])
        #expect(state.nextPageRequested() == [load("c", generation: 1)])
        #expect(state.received(rows([6, 1], next: nil), for: request("c", generation: 1)) == [.publish(.appended(2..<3))])
        #expect(state.pages.items.map(\.id) == [5, 6, 1])                          // de-duplicated within the new generation only
    }

    @Test func aFailedRefreshKeepsTheItemsAndARetryAsksForTheFirstPageAgain() {
        var state = PaginationState<Row, String?>(firstCursor: nil, policy: PagingPolicy(refresh: .keepItemsUntilFirstPage))
        _ = state.firstPageIfNeeded()
        _ = state.received(rows([1, 2], next: "b"), for: request(nil))
        _ = state.refreshRequested()
        #expect(state.failed(request(nil, generation: 1)) == [.publish(.failed)])
        #expect(state.pages.items.map(\.id) == [1, 2])
        #expect(state.pages.isRefreshing)
        #expect(state.itemDisplayed(at: 1) == [])                                   // paused
        #expect(state.retryRequested() == [load(nil, generation: 1)])
        #expect(state.received(rows([3], next: nil), for: request(nil, generation: 1)) == [.publish(.refreshed)])
        #expect(state.pages.items.map(\.id) == [3])
    }

    @Test func aRefreshThatClearsResetsAtOnceAndLoadsTheFirstPage() {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        _ = state.firstPageIfNeeded()
        _ = state.received(rows([1, 2], next: "b"), for: request(nil))
        #expect(state.refreshRequested() == [.publish(.reset), load(nil, generation: 1)])
        #expect(state.pages.items.isEmpty)
        #expect(!state.pages.isRefreshing)
    }

    @Test func anAutomaticRetryAsksAgainAfterTheDelayAndReportsOnlyWhenAttemptsRunOut() {
        let delay = Duration.seconds(2)
        var state = PaginationState<Row, String?>(firstCursor: nil, policy: PagingPolicy(retry: .automatic(attempts: 2, delay: delay)))
        _ = state.firstPageIfNeeded()
        #expect(state.failed(request(nil)) == [.load(request(nil), after: delay)])
        #expect(state.isLoading)
        #expect(state.failed(request(nil)) == [.load(request(nil), after: delay)])
        #expect(state.retryAttempts == 2)
        #expect(state.failed(request(nil)) == [.publish(.failed)])
        #expect(!state.isLoading)
        #expect(state.isPaused)
        #expect(state.retryRequested() == [load(nil)])
        #expect(state.failed(request(nil)) == [.load(request(nil), after: delay)])  // a new request gets new attempts
        #expect(state.received(rows([1], next: "b"), for: request(nil)) == [.publish(.appended(0..<1))])
        #expect(state.retryAttempts == 0)
    }

    @Test func withoutThePauseAFailureDoesNotStopPrefetching() {
        var state = PaginationState<Row, String?>(firstCursor: nil, policy: PagingPolicy(pausesAfterFailure: false))
        _ = state.firstPageIfNeeded()
        _ = state.received(rows([1, 2, 3], next: "b"), for: request(nil))
        #expect(state.itemDisplayed(at: 2) == [load("b")])
        #expect(state.failed(request("b")) == [.publish(.failed)])
        #expect(!state.isPaused)
        #expect(state.itemDisplayed(at: 2) == [load("b")])
        #expect(state.retryRequested() == [])                                       // nothing paused, nothing to retry
    }

    @Test func thePrefetchDistanceDecidesWhichDisplayedItemsAskForMore() {
        var state = PaginationState<Row, String?>(firstCursor: nil, policy: PagingPolicy(prefetchDistance: 5))
        _ = state.firstPageIfNeeded()
        _ = state.received(rows(Array(1...10), next: "b"), for: request(nil))
        #expect(state.itemDisplayed(at: 4) == [])
        #expect(state.itemDisplayed(at: 10) == [])
        #expect(state.itemDisplayed(at: -1) == [])
        #expect(state.itemDisplayed(at: 5) == [load("b")])
        #expect(state.itemDisplayed(at: 9) == [])                                   // one request at a time
    }

    @Test func aResetCancelsTheRequestAndDropsItsLateFailure() {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        _ = state.firstPageIfNeeded()
        #expect(state.reset() == [.cancelLoad, .publish(.reset)])
        #expect(state.failed(request(nil)) == [])
        #expect(state.ended(request(nil)) == [])
        #expect(!state.isPaused)
        #expect(state.firstPageIfNeeded() == [load(nil, generation: 1)])
    }

    @Test func aPageThatAddsNothingIsFollowedAtOnceAndAnEmptyPageEndsTheListOnlyByPolicy() {
        var stopping = PaginationState<Row, String?>(firstCursor: nil)
        _ = stopping.firstPageIfNeeded()
        #expect(stopping.received(rows([], next: "b"), for: request(nil)) == [.publish(.appended(0..<0))])
        #expect(stopping.pages.isEmptyResult)

        var continuing = PaginationState<Row, String?>(firstCursor: nil, policy: PagingPolicy(stopsAtEmptyPage: false))
        _ = continuing.firstPageIfNeeded()
        #expect(continuing.received(rows([], next: "b"), for: request(nil)) == [load("b")])
        #expect(continuing.received(rows([1], next: nil), for: request("b")) == [.publish(.appended(0..<1))])
        #expect(!continuing.pages.isEmptyResult)
    }

    @Test func aRequestThatEndsWithoutAPageIsAskedForAgainWithoutAPause() {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        _ = state.firstPageIfNeeded()
        #expect(state.ended(request(nil)) == [.publish(.ended)])
        #expect(!state.isPaused)
        #expect(state.firstPageIfNeeded() == [load(nil)])
    }
}

/// Which request failed, whether a refresh is in flight, and items put at the top.
@Suite struct PaginationStateRequestKindTests {
    @Test func aFailureRecordsWhetherItWasTheFirstPageARefreshOrANextPage() {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        _ = state.firstPageIfNeeded()
        #expect(state.requestInFlight == .firstPage)
        _ = state.failed(request(nil))
        #expect(state.lastFailedRequest == .firstPage)
        #expect(state.requestInFlight == nil)
        _ = state.retryRequested()
        _ = state.received(rows([1], next: "b"), for: request(nil))
        _ = state.nextPageRequested()
        #expect(state.requestInFlight == .nextPage)
        _ = state.failed(request("b"))
        #expect(state.lastFailedRequest == .nextPage)
        _ = state.refreshRequested()
        #expect(state.isRefreshing)
        #expect(state.requestInFlight == .refresh)
        _ = state.failed(request(nil, generation: 1))
        #expect(state.lastFailedRequest == .refresh)
        #expect(!state.isRefreshing)
    }

    @Test func aRefreshIsInFlightUntilItsFirstPageArrivesAndNotDuringTheNextPage() {
        var state = PaginationState<Row, String?>(firstCursor: nil, policy: PagingPolicy(refresh: .keepItemsUntilFirstPage))
        _ = state.firstPageIfNeeded()
        #expect(!state.isRefreshing)
        _ = state.received(rows([1], next: "b"), for: request(nil))
        _ = state.refreshRequested()
        #expect(state.isRefreshing)
        _ = state.received(rows([2], next: "c"), for: request(nil, generation: 1))
        #expect(!state.isRefreshing)
        _ = state.nextPageRequested()
        #expect(!state.isRefreshing)
        #expect(state.requestInFlight == .nextPage)
    }

    @Test func aResetAbandonsARefreshInFlight() {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        _ = state.refreshRequested()
        #expect(state.isRefreshing)
        _ = state.reset()
        #expect(!state.isRefreshing)
    }

    @Test func itemsPutAtTheTopAreDeduplicatedAndLeaveTheCursorAlone() {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        _ = state.firstPageIfNeeded()
        _ = state.received(rows([1, 2], next: "b"), for: request(nil))
        let before = state.pages.snapshot
        #expect(state.prepend([Row(id: 7), Row(id: 1), Row(id: 8)]) == 0..<2)
        #expect(state.pages.items.map(\.id) == [7, 8, 1, 2])
        #expect(state.prepend([Row(id: 7)]) == 0..<0)
        #expect(before.map(\.id) == [1, 2])
        #expect(state.nextPageRequested() == [load("b")])
        #expect(state.received(rows([8, 3], next: nil), for: request("b")) == [.publish(.appended(4..<5))])
        #expect(state.pages.items.map(\.id) == [7, 8, 1, 2, 3])
    }
}

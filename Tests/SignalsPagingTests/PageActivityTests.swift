import Signals
import SignalsPaging
import SignalsTesting
import Testing

/// `Paginator.activity`: what is loading, as one value, in whole histories.
@Suite struct PageActivityTests {
    typealias Response = Result<PageResponse<Row, String?>, LoadError>
    let scheduler = TestScheduler()
    let requests = ScriptedRequests<String?, Response>()
    let offline = LoadError(reason: "offline")

    func makeFeed(_ policy: PagingPolicy = PagingPolicy(), load: Bool = true) -> Paginator<Row, LoadError, String?> {
        let requests = requests
        return Paginator(firstCursor: nil, scheduler: scheduler, policy: policy, load: load ? { requests($0) } : nil)
    }

    func answer(_ ids: [Int], next: String?) {
        requests.respond(with: .success(rows(ids, next: next)))
        scheduler.advance()
    }

    func fail() {
        requests.respond(with: .failure(offline))
        scheduler.advance()
    }

    @Test func theFirstPageThenTheNextPageAreEachLoadingUntilTheyArrive() {
        let feed = makeFeed()
        let activity = Recorder(feed.activity)
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        feed.itemDisplayed(at: 1)
        answer([3], next: nil)
        #expect(activity.values == [.idle, .firstPage, .idle, .nextPage, .idle])
    }

    @Test(arguments: [PagingPolicy.Refresh.clearItems, .keepItemsUntilFirstPage])
    func aRefreshGoesFromIdleToRefreshToIdleWithNothingBetween(_ refresh: PagingPolicy.Refresh) {
        let feed = makeFeed(PagingPolicy(refresh: refresh))
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        let activity = Recorder(feed.activity)
        feed.refresh()
        answer([3], next: "c")
        #expect(activity.values == [.idle, .refresh, .idle])
    }

    @Test func aRefreshNeverShowsTheFooterSpinnerWhereIsLoadingAndIsRefreshingCombinedDo() {
        let feed = makeFeed(PagingPolicy(refresh: .keepItemsUntilFirstPage))
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        let footer = Recorder(feed.activity.map { $0 == .nextPage })
        let combined = Recorder(feed.isLoading.combineLatest(feed.isRefreshing) { $0 && !$1 })
        feed.refresh()
        answer([3], next: "c")
        #expect(footer.values == [false, false, false])
        // The glitch `activity` replaces: `isLoading` turns true before `isRefreshing` does.
        #expect(combined.values == [false, true, false, false, false])
    }

    @Test func aRefreshThatInterruptsANextPageGoesStraightToRefresh() {
        let feed = makeFeed()
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        let activity = Recorder(feed.activity)
        let loading = Recorder(feed.isLoading)
        feed.loadNextPage()
        feed.refresh()                                 // clears the rows, then asks for page 1
        answer([5], next: nil)
        #expect(activity.values == [.idle, .nextPage, .refresh, .idle])
        #expect(loading.values == [false, true, false, true, false])
        #expect(requests.requests == [nil, "b", nil])
    }

    @Test func aFailureEndsTheActivityAndARetryShowsTheKindItAsksFor() {
        let feed = makeFeed()
        let activity = Recorder(feed.activity)
        feed.loadFirstPageIfNeeded()
        fail()
        feed.retry()
        answer([1, 2], next: "b")
        feed.loadNextPage()
        fail()
        feed.retry()
        answer([3], next: nil)
        #expect(activity.values == [.idle, .firstPage, .idle, .firstPage, .idle, .nextPage, .idle, .nextPage, .idle])
    }

    @Test func anAutomaticRetryKeepsTheActivityUntilTheFailureIsReported() {
        let feed = makeFeed(PagingPolicy(retry: .automatic(attempts: 1, delay: .seconds(1))))
        let activity = Recorder(feed.activity)
        feed.loadFirstPageIfNeeded()
        fail()
        scheduler.advance(by: .seconds(1))
        #expect(activity.values == [.idle, .firstPage])
        fail()
        #expect(activity.values == [.idle, .firstPage, .idle])
    }

    @Test func aResetEndsTheActivityAndTheNewSourcesFirstPageIsAFirstPage() {
        let feed = makeFeed()
        feed.loadFirstPageIfNeeded()
        answer([1], next: "b")
        let activity = Recorder(feed.activity)
        feed.loadNextPage()
        let requests = requests
        feed.reset(to: { requests($0) })
        feed.loadNextPage()
        answer([7], next: nil)
        #expect(activity.values == [.idle, .nextPage, .idle, .firstPage, .idle])
    }

    @Test func aListWithoutASourceStaysIdle() {
        let feed = makeFeed(load: false)
        let activity = Recorder(feed.activity)
        feed.loadFirstPageIfNeeded()
        feed.refresh()
        feed.loadNextPage()
        #expect(activity.values == [.idle])
    }

    @Test func activitySettlesAfterIsRefreshingAndBeforeIsEmpty() {
        let feed = makeFeed()
        let log = Recorder(Observable.merge([
            feed.changes.map { "change: \($0.summary)" },
            feed.isLoading.map { "isLoading: \($0)" },
            feed.isRefreshing.map { "isRefreshing: \($0)" },
            feed.activity.map { "activity: \($0)" },
            feed.isEmpty.map { "isEmpty: \($0)" },
        ]))
        feed.loadFirstPageIfNeeded()
        answer([], next: nil)
        #expect(log.values == [
            "isLoading: false", "isRefreshing: false", "activity: idle", "isEmpty: false",
            "isLoading: true", "activity: firstPage",
            "change: appended 0..<0 of 0", "isLoading: false", "activity: idle", "isEmpty: true",
        ])
    }
}

/// `PaginationState.activity`, without a scheduler.
@Suite struct PaginationStateActivityTests {
    @Test func theActivityIsTheKindOfTheRequestInFlight() {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        #expect(state.activity == .idle)
        _ = state.firstPageIfNeeded()
        #expect(state.activity == .firstPage)
        _ = state.received(rows([1, 2], next: "b"), for: request(nil))
        #expect(state.activity == .idle)
        _ = state.nextPageRequested()
        #expect(state.activity == .nextPage)
        _ = state.refreshRequested()
        #expect(state.activity == .refresh)
        _ = state.reset()
        #expect(state.activity == .idle)
    }

    @Test func anActivityIsLoadingUnlessIdle() {
        #expect([PageActivity.idle, .firstPage, .refresh, .nextPage].map(\.isLoading) == [false, true, true, true])
        #expect([PagingRequestKind.firstPage, .refresh, .nextPage].map(PageActivity.init) == [.firstPage, .refresh, .nextPage])
    }
}

import Signals
import SignalsPaging
import SignalsTesting
import Testing

/// The engine on virtual time: requests, responses on the scheduler, changes and loading state.
@Suite struct PaginatorTests {
    typealias Response = Result<PageResponse<Row, String?>, LoadError>
    let scheduler = TestScheduler()
    let requests = ScriptedRequests<String?, Response>()
    let offline = LoadError(reason: "offline")

    func makeFeed(_ policy: PagingPolicy = PagingPolicy()) -> Paginator<Row, LoadError, String?> {
        let requests = requests
        return Paginator(firstCursor: nil, scheduler: scheduler, policy: policy) { requests($0) }
    }

    func answer(_ ids: [Int], next: String?) {
        requests.respond(with: .success(rows(ids, next: next)))
        scheduler.advance()
    }

    @Test func cursorPagesArriveOnTheSchedulerInOrderAndTheListEndsAtANilCursor() {
        let feed = makeFeed()
        let changes = Recorder(feed.changes)
        let loading = Recorder(feed.isLoading)
        feed.loadFirstPageIfNeeded()
        requests.respond(with: .success(rows([1, 2], next: "b")))
        #expect(feed.items.isEmpty)                 // still queued on the scheduler
        scheduler.advance()
        feed.itemDisplayed(at: 1)
        answer([2, 3], next: nil)
        feed.loadNextPage()
        #expect(requests.requests == [nil, "b"])
        #expect(changes.values.map(\.summary) == ["appended 0..<2 of 2", "appended 2..<3 of 3"])
        #expect(loading.values == [false, true, false, true, false])
        #expect(feed.items.map(\.id) == [1, 2, 3])
    }

    @Test func aRefreshThatKeepsTheRowsShowsThemUntilPageOneArrivesThenReplacesThem() {
        let feed = makeFeed(PagingPolicy(refresh: .keepItemsUntilFirstPage))
        let changes = Recorder(feed.changes)
        let loading = Recorder(feed.isLoading)
        let refreshed = Recorder(feed.didRefresh.map { $0.map(\.id) })
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        feed.loadNextPage()
        feed.refresh()                               // cancels the request for "b"
        #expect(requests.cancelledRequests == ["b"])
        #expect(feed.items.map(\.id) == [1, 2])      // the rows stay while page 1 loads
        answer([7, 8, 9], next: "c")
        #expect(changes.values.map(\.summary) == ["appended 0..<2 of 2", "refreshed to 3"])
        #expect(refreshed.values == [[7, 8, 9]])
        #expect(loading.values == [false, true, false, true, false])
        #expect(feed.items.map(\.id) == [7, 8, 9])
    }

    @Test func aRefreshThatClearsEmitsAResetAtOnce() {
        let feed = makeFeed()
        let changes = Recorder(feed.changes)
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        feed.refresh()
        #expect(feed.items.isEmpty)
        answer([3], next: nil)
        #expect(changes.values.map(\.summary) == ["appended 0..<2 of 2", "reset", "appended 0..<1 of 1"])
        #expect(requests.requests == [nil, nil])
    }

    @Test func anAutomaticRetryAsksAgainAfterItsDelayOnVirtualTimeAndReportsOnce() {
        let feed = makeFeed(PagingPolicy(retry: .automatic(attempts: 2, delay: .seconds(1))))
        let errors = Recorder(feed.error)
        let loading = Recorder(feed.isLoading)
        feed.loadFirstPageIfNeeded()
        requests.respond(with: .failure(offline))
        scheduler.advance()
        #expect(requests.requests == [nil])
        scheduler.advance(by: .milliseconds(999))
        #expect(requests.requests == [nil])
        scheduler.advance(by: .milliseconds(1))
        #expect(requests.requests == [nil, nil])
        requests.respond(with: .failure(offline))
        scheduler.advance(by: .seconds(1))
        #expect(requests.requests == [nil, nil, nil])
        #expect(errors.values == [])
        requests.respond(with: .failure(offline))
        scheduler.advance(by: .seconds(5))
        #expect(requests.requests == [nil, nil, nil])
        #expect(errors.values == [offline])
        #expect(loading.values == [false, true, false])
    }

    @Test func aResetDuringARetryDelayCancelsTheRetry() {
        let feed = makeFeed(PagingPolicy(retry: .automatic(attempts: 3, delay: .seconds(1))))
        let errors = Recorder(feed.error)
        feed.loadFirstPageIfNeeded()
        requests.respond(with: .failure(offline))
        scheduler.advance()
        feed.reset(to: nil)
        scheduler.advance(by: .seconds(10))
        #expect(requests.requests == [nil])
        #expect(errors.values == [])
        #expect(!feed.state.isLoading)
    }

    @Test func aStaleResponseAfterAResetIsNeverAppendedNorReported() {
        let feed = makeFeed()
        let changes = Recorder(feed.changes)
        feed.loadFirstPageIfNeeded()
        requests.respond(with: .success(rows([1], next: "b")))   // queued on the scheduler
        feed.reset(to: { [requests] in requests($0) })
        feed.loadFirstPageIfNeeded()
        scheduler.advance()
        #expect(feed.items.isEmpty)
        answer([5], next: nil)
        #expect(changes.values.map(\.summary) == ["reset", "appended 0..<1 of 1"])
    }

    @Test func aFailureIsReportedOnceAndPausesPrefetchingUntilARetry() {
        let feed = makeFeed()
        let errors = Recorder(feed.error)
        feed.loadFirstPageIfNeeded()
        answer([1, 2, 3], next: "b")
        feed.itemDisplayed(at: 2)
        requests.respond(with: .failure(offline))
        scheduler.advance()
        feed.itemDisplayed(at: 2)
        feed.retry()
        answer([4], next: nil)
        #expect(requests.requests == [nil, "b", "b"])
        #expect(errors.values == [offline])
        #expect(feed.items.map(\.id) == [1, 2, 3, 4])
    }

    @Test func anEmptySourceIsReportedEmptyOnceReadToItsEnd() {
        let feed = makeFeed()
        let empty = Recorder(feed.isEmpty)
        feed.loadFirstPageIfNeeded()
        answer([], next: nil)
        #expect(empty.values == [false, true])
    }

    @Test func aPageNumberedSourceWorksWithThePageConvenience() {
        let feed = Paginator<Row, Never, Int>(scheduler: ImmediateScheduler()) { page in
            .just(.success(PageResponse(items: [Row(id: page)], page: page, totalPages: 3)))
        }
        let inserted = Recorder(feed.inserted)
        for _ in 0..<5 { feed.loadNextPage() }
        #expect(inserted.values == [0..<1, 1..<2, 2..<3])
        #expect(feed.items.map(\.id) == [1, 2, 3])
    }

    @Test func withoutASourceNothingIsRequestedAndNothingLoads() {
        let feed = Paginator<Row, LoadError, String?>(firstCursor: nil, scheduler: scheduler)
        let loading = Recorder(feed.isLoading)
        let changes = Recorder(feed.changes)
        feed.loadFirstPageIfNeeded()
        feed.refresh()
        #expect(loading.values == [false])
        #expect(changes.values.map(\.summary) == ["reset"])
    }

    @Test func deallocatingThePaginatorCancelsTheRequestInFlight() {
        weak var weakFeed: Paginator<Row, LoadError, String?>?
        do {
            let feed = makeFeed()
            weakFeed = feed
            feed.loadFirstPageIfNeeded()
        }
        #expect(weakFeed == nil)
        #expect(requests.cancelledRequests == [nil])
    }
}

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

/// Sources that answer while they are being bound (`ImmediateScheduler`, `Observable.just`):
/// the binding the paginator keeps is the one of the request in flight.
@Suite struct PaginatorSynchronousSourceTests {
    typealias Response = Result<PageResponse<Row, String?>, LoadError>

    @Test func aFollowUpStartedWhileTheFirstSourceAnswersKeepsItsBinding() {
        let later = Subject<Response>()
        // Page 1 answers at once with a row the filter drops, so the paginator asks for page
        // "b" at once, while page 1's source is still being bound; "b" answers later.
        let feed = Paginator<Row, LoadError, String?>(
            firstCursor: nil,
            scheduler: ImmediateScheduler(),
            load: { cursor in cursor == nil ? .just(.success(rows([0], next: "b"))) : later.asObservable() },
            keeping: { $0.id != 0 }
        )
        let changes = Recorder(feed.changes)
        feed.loadFirstPageIfNeeded()
        #expect(later.bindingCount == 1)
        later.send(.success(rows([1, 2], next: nil)))
        #expect(changes.values.map(\.summary) == ["appended 0..<2 of 2"])
        #expect(feed.items.map(\.id) == [1, 2])
    }
}

/// `isRefreshing`, `failures`, `prepend`, and the order of emissions across the outputs.
@Suite struct PaginatorOutputTests {
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

    func fail() {
        requests.respond(with: .failure(offline))
        scheduler.advance()
    }

    /// Every output of `feed` in one log, in the order they emitted.
    func log(_ feed: Paginator<Row, LoadError, String?>) -> Recorder<String> {
        Recorder(Observable.merge([
            feed.changes.map { "change: \($0.summary)" },
            feed.failures.map { "failure: \($0.request)" },
            feed.prepended.map { "prepended: \($0)" },
            feed.isLoading.map { "isLoading: \($0)" },
            feed.isRefreshing.map { "isRefreshing: \($0)" },
            feed.isEmpty.map { "isEmpty: \($0)" },
        ]))
    }

    @Test func isRefreshingIsTrueFromARefreshUntilItsFirstPageArrives() {
        let feed = makeFeed(PagingPolicy(refresh: .keepItemsUntilFirstPage))
        let refreshing = Recorder(feed.isRefreshing)
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        feed.refresh()
        #expect(refreshing.values == [false, true])
        answer([3], next: "c")
        feed.loadNextPage()
        answer([4], next: nil)
        #expect(refreshing.values == [false, true, false])
        #expect(feed.items.map(\.id) == [3, 4])
    }

    @Test func aRefreshThatFailsEndsRefreshingAndSaysTheRefreshFailed() {
        let feed = makeFeed(PagingPolicy(refresh: .keepItemsUntilFirstPage))
        let refreshing = Recorder(feed.isRefreshing)
        let failures = Recorder(feed.failures)
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        feed.refresh()
        fail()
        #expect(refreshing.values == [false, true, false])
        #expect(failures.values == [PagingFailure(error: offline, request: .refresh)])
        #expect(feed.items.map(\.id) == [1, 2])
    }

    @Test func failuresSayWhichRequestFailed() {
        let feed = makeFeed()
        let failures = Recorder(feed.failures.map(\.request))
        let errors = Recorder(feed.error)
        feed.loadFirstPageIfNeeded()
        fail()
        feed.retry()
        answer([1, 2], next: "b")
        feed.itemDisplayed(at: 1)
        fail()
        feed.retry()
        answer([3], next: "c")
        feed.refresh()                                 // clears the rows, then asks for page 1
        fail()
        #expect(failures.values == [.firstPage, .nextPage, .refresh])
        #expect(errors.values == [offline, offline, offline])
        #expect(requests.requests == [nil, nil, "b", "b", nil])
    }

    @Test func anAutomaticallyRetriedFailureIsReportedOnceWithItsRequest() {
        let feed = makeFeed(PagingPolicy(retry: .automatic(attempts: 1, delay: .seconds(1))))
        let failures = Recorder(feed.failures.map(\.request))
        feed.loadFirstPageIfNeeded()
        fail()
        scheduler.advance(by: .seconds(1))
        fail()
        #expect(requests.requests == [nil, nil])
        #expect(failures.values == [.firstPage])
    }

    @Test func whileAnAutomaticRetryWaitsTheFailedAttemptsEndChangesNothing() {
        let feed = makeFeed(PagingPolicy(retry: .automatic(attempts: 1, delay: .seconds(1))))
        let log = log(feed)
        feed.loadFirstPageIfNeeded()
        fail()                                         // the failure, then the source's end
        scheduler.advance(by: .milliseconds(500))
        #expect(log.values == ["isLoading: false", "isRefreshing: false", "isEmpty: false", "isLoading: true"])
        #expect(feed.state.isLoading)
        scheduler.advance(by: .milliseconds(500))
        answer([1], next: nil)
        #expect(requests.requests == [nil, nil])
        #expect(log.values.suffix(2) == ["change: appended 0..<1 of 1", "isLoading: false"])
    }

    @Test func polledItemsGoOnTopWithoutARefreshOrARequest() {
        let feed = makeFeed()
        let prepended = Recorder(feed.prepended)
        let inserted = Recorder(feed.inserted)
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        feed.prepend([Row(id: 9), Row(id: 2), Row(id: 8)])
        feed.prepend([Row(id: 9)])                    // already shown: nothing to insert
        #expect(feed.items.map(\.id) == [9, 8, 1, 2])
        #expect(prepended.values == [0..<2])
        #expect(requests.requests == [nil])
        feed.loadNextPage()
        answer([8, 3], next: nil)
        #expect(inserted.values == [0..<2, 4..<5])
        #expect(feed.items.map(\.id) == [9, 8, 1, 2, 3])
    }

    @Test func polledItemsMakeAnEmptyListNotEmpty() {
        let feed = makeFeed()
        let log = log(feed)
        feed.loadFirstPageIfNeeded()
        answer([], next: nil)
        feed.prepend([Row(id: 5)])
        #expect(log.values == [
            "isLoading: false", "isRefreshing: false", "isEmpty: false",
            "isLoading: true",
            "change: appended 0..<0 of 0", "isLoading: false", "isEmpty: true",
            "prepended: 0..<1", "isEmpty: false",
        ])
    }

    @Test func theRowsArriveBeforeLoadingTurnsFalse() {
        let feed = makeFeed(PagingPolicy(refresh: .keepItemsUntilFirstPage))
        let log = log(feed)
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        feed.refresh()
        answer([3], next: "c")
        feed.loadNextPage()
        fail()
        feed.reset(to: nil)
        #expect(log.values == [
            "isLoading: false", "isRefreshing: false", "isEmpty: false",
            "isLoading: true",
            "change: appended 0..<2 of 2", "isLoading: false",
            "isLoading: true", "isRefreshing: true",
            "change: refreshed to 1", "isLoading: false", "isRefreshing: false",
            "isLoading: true",
            "change: failed LoadError(reason: \"offline\")", "failure: nextPage", "isLoading: false",
            "change: reset",
        ])
    }

    @Test func aChangeHandlerReadsTheNewRows() {
        let feed = makeFeed()
        let seen = Recorder(feed.inserted.map { [weak feed] range in feed?.items[range].map(\.id) ?? [] })
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        #expect(seen.values == [[1, 2]])
    }
}

import Signals
import SignalsPaging
import SignalsTesting
import Testing

/// `PaginationState.hasMore` and `.footer`, without a scheduler.
@Suite struct PaginationStateOutputsTests {
    @Test func hasMoreIsTrueUntilAPageEndsTheListAndAgainAfterAReset() {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        var history = [state.hasMore]
        _ = state.firstPageIfNeeded()
        _ = state.received(rows([1, 2], next: "b"), for: request(nil))
        history.append(state.hasMore)
        _ = state.nextPageRequested()
        _ = state.received(rows([3], next: nil), for: request("b"))
        history.append(state.hasMore)
        _ = state.reset()
        history.append(state.hasMore)
        _ = state.nextPageRequested()
        _ = state.received(rows([], next: "c"), for: request(nil, generation: 1))
        history.append(state.hasMore)   // an empty page ends the list (stopsAtEmptyPage)
        #expect(history == [true, true, false, true, false])
    }

    @Test func theFooterLoadsForANextPageShowsItsFailureUntilTheRetryAndHidesOnceItArrives() {
        var state = PaginationState<Row, String?>(firstCursor: nil)
        var history = [state.footer]
        func step(_ effects: [PagingEffect<String?>]) { history.append(state.footer) }
        step(state.firstPageIfNeeded())                                 // first page: not the footer's
        step(state.failed(request(nil)))                                // nor is its failure
        step(state.retryRequested())
        step(state.received(rows([1, 2], next: "b"), for: request(nil)))
        step(state.itemDisplayed(at: 1))
        step(state.failed(request("b")))
        step(state.itemDisplayed(at: 1))                                // paused: still failed
        step(state.retryRequested())
        step(state.received(rows([3], next: nil), for: request("b")))
        #expect(history == [.hidden, .hidden, .hidden, .hidden, .hidden, .loading, .failed("b"), .failed("b"), .loading, .hidden])
    }

    @Test func aRefreshOrAResetHidesAFailedFooter() {
        for event in ["refresh", "reset"] {
            var state = PaginationState<Row, String?>(firstCursor: nil, policy: PagingPolicy(refresh: .keepItemsUntilFirstPage))
            _ = state.firstPageIfNeeded()
            _ = state.received(rows([1], next: "b"), for: request(nil))
            _ = state.nextPageRequested()
            _ = state.failed(request("b"))
            #expect(state.footer == .failed("b"))
            _ = event == "refresh" ? state.refreshRequested() : state.reset()
            #expect(state.footer == .hidden, "after \(event)")
        }
    }

    @Test func withoutPausingAFailedFooterStaysUntilTheNextRequestStarts() {
        var state = PaginationState<Row, String?>(firstCursor: nil, policy: PagingPolicy(pausesAfterFailure: false))
        _ = state.firstPageIfNeeded()
        _ = state.received(rows([1, 2], next: "b"), for: request(nil))
        _ = state.nextPageRequested()
        _ = state.failed(request("b"))
        #expect(state.footer == .failed("b"))
        #expect(!state.isPaused)
        #expect(state.itemDisplayed(at: 1) == [load("b")])   // not paused: scrolling asks again
        #expect(state.footer == .loading)
    }

    @Test func aFooterMapsItsFailureAndSaysWhatItShows() {
        let footers: [PagingFooter<Int>] = [.hidden, .loading, .failed(7)]
        #expect(footers.map(\.isHidden) == [true, false, false])
        #expect(footers.map(\.isLoading) == [false, true, false])
        #expect(footers.map(\.failure) == [nil, nil, 7])
        #expect(footers.map { $0.mapFailure(String.init) } == [.hidden, .loading, .failed("7")])
    }
}

/// `Paginator.snapshots`, `.hasMore` and `.footer` on virtual time, in whole histories.
@Suite struct PaginatorOutputsTests {
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

    @Test func snapshotsReplayTheItemsAndEmitOnlyWhenTheyChange() {
        let feed = makeFeed()
        let snapshots = Recorder(feed.snapshots.map { $0.map(\.id) })
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: "b")
        feed.loadNextPage()
        answer([2], next: "c")          // only a duplicate: nothing changed, the next page follows
        answer([3], next: nil)
        feed.prepend([Row(id: 9)])
        feed.prepend([Row(id: 9)])      // already shown
        feed.refresh()                  // clears
        answer([4], next: nil)
        #expect(snapshots.values == [[], [1, 2], [1, 2, 3], [9, 1, 2, 3], [], [4]])
        #expect(Recorder(feed.snapshots.map { $0.map(\.id) }).values == [[4]])
    }

    @Test func snapshotsEmitBeforeTheChangeThatSaysWhichRows() {
        let feed = makeFeed()
        let log = Recorder(Observable.merge([
            feed.snapshots.map { "snapshot: \($0.count)" },
            feed.changes.map { "change: \($0.summary)" },
            feed.prepended.map { "prepended: \($0)" },
            feed.isLoading.map { "isLoading: \($0)" },
            feed.isEmpty.map { "isEmpty: \($0)" },
            feed.hasMore.map { "hasMore: \($0)" },
            feed.footer.map { "footer: \($0)" },
        ]))
        feed.loadFirstPageIfNeeded()
        answer([1], next: "b")
        feed.loadNextPage()
        answer([2], next: nil)
        feed.prepend([Row(id: 0)])
        #expect(log.values == [
            "snapshot: 0", "isLoading: false", "isEmpty: false", "hasMore: true", "footer: hidden",
            "isLoading: true",
            "snapshot: 1", "change: appended 0..<1 of 1", "isLoading: false",
            "isLoading: true", "footer: loading",
            "snapshot: 2", "change: appended 1..<2 of 2", "isLoading: false", "hasMore: false", "footer: hidden",
            "snapshot: 3", "prepended: 0..<1",
        ])
    }

    @Test func hasMoreFollowsTheStateWithASourceAndIsFalseWithoutOne() {
        let feed = makeFeed(load: false)
        let hasMore = Recorder(feed.hasMore)
        let requests = requests
        feed.reset(to: { requests($0) })
        feed.loadNextPage()
        answer([1], next: nil)
        feed.refresh()
        answer([2], next: "b")
        feed.reset(to: nil)
        #expect(hasMore.values == [false, true, false, true, false])
    }

    @Test func theFooterGoesStraightFromLoadingToFailedAndBackOnARetry() {
        let feed = makeFeed()
        let footer = Recorder(feed.footer)
        feed.loadFirstPageIfNeeded()
        fail()                             // the first page's failure is not the footer's
        feed.retry()
        answer([1, 2], next: "b")
        feed.itemDisplayed(at: 1)
        fail()
        feed.itemDisplayed(at: 1)          // paused: nothing
        feed.retry()
        fail()
        feed.loadNextPage()
        answer([3], next: nil)
        #expect(footer.values == [.hidden, .loading, .failed(offline), .loading, .failed(offline), .loading, .hidden])
    }

    @Test func theFooterLoadsThroughAutomaticRetriesAndAResetHidesIt() {
        let feed = makeFeed(PagingPolicy(retry: .automatic(attempts: 1, delay: .seconds(1))))
        let footer = Recorder(feed.footer)
        feed.loadFirstPageIfNeeded()
        answer([1], next: "b")
        feed.loadNextPage()
        fail()
        scheduler.advance(by: .seconds(1))
        #expect(footer.values == [.hidden, .loading])
        fail()
        feed.reset(to: nil)
        #expect(footer.values == [.hidden, .loading, .failed(offline), .hidden])
    }

    @Test func theFooterShowsARetrysLoadingWhereAHandWrittenCombinationMissesIt() {
        let feed = makeFeed()
        feed.loadFirstPageIfNeeded()
        answer([1], next: "b")
        let footer = Recorder(feed.footer.map(\.isLoading))
        // The hand-written footer this replaces: a failure shown until the next activity.
        let failed = Property(false)
        let binding = feed.failures.map { $0.request == .nextPage }.bind(to: failed)
        let handWritten = Recorder(feed.activity.combineLatest(failed) { $0 == .nextPage && !$1 })
        feed.loadNextPage()
        fail()
        feed.retry()
        answer([2], next: nil)
        binding.cancel()
        #expect(footer.values == [false, true, false, true, false])
        // Without resetting `failed` on the retry, the hand-written one never loads again.
        #expect(handWritten.values == [false, true, false, false, false, false])
    }
}

/// Backward paging (a chat): newest page first, live items at the newest end, rows of a list
/// shown oldest first.
@Suite struct BackwardPagingTests {
    typealias Response = Result<PageResponse<Row, String?>, LoadError>
    let scheduler = TestScheduler()
    let requests = ScriptedRequests<String?, Response>()

    func answer(_ ids: [Int], next: String?) {
        requests.respond(with: .success(rows(ids, next: next)))
        scheduler.advance()
    }

    @Test func backwardRowsPutOlderPagesAtTheTopAndLiveItemsAtTheBottom() {
        #expect(PagingDirection.backward.rows(for: 5..<8, count: 8) == 0..<3)
        #expect(PagingDirection.backward.rows(for: 0..<2, count: 8) == 6..<8)
        #expect(PagingDirection.forward.rows(for: 5..<8, count: 8) == 5..<8)
        #expect((0..<8).map { PagingDirection.backward.index(ofRow: $0, count: 8) } == [7, 6, 5, 4, 3, 2, 1, 0])
        #expect(PagingDirection.forward.index(ofRow: 3, count: 8) == 3)
    }

    @Test func aChatsRowsKeepTheirMessagesThroughAWholeHistoryOfPagesAndLiveMessages() {
        let requests = requests
        let chat = Paginator<Row, LoadError, String?>(firstCursor: nil, scheduler: scheduler, policy: PagingPolicy(prefetchDistance: 1)) {
            requests($0)
        }
        // A table shown oldest first, kept by applying each insert: it must always equal the
        // paginator's items reversed.
        var table: [Int] = []
        var mismatches: [String] = []
        let rows = Recorder(chat.insertedRows(direction: .backward))
        let binding = chat.insertedRows(direction: .backward).bind { inserted in
            let shown = chat.snapshot.reversed().map(\.id)
            table.insert(contentsOf: shown[inserted], at: inserted.lowerBound)
            if table != shown { mismatches.append("\(table) != \(shown)") }
        }
        chat.loadFirstPageIfNeeded()
        answer([10, 9, 8], next: "7")                      // the newest page
        chat.prepend([Row(id: 11)])                        // a live message: the bottom row
        chat.itemDisplayed(atRow: 3, direction: .backward) // the newest: no request
        chat.itemDisplayed(atRow: 0, direction: .backward) // the oldest: older messages
        answer([7, 6], next: "5")
        chat.prepend([Row(id: 13), Row(id: 12)])   // newest first
        chat.prepend([Row(id: 12)])                        // already shown
        chat.itemDisplayed(atRow: 9, direction: .backward) // out of range: ignored
        chat.itemDisplayed(atRow: 0, direction: .backward)
        answer([5, 11], next: nil)                         // 11 is already shown (live)
        binding.cancel()
        #expect(requests.requests == [nil, "7", "5"])
        #expect(rows.values == [0..<3, 3..<4, 0..<2, 6..<8, 0..<1])
        #expect(table == [5, 6, 7, 8, 9, 10, 11, 12, 13])
        #expect(mismatches.isEmpty)
    }

    @Test func forwardRowsAreTheInsertedAndPrependedIndices() {
        let requests = requests
        let feed = Paginator<Row, LoadError, String?>(firstCursor: nil, scheduler: scheduler) { requests($0) }
        let rows = Recorder(feed.insertedRows(direction: .forward))
        feed.loadFirstPageIfNeeded()
        answer([1, 2], next: nil)
        feed.prepend([Row(id: 0)])
        #expect(rows.values == [0..<2, 0..<1])
    }
}

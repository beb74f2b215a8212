import Signals
import SignalsPaging
import SignalsTesting
import Testing

/// The end of a list is never a cursor, whatever the cursor type.
@Suite struct PageResponseTests {
    struct Body {
        var posts: [Row]
        var nextCursor: String?
    }

    @Test func aNilTokenEndsAListOfOptionalCursorsRatherThanAskingForTheFirstPageAgain() {
        let body = Body(posts: [Row(id: 1)], nextCursor: nil)
        let response: PageResponse<Row, String?> = PageResponse(items: body.posts, next: body.nextCursor)
        #expect(response.nextPage == .end)
        #expect(response.next == nil)
    }

    @Test func aTokenOfAnOptionalCursorTypeIsTheNextCursor() {
        let response = PageResponse<Row, String?>(items: [], next: Body(posts: [], nextCursor: "b").nextCursor)
        #expect(response.nextPage == .cursor("b"))
        #expect(PageResponse<Row, String?>(items: [], next: "c").nextPage == .cursor("c"))
        #expect(PageResponse<Row, String?>(items: [], next: nil).nextPage == .end)
    }

    @Test func theEndCanBeSpelledOutForAnyCursorType() {
        #expect(PageResponse<Row, String?>(items: [], next: .end).nextPage.isEnd)
        #expect(PageResponse<Row, Int>(items: [], next: .end).next == nil)
        #expect(PageResponse<Row, Int>(items: [], next: .cursor(4)).next == 4)
        #expect(PageResponse<Row, Int>(items: [], next: nil).nextPage == .end)
        #expect(PageResponse<Row, Int>(items: [], page: 2, totalPages: 2).nextPage == .end)
        #expect(PageResponse<Row, Int>(items: [], page: 2, hasMore: true).nextPage == .cursor(3))
    }

    @Test func aNilCursorReachedThroughGenericCodeIsTheEndToo() {
        func response<Cursor>(next: Cursor?) -> PageResponse<Row, Cursor> {
            PageResponse(items: [], next: next)   // `Cursor` is not known to be optional here
        }
        let token: String? = nil
        let viaGeneric: PageResponse<Row, String?> = response(next: .some(token))
        #expect(viaGeneric.nextPage == .end)
        let cursor: PageResponse<Row, String?> = response(next: .some("d"))
        #expect(cursor.nextPage == .cursor("d"))
    }

    @Test func settingNextToNilEndsTheList() {
        var response = PageResponse<Row, String?>(items: [], next: "b")
        response.next = nil
        #expect(response.nextPage == .end)
        #expect(response.map { $0.id }.nextPage == .end)
    }

    @Test func aCursorListReadToItsLastPageAsksForNothingMore() {
        let scheduler = TestScheduler()
        let requests = ScriptedRequests<String?, Result<PageResponse<Row, String?>, LoadError>>()
        let feed = Paginator<Row, LoadError, String?>(firstCursor: nil, scheduler: scheduler) { requests($0) }
        feed.loadFirstPageIfNeeded()
        requests.respond(with: .success(PageResponse(items: [Row(id: 1)], next: "b")))
        scheduler.advance()
        feed.itemDisplayed(at: 0)
        requests.respond(with: .success(PageResponse(items: [Row(id: 2)], next: Body(posts: [], nextCursor: nil).nextCursor)))
        scheduler.advance()
        feed.itemDisplayed(at: 1)
        feed.loadNextPage()
        #expect(requests.requests == [nil, "b"])
        #expect(feed.items.map(\.id) == [1, 2])
        #expect(feed.state.pages.isExhausted)
    }
}

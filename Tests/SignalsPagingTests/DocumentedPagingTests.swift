import Signals
import SignalsPaging
import SignalsTesting
import Testing

// Scaffolding for the paging snippets of the README ("Paging any list") and
// SignalsPaging.docc, which the tests below run verbatim: a token API whose last page has a
// null `next_cursor`, a table view and a spinner that record what they were told.

struct Post: Identifiable, Hashable, Sendable {
    let id: Int
}

struct APIError: Error, Hashable, Sendable {}

/// A response body of the token API: `{ "posts": […], "next_cursor": "abc" }`, null at the end.
struct PostsBody: Sendable {
    var posts: [Post]
    var nextCursor: String?
}

/// The token API: two pages, `nil` → `"b"` → the end.
final class PostsAPI {
    private(set) var asked: [String?] = []

    func posts(after cursor: String?) -> Observable<Result<PostsBody, APIError>> {
        asked.append(cursor)
        return .just(.success(cursor == nil
            ? PostsBody(posts: (1...30).map(Post.init), nextCursor: "b")
            : PostsBody(posts: (31...40).map(Post.init), nextCursor: nil)))
    }
}

final class TableView {
    private(set) var inserted: [Range<Int>] = []
    private(set) var reloads = 0
    func insertRows(_ rows: Range<Int>) { inserted.append(rows) }
    func reloadData() { reloads += 1 }
}

final class Spinner {
    var isHidden = true
}

/// The documented paging snippets, run as written.
@Suite struct DocumentedPagingTests {
    let api = PostsAPI()
    let tableView = TableView()
    let spinner = Spinner()
    let bag = CancellableBag()
    let scheduler = TestScheduler()

    @Test func theReadmeSnippetPagesATokenListToItsEndAndStops() {
        // The snippet names `DispatchQueueScheduler.main`; here it is the test's virtual time.
        let DispatchQueueScheduler = (main: scheduler, ())
        let (api, tableView, bag) = (api, tableView, bag)
        // --- README.md, "Paging any list" (verbatim from here) ---
        let feed = Paginator<Post, APIError, String?>(
            firstCursor: nil,                                             // token pages; Int for numbered ones
            scheduler: DispatchQueueScheduler.main,
            policy: PagingPolicy(prefetchDistance: 5, refresh: .keepItemsUntilFirstPage,
                                 retry: .automatic(attempts: 2, delay: .seconds(1)))
        ) { cursor in
            api.posts(after: cursor).map { $0.map { PageResponse(items: $0.posts, next: $0.nextCursor) } }
        }
        feed.inserted.bind { rows in tableView.insertRows(rows) }.store(in: bag)
        feed.loadFirstPageIfNeeded(); feed.itemDisplayed(at: 27); feed.refresh(); feed.retry()
        // --- (to here) ---
        scheduler.advance()
        feed.itemDisplayed(at: 29)
        scheduler.advance()
        feed.itemDisplayed(at: 39)          // the last row of the last page: nothing more to ask
        feed.loadNextPage()
        scheduler.advance()
        #expect(api.asked == [nil, nil, "b"])
        #expect(tableView.inserted == [30..<40])   // page 1 arrived as the refresh's (a reload)
        #expect(feed.items.map(\.id) == Array(1...40))
        #expect(feed.state.pages.isExhausted)
    }

    @Test func theSignalsPagingArticleSnippetPagesATokenListToItsEndAndStops() {
        let DispatchQueueScheduler = (main: scheduler, ())
        let (api, tableView, spinner, bag) = (api, tableView, spinner, bag)
        var banners: [APIError] = []
        func showBanner(_ error: APIError) { banners.append(error) }
        let indexPath = (row: 0, section: 0)
        // --- SignalsPaging.docc/SignalsPaging.md, "Overview" (verbatim from here) ---
        let feed = Paginator<Post, APIError, String?>(
            firstCursor: nil,                                // the first page has no token
            scheduler: DispatchQueueScheduler.main,
            policy: PagingPolicy(prefetchDistance: 5, refresh: .keepItemsUntilFirstPage)
        ) { cursor in
            api.posts(after: cursor).map { result in        // Observable<Result<Body, APIError>>
                result.map { PageResponse(items: $0.posts, next: $0.nextCursor) }
            }
        }

        feed.inserted.bind { rows in tableView.insertRows(rows) }.store(in: bag)
        feed.didRefresh.bind { _ in tableView.reloadData() }.store(in: bag)
        feed.isLoading.bind { spinner.isHidden = !$0 }.store(in: bag)
        feed.error.bind { showBanner($0) }.store(in: bag)

        feed.loadFirstPageIfNeeded()        // on appear
        feed.itemDisplayed(at: indexPath.row)
        feed.refresh()                      // pull to refresh: the rows stay until page 1 arrives
        feed.retry()                        // after a failure
        // --- (to here) ---
        #expect(!spinner.isHidden)
        scheduler.advance()
        #expect(tableView.reloads == 1)
        for row in 0..<40 { feed.itemDisplayed(at: row); scheduler.advance() }
        feed.loadNextPage()
        scheduler.advance()
        #expect(api.asked == [nil, nil, "b"])
        #expect(tableView.inserted == [30..<40])
        #expect(spinner.isHidden)
        #expect(banners == [])
        #expect(feed.items.count == 40)
    }
}

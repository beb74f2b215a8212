import PhotoDomain
import SignalsPaging

/// A page request issued by a ``Pager``: which page, and the generation it belongs to.
public struct PageRequest: Hashable, Sendable {
    /// The 1-based page number to ask for.
    public let page: Int
    /// The pager generation the request belongs to; a reset makes it stale.
    public let generation: Int

    /// Creates a request for `page` of `generation`.
    public init(page: Int, generation: Int) {
        self.page = page
        self.generation = generation
    }

    /// The same request in the terms of the generic engine (`SignalsPaging`).
    init(_ request: PagingRequest<Int>) {
        self.init(page: request.cursor, generation: request.generation)
    }

    /// The request in the terms of the generic engine (`SignalsPaging`).
    var engineRequest: PagingRequest<Int> { PagingRequest(cursor: page, generation: generation) }
}

/// What applying a page response did.
public enum PageOutcome: Hashable, Sendable {
    /// The response belonged to the current generation: these item indices were appended
    /// (possibly none, when every item was a duplicate or was not kept).
    case appended(Range<Int>)
    /// The response belonged to an earlier generation or is not the request in flight:
    /// it was dropped, and nothing changed.
    case stale
}

extension PageResponse where Cursor == Int {
    /// The response to a request for page `requested` in `PhotoDomain`'s terms: the last page
    /// is the one at or past `totalPages`.
    init(_ page: Page<Item>, requested: Int) {
        self.init(
            items: page.items,
            next: requested >= page.totalPages ? nil : requested + 1,
            total: page.total,
            totalPages: page.totalPages
        )
    }
}

/// The state of one page-numbered list of `PhotoDomain` pages, free of threads, time and I/O:
/// which page to ask for next, whether a request is in flight, whether the end is reached, and
/// which generation a response belongs to.
///
/// A page-numbered view of the generic engine's `PageAccumulator` (`SignalsPaging`), kept so
/// that code written against ListFeature keeps compiling; new code can use the engine directly.
///
/// Rules:
/// - The page counter advances only on success; after a failure the same page is asked again.
/// - At most one request is in flight; `beginNextPage()` returns `nil` while one is.
/// - No request is made past `totalPages`, or after a page the server sent empty (items it
///   sent that were duplicates, or that `keeping` rejected, do not make a page empty).
/// - Items are de-duplicated by `id` across pages; the outcome names only the appended indices.
/// - `reset()` starts a new generation: the in-flight request becomes stale and its response,
///   success or failure, is dropped.
/// - Appending costs O(page size), whatever the number of items so far; ``snapshot`` costs O(1).
public struct Pager<Item: Identifiable> {
    /// The engine's bookkeeping this pager reads and writes.
    private(set) var pages: PageAccumulator<Item, Int>

    /// Creates an empty pager at generation 0.
    public init() {
        self.init(PageAccumulator(firstCursor: 1))
    }

    /// A pager over the engine's bookkeeping.
    init(_ pages: PageAccumulator<Item, Int>) {
        self.pages = pages
    }

    /// The current generation; `reset()` increments it.
    public var generation: Int { pages.generation }
    /// The request in flight, if any.
    public var inFlight: PageRequest? { pages.inFlight.map(PageRequest.init) }
    /// The page the next request asks for (1-based).
    public var nextPage: Int { (pages.lastLoadedCursor ?? 0) + 1 }
    /// Whether the last page has been received (by `totalPages` or an empty page).
    public var isExhausted: Bool { pages.isExhausted }
    /// The most recent page count the server reported.
    public var totalPages: Int? { pages.totalPages }
    /// The number of pages received in this generation.
    public var loadedPages: Int { pages.loadedPages }
    /// The number of items of the current generation.
    public var count: Int { pages.count }

    /// The items of the current generation, de-duplicated, in arrival order.
    public var items: [Item] { pages.items }

    /// The items of the current generation as an O(1) snapshot that later pages never change.
    public var snapshot: PageSnapshot<Item> { pages.snapshot }

    /// Whether a request is in flight.
    public var isLoading: Bool { pages.isLoading }

    /// Whether a page has been received in this generation and it left the list empty.
    public var isEmptyResult: Bool { pages.isEmptyResult }

    /// Starts the request for the next page, or returns `nil` when one is in flight or the end
    /// is reached.
    public mutating func beginNextPage() -> PageRequest? {
        pages.beginNextPage().map(PageRequest.init)
    }

    /// Starts a new generation: clears the items and the page counter and abandons the
    /// request in flight. Returns the abandoned request, if any, so its work can be cancelled.
    /// Snapshots taken before keep their items.
    @discardableResult
    public mutating func reset() -> PageRequest? {
        pages.reset().map(PageRequest.init)
    }

    /// Applies a successful response to `request`.
    public mutating func complete(_ request: PageRequest, with page: Page<Item>) -> PageOutcome {
        complete(request, with: page, keeping: { _ in true })
    }

    /// Applies a successful response to `request`, appending only the new items `isKept`
    /// accepts. Whether the end is reached depends on the page as the server sent it.
    public mutating func complete(_ request: PageRequest, with page: Page<Item>, keeping isKept: (Item) -> Bool) -> PageOutcome {
        switch pages.complete(request.engineRequest, with: PageResponse(page, requested: request.page), keeping: isKept) {
        case .appended(let range): .appended(range)
        case .replaced: .appended(0..<pages.count)   // a pager never refreshes in place
        case .stale: .stale
        }
    }

    /// Records that `request` failed. Returns `true` if it was the current request (report the
    /// error), `false` if it was stale (drop it). The page is not advanced.
    public mutating func fail(_ request: PageRequest) -> Bool {
        pages.fail(request.engineRequest)
    }
}

extension Pager: Sendable where Item: Sendable, Item.ID: Sendable {}

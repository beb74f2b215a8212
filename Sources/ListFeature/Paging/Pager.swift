import PhotoDomain

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

/// The state of one paged list, free of threads, time and I/O: which page to ask for next,
/// whether a request is in flight, whether the end is reached, and which generation a
/// response belongs to.
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
    /// The current generation; `reset()` increments it.
    public private(set) var generation = 0
    /// The request in flight, if any.
    public private(set) var inFlight: PageRequest?
    /// The page the next request asks for (1-based).
    public private(set) var nextPage = 1
    /// Whether the last page has been received (by `totalPages` or an empty page).
    public private(set) var isExhausted = false
    /// The most recent page count the server reported.
    public private(set) var totalPages: Int?
    /// The number of pages received in this generation.
    public private(set) var loadedPages = 0
    /// The number of items of the current generation.
    public private(set) var count = 0
    private var seen: Set<Item.ID> = []
    /// The items, held once: shared (append-only) with the snapshots taken of them.
    private(set) var storage = PageStorage<Item>()

    /// Creates an empty pager at generation 0.
    public init() {}

    /// The items of the current generation, de-duplicated, in arrival order.
    public var items: [Item] { storage.prefix(count) }

    /// The items of the current generation as an O(1) snapshot that later pages never change.
    public var snapshot: PageSnapshot<Item> { PageSnapshot(storage: storage, count: count) }

    /// Whether a request is in flight.
    public var isLoading: Bool { inFlight != nil }

    /// Whether a page has been received in this generation and it left the list empty.
    public var isEmptyResult: Bool { loadedPages > 0 && count == 0 && isExhausted }

    /// Starts the request for the next page, or returns `nil` when one is in flight or the end
    /// is reached.
    public mutating func beginNextPage() -> PageRequest? {
        guard inFlight == nil, !isExhausted else { return nil }
        let request = PageRequest(page: nextPage, generation: generation)
        inFlight = request
        return request
    }

    /// Starts a new generation: clears the items and the page counter and abandons the
    /// request in flight. Returns the abandoned request, if any, so its work can be cancelled.
    /// Snapshots taken before keep their items.
    @discardableResult
    public mutating func reset() -> PageRequest? {
        let abandoned = inFlight
        generation += 1
        inFlight = nil
        storage = PageStorage()
        count = 0
        seen.removeAll()
        nextPage = 1
        isExhausted = false
        totalPages = nil
        loadedPages = 0
        return abandoned
    }

    /// Applies a successful response to `request`.
    public mutating func complete(_ request: PageRequest, with page: Page<Item>) -> PageOutcome {
        complete(request, with: page, keeping: { _ in true })
    }

    /// Applies a successful response to `request`, appending only the new items `isKept`
    /// accepts. Whether the end is reached depends on the page as the server sent it.
    public mutating func complete(_ request: PageRequest, with page: Page<Item>, keeping isKept: (Item) -> Bool) -> PageOutcome {
        guard request == inFlight else { return .stale }
        inFlight = nil
        loadedPages += 1
        nextPage = request.page + 1
        totalPages = page.totalPages
        if page.items.isEmpty || request.page >= page.totalPages {
            isExhausted = true
        }
        var appended: [Item] = []
        for item in page.items where isKept(item) && seen.insert(item.id).inserted {
            appended.append(item)
        }
        let start = count
        if !appended.isEmpty {
            if !storage.append(appended, after: count) {
                // Another copy of this pager appended to the shared storage: take our own.
                storage = PageStorage(storage.prefix(count) + appended)
            }
            count += appended.count
        }
        return .appended(start..<count)
    }

    /// Records that `request` failed. Returns `true` if it was the current request (report the
    /// error), `false` if it was stale (drop it). The page is not advanced.
    public mutating func fail(_ request: PageRequest) -> Bool {
        guard request == inFlight else { return false }
        inFlight = nil
        return true
    }
}

extension Pager: Sendable where Item: Sendable, Item.ID: Sendable {}

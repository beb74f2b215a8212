/// What applying a page response did to a ``PageAccumulator``.
public enum PageAccumulation: Hashable, Sendable {
    /// The response was current: these item indices were appended (possibly none, when every
    /// item was a duplicate or was not kept).
    case appended(Range<Int>)
    /// The response was the first page of a refresh that kept the old items: it replaced them
    /// all; the items are now `0..<count`.
    case replaced
    /// The response belonged to an earlier generation or is not the request in flight: it was
    /// dropped, and nothing changed.
    case stale
}

/// The items and cursor bookkeeping of one paged list, free of threads, time and I/O: which
/// cursor to ask for next, whether a request is in flight, whether the end is reached, and
/// which generation a response belongs to. ``PaginationState`` adds the policy on top.
///
/// Rules:
/// - The cursor advances only on success; after a failure the same cursor is asked again.
/// - At most one request is in flight; ``beginNextPage()`` returns `nil` while one is.
/// - No request is made after a page whose next page is ``NextPage/end``, or (when `stopsAtEmptyPage`) after
///   a page the source sent empty; items that were duplicates or that `keeping` rejected do not
///   make a page empty.
/// - Items are de-duplicated by `id` across pages; the outcome names only the appended indices.
/// - ``reset()`` and ``beginRefresh()`` start a new generation: the request in flight becomes
///   stale. A reset clears the items at once; a refresh keeps them until its first page
///   replaces them.
/// - ``prepend(_:keeping:)`` puts new items at the top without touching the cursor.
/// - Appending costs O(page size), whatever the number of items so far; ``snapshot`` is O(1).
public struct PageAccumulator<Item: Identifiable, Cursor: Equatable> {
    /// The cursor of the first page.
    public let firstCursor: Cursor
    /// Whether an empty page ends the list even when it names a next cursor.
    public let stopsAtEmptyPage: Bool
    /// The current generation; a reset or a refresh increments it.
    @inlinable public var generation: Int { _generation }
    @usableFromInline var _generation: Int = 0
    /// The request in flight, if any.
    @inlinable public var inFlight: PagingRequest<Cursor>? { _inFlight }
    @usableFromInline var _inFlight: PagingRequest<Cursor>? = nil
    /// The cursor the next request asks with (`nil` once the end is reached).
    @inlinable public var nextCursor: Cursor? { _nextCursor }
    @usableFromInline var _nextCursor: Cursor? = nil
    /// The cursor of the last page received in this generation.
    public var lastLoadedCursor: Cursor? { _lastLoadedCursor }
    @usableFromInline var _lastLoadedCursor: Cursor? = nil
    /// Whether the last page has been received.
    @inlinable public var isExhausted: Bool { _isExhausted }
    @usableFromInline var _isExhausted: Bool = false
    /// Whether the items shown are the previous generation's, kept until the refresh's first
    /// page arrives.
    @inlinable public var isRefreshing: Bool { _isRefreshing }
    @usableFromInline var _isRefreshing: Bool = false
    /// The number of pages received in this generation.
    @inlinable public var loadedPages: Int { _loadedPages }
    @usableFromInline var _loadedPages: Int = 0
    /// The most recent item total the source reported in this generation.
    @inlinable public var total: Int? { _total }
    @usableFromInline var _total: Int? = nil
    /// The most recent page count the source reported in this generation.
    @inlinable public var totalPages: Int? { _totalPages }
    @usableFromInline var _totalPages: Int? = nil
    /// The number of items shown.
    @inlinable public var count: Int { _count }
    @usableFromInline var _count: Int = 0
    @usableFromInline var seen: Set<Item.ID> = []
    @usableFromInline var storage = PageStorage<Item>()

    /// Creates an empty accumulator at generation 0 whose first page is at `firstCursor`.
    @inlinable
    public init(firstCursor: Cursor, stopsAtEmptyPage: Bool = true) {
        self.firstCursor = firstCursor
        self.stopsAtEmptyPage = stopsAtEmptyPage
        self._nextCursor = firstCursor
    }

    /// The items shown, de-duplicated, in arrival order.
    @inlinable public var items: [Item] { storage.prefix(count) }

    /// The items shown as an O(1) snapshot that later pages never change.
    @inlinable public var snapshot: PagedItems<Item> { PagedItems(storage: storage, count: count) }

    /// Whether a request is in flight.
    @inlinable public var isLoading: Bool { inFlight != nil }

    /// Whether `request` is the request in flight. Compares the fields, not the optionals:
    /// `PagingRequest`'s conditional `Equatable` costs a witness-table lookup per call in
    /// unspecialized code.
    @inlinable func isInFlight(_ request: PagingRequest<Cursor>) -> Bool {
        guard let inFlight else { return false }
        return inFlight.generation == request.generation && inFlight.cursor == request.cursor
    }

    /// Whether a page has been received in this generation and it left the list empty.
    @inlinable public var isEmptyResult: Bool { loadedPages > 0 && count == 0 && isExhausted }

    /// Starts the request for the next page, or returns `nil` when one is in flight or the end
    /// is reached.
    @inlinable public mutating func beginNextPage() -> PagingRequest<Cursor>? {
        guard inFlight == nil, !isExhausted, let cursor = nextCursor else { return nil }
        let request = PagingRequest(cursor: cursor, generation: generation)
        _inFlight = request
        return request
    }

    /// Starts a new generation: clears the items and the cursor and abandons the request in
    /// flight. Returns the abandoned request, if any. Snapshots taken before keep their items.
    @inlinable @discardableResult
    public mutating func reset() -> PagingRequest<Cursor>? {
        let abandoned = startGeneration()
        storage = PageStorage()
        _count = 0
        seen.removeAll()
        _isRefreshing = false
        return abandoned
    }

    /// Starts a new generation that keeps the items shown until its first page arrives, and
    /// returns the request for that page (the request in flight, if any, is abandoned).
    @inlinable public mutating func beginRefresh() -> PagingRequest<Cursor> {
        startGeneration()
        _isRefreshing = true
        let request = PagingRequest(cursor: firstCursor, generation: generation)
        _inFlight = request
        return request
    }

    /// Applies a successful response to `request`, appending only the new items `isKept`
    /// accepts. Whether the end is reached depends on the page as the source sent it.
    @inlinable public mutating func complete(
        _ request: PagingRequest<Cursor>,
        with response: PageResponse<Item, Cursor>,
        keeping isKept: (Item) -> Bool = { _ in true }
    ) -> PageAccumulation {
        guard isInFlight(request) else { return .stale }
        _inFlight = nil
        _loadedPages += 1
        _lastLoadedCursor = request.cursor
        _total = response.total ?? total
        _totalPages = response.totalPages ?? totalPages
        switch response.nextPage {
        case .cursor(let cursor):
            _nextCursor = cursor
            if stopsAtEmptyPage && response.items.isEmpty { _isExhausted = true }
        case .end:
            _nextCursor = nil
            _isExhausted = true
        }
        if isRefreshing {
            _isRefreshing = false
            seen.removeAll()
            let kept = response.items.filter { isKept($0) && seen.insert($0.id).inserted }
            storage = PageStorage(kept)
            _count = kept.count
            return .replaced
        }
        var appended: [Item] = []
        for item in response.items where isKept(item) && seen.insert(item.id).inserted {
            appended.append(item)
        }
        let start = count
        if !appended.isEmpty {
            if !storage.append(appended, after: count) {
                // Another copy of this accumulator appended to the shared storage: take our own.
                storage = PageStorage(storage.prefix(count) + appended)
            }
            _count += appended.count
        }
        return .appended(start..<count)
    }

    /// Puts `newItems` at the top of the list, before every item shown (polled items, say),
    /// keeping only the new ones `isKept` accepts, in their order. Returns the indices they
    /// now occupy (`0..<n`; empty when none was new). Neither the cursor nor the request in
    /// flight changes. Costs O(count): the items move to new storage, so snapshots taken
    /// before keep theirs.
    public mutating func prepend(_ newItems: [Item], keeping isKept: (Item) -> Bool = { _ in true }) -> Range<Int> {
        var kept: [Item] = []
        for item in newItems where isKept(item) && seen.insert(item.id).inserted {
            kept.append(item)
        }
        guard !kept.isEmpty else { return 0..<0 }
        storage = PageStorage(kept + storage.prefix(count))
        _count += kept.count
        return 0..<kept.count
    }

    /// Records that `request` failed or ended without a page. Returns `true` if it was the
    /// current request, `false` if it was stale. The cursor is not advanced.
    @inlinable public mutating func fail(_ request: PagingRequest<Cursor>) -> Bool {
        guard isInFlight(request) else { return false }
        _inFlight = nil
        return true
    }

    @usableFromInline @discardableResult
    mutating func startGeneration() -> PagingRequest<Cursor>? {
        let abandoned = inFlight
        _generation += 1
        _inFlight = nil
        _nextCursor = firstCursor
        _lastLoadedCursor = nil
        _isExhausted = false
        _total = nil
        _totalPages = nil
        _loadedPages = 0
        return abandoned
    }
}

extension PageAccumulator: Sendable where Item: Sendable, Item.ID: Sendable, Cursor: Sendable {}

import PhotoDomain

/// The paging *policy* on top of a ``Pager``, free of threads, time and I/O: when a displayed
/// item, a "next page", a retry or a first appearance asks for a page, the pause after a
/// failure, and continuing past a page that added nothing.
///
/// Each event-named method returns the request to start, if any; ``PagedList`` runs them.
///
/// Rules:
/// - Displaying one of the last `prefetchDistance` items asks for the next page; indices
///   outside the items are ignored.
/// - After a failure paging *pauses*: displaying items asks for nothing (scrolling never loops
///   on a failing request) until `retryRequested()` or `nextPageRequested()` asks again.
///   `retryRequested()` without a failure does nothing.
/// - `firstPageIfNeeded()` asks for page 1 only while nothing has loaded, loads, or failed.
/// - A page that appended nothing (all duplicates, or all rejected by the list's filter) while
///   more pages exist is followed at once by the next: paging never stalls on it, and the list
///   is not "empty" while the server says more exist.
public struct PagingState<Item: Identifiable> {
    /// The page counter, generation and items.
    public private(set) var pager = Pager<Item>()
    /// How close to the end (in items) a displayed item must be to ask for the next page.
    public let prefetchDistance: Int
    /// Whether a failure paused paging until a retry (or an explicit next page).
    public private(set) var isPaused = false

    /// Creates the state of an empty list; displaying one of the last `prefetchDistance`
    /// items asks for more.
    public init(prefetchDistance: Int = 3) {
        self.prefetchDistance = max(0, prefetchDistance)
    }

    /// The user asked for the next page: it is requested even after a failure.
    public mutating func nextPageRequested() -> PageRequest? {
        begin()
    }

    /// The item at `index` is about to be displayed.
    public mutating func itemDisplayed(at index: Int) -> PageRequest? {
        let count = pager.count
        guard !isPaused, (0..<count).contains(index), index >= count - prefetchDistance else { return nil }
        return begin()
    }

    /// The user tapped "retry": asks for the failed page again, or does nothing without a failure.
    public mutating func retryRequested() -> PageRequest? {
        guard isPaused else { return nil }
        return begin()
    }

    /// Asks for page 1 unless a page has loaded, is loading, or failed.
    public mutating func firstPageIfNeeded() -> PageRequest? {
        guard pager.loadedPages == 0, !pager.isLoading, !isPaused else { return nil }
        return begin()
    }

    /// Starts a new generation; returns the abandoned request, if any.
    @discardableResult
    public mutating func reset() -> PageRequest? {
        isPaused = false
        return pager.reset()
    }

    /// A page arrived for `request`: returns what it appended (or `.stale`) and the request
    /// to start next when it appended nothing and more pages exist.
    public mutating func received(
        _ page: Page<Item>,
        for request: PageRequest,
        keeping isKept: (Item) -> Bool = { _ in true }
    ) -> (outcome: PageOutcome, followUp: PageRequest?) {
        let outcome = pager.complete(request, with: page, keeping: isKept)
        guard case .appended(let range) = outcome, range.isEmpty else { return (outcome, nil) }
        return (outcome, begin())
    }

    /// `request` failed: returns whether to report it (it was current); paging pauses.
    public mutating func failed(_ request: PageRequest) -> Bool {
        guard pager.fail(request) else { return false }
        isPaused = true
        return true
    }

    /// `request` ended without a result (its source cancelled it): returns whether it was
    /// current. Paging does not pause; the same page is asked for next.
    public mutating func ended(_ request: PageRequest) -> Bool {
        pager.fail(request)
    }

    private mutating func begin() -> PageRequest? {
        guard let request = pager.beginNextPage() else { return nil }
        isPaused = false
        return request
    }
}

extension PagingState: Sendable where Item: Sendable, Item.ID: Sendable {}

/// What a ``PaginationState`` event asks its runner to do.
public enum PagingEffect<Cursor> {
    /// Start `request` (after `delay`, when it is an automatic retry), replacing and
    /// cancelling any request in flight.
    case load(PagingRequest<Cursor>, after: Duration?)
    /// Cancel the request in flight, if any, and start none.
    case cancelLoad
    /// Tell the list's observers what changed.
    case publish(PagingEvent)
}

extension PagingEffect: Equatable where Cursor: Equatable {}
extension PagingEffect: Sendable where Cursor: Sendable {}

/// A change to publish, without its payload: the runner adds the items or the error.
public enum PagingEvent: Hashable, Sendable {
    /// The items were cleared (a new generation started).
    case reset
    /// A page appended the items at these indices (possibly none).
    case appended(Range<Int>)
    /// A refresh's first page replaced every item.
    case refreshed
    /// The current request failed (after any automatic retries).
    case failed
    /// The current request ended without a page or an error.
    case ended
}

/// Which request of a list a ``PagingFailure`` (or ``PaginationState/lastFailedRequest``) is
/// about.
public enum PagingRequestKind: Hashable, Sendable {
    /// The first page of a list that shows nothing yet (on appear, after a reset, or the retry
    /// of a first page that failed).
    case firstPage
    /// The first page asked for by ``PaginationState/refreshRequested()`` (pull to refresh),
    /// or the retry of a failed refresh that kept its rows.
    case refresh
    /// A page after the first (by scrolling, an explicit next page, or a retry of one).
    case nextPage
}

/// The paging *policy* of one list on top of a ``PageAccumulator``, free of threads, time and
/// I/O: each UI or source event is a `mutating` method that returns the effects to run.
/// ``Paginator`` runs them; tests call the methods directly, without a scheduler.
///
/// ```swift
/// var state = PaginationState<Photo, String?>(firstCursor: nil)
/// state.firstPageIfNeeded()                 // [.load(request for nil, after: nil)]
/// state.received(PageResponse(items: photos, next: "abc"), for: request)
///                                           // [.publish(.appended(0..<30))]
/// state.itemDisplayed(at: 28)               // [.load(request for "abc", after: nil)]
/// ```
///
/// Rules (with the ``PagingPolicy``):
/// - Displaying one of the last `prefetchDistance` items asks for the next page; indices
///   outside the items are ignored.
/// - A reported failure pauses prefetching (when `pausesAfterFailure`) until
///   ``retryRequested()`` or ``nextPageRequested()``; ``retryRequested()`` without a failure
///   does nothing. With `.automatic` retry, a failure is first retried after the delay, up to
///   the number of attempts, while the list stays loading.
/// - ``firstPageIfNeeded()`` asks for the first page only while nothing has loaded, loads, or
///   failed.
/// - A page that appended nothing (all duplicates, or all rejected) while more pages exist is
///   followed at once by the next, without publishing: paging never stalls on it.
/// - ``refreshRequested()`` clears the items and loads the first page, or (`.keepItemsUntilFirstPage`)
///   keeps them until the first page replaces them.
/// - ``reset()`` (a new source) cancels the request in flight and clears the items.
/// - ``prepend(_:keeping:)`` puts new items at the top (polled items) without a request.
/// - Each request is a ``PagingRequestKind`` (first page, refresh, next page); a reported
///   failure records which in ``lastFailedRequest``, and ``isRefreshing`` is whether a
///   refresh's first page is in flight.
public struct PaginationState<Item: Identifiable, Cursor: Equatable> {
    /// The items, cursor, generation and request in flight.
    @inlinable public var pages: PageAccumulator<Item, Cursor> { _pages }
    @usableFromInline var _pages: PageAccumulator<Item, Cursor>
    /// The policy the decisions follow.
    public let policy: PagingPolicy
    /// Whether a reported failure paused prefetching until a retry (or an explicit next page).
    @inlinable public var isPaused: Bool { policy.pausesAfterFailure && _unresolvedFailure != nil }
    /// The kind of the request whose reported failure no request has followed yet (`nil` once
    /// one starts, or after a refresh or a reset): it pauses prefetching (by policy) and shows
    /// in the ``footer``.
    @usableFromInline var _unresolvedFailure: PagingRequestKind?
    /// The automatic retries made so far for the request in flight.
    @inlinable public var retryAttempts: Int { _retryAttempts }
    @usableFromInline var _retryAttempts = 0
    /// Which request is in flight (`nil` when none is).
    @inlinable public var requestInFlight: PagingRequestKind? { pages.isLoading ? inFlightKind : nil }
    /// Which request the last reported failure was about (`nil` before any failure).
    @inlinable public var lastFailedRequest: PagingRequestKind? { _lastFailedRequest }
    @usableFromInline var _lastFailedRequest: PagingRequestKind?
    @usableFromInline var inFlightKind: PagingRequestKind = .firstPage

    /// Creates the state of an empty list whose first page is at `firstCursor`.
    public init(firstCursor: Cursor, policy: PagingPolicy = PagingPolicy()) {
        self._pages = PageAccumulator(firstCursor: firstCursor, stopsAtEmptyPage: policy.stopsAtEmptyPage)
        self.policy = policy
    }

    /// Whether a request is in flight (an automatic retry waiting for its delay included).
    @inlinable public var isLoading: Bool { pages.isLoading }

    /// Whether a refresh's first page is in flight (an automatic retry of it included): from
    /// ``refreshRequested()`` until that page arrives, fails, ends, or a reset abandons it.
    @inlinable public var isRefreshing: Bool { requestInFlight == .refresh }

    // MARK: - UI events

    /// The user asked for the next page: it is requested even after a failure.
    @inlinable public mutating func nextPageRequested() -> [PagingEffect<Cursor>] {
        begin()
    }

    /// The item at `index` is about to be displayed.
    @inlinable public mutating func itemDisplayed(at index: Int) -> [PagingEffect<Cursor>] {
        let count = pages.count
        guard !isPaused, (0..<count).contains(index), index >= count - policy.prefetchDistance else { return [] }
        return begin()
    }

    /// The user tapped "retry": asks for the failed page again, or does nothing without a failure.
    public mutating func retryRequested() -> [PagingEffect<Cursor>] {
        guard isPaused else { return [] }
        return begin()
    }

    /// The list appeared: asks for the first page unless a page has loaded, is loading, or failed.
    @inlinable public mutating func firstPageIfNeeded() -> [PagingEffect<Cursor>] {
        guard pages.loadedPages == 0, !pages.isLoading, !isPaused else { return [] }
        return begin()
    }

    /// The user pulled to refresh: a new generation loads from the first page, clearing the
    /// items now or when that page arrives, as the policy says.
    @inlinable public mutating func refreshRequested() -> [PagingEffect<Cursor>] {
        _unresolvedFailure = nil
        _retryAttempts = 0
        switch policy.refresh {
        case .clearItems:
            _pages.reset()
            return [.publish(.reset)] + begin(.refresh)
        case .keepItemsUntilFirstPage:
            inFlightKind = .refresh
            return [.load(_pages.beginRefresh(), after: nil)]
        }
    }

    /// The source changed (or went away): cancels the request in flight, clears the items,
    /// and starts a new generation. It does not ask for a page.
    public mutating func reset() -> [PagingEffect<Cursor>] {
        _unresolvedFailure = nil
        _retryAttempts = 0
        _pages.reset()
        return [.cancelLoad, .publish(.reset)]
    }

    // MARK: - Source events

    /// A page arrived for `request`: publishes what it changed, or asks for the next page at
    /// once when it appended nothing and more exist. A stale response changes nothing.
    @inlinable public mutating func received(
        _ response: PageResponse<Item, Cursor>,
        for request: PagingRequest<Cursor>,
        keeping isKept: (Item) -> Bool = { _ in true }
    ) -> [PagingEffect<Cursor>] {
        switch _pages.complete(request, with: response, keeping: isKept) {
        case .stale:
            return []
        case .replaced:
            _retryAttempts = 0
            return [.publish(.refreshed)] + (pages.count == 0 ? begin() : [])
        case .appended(let range):
            _retryAttempts = 0
            if range.isEmpty, let followUp = _pages.beginNextPage() {
                return [.load(followUp, after: nil)]
            }
            return [.publish(.appended(range))]
        }
    }

    /// `request` failed: retries it after the policy's delay while attempts remain, otherwise
    /// publishes the failure and (by policy) pauses. A stale failure changes nothing.
    @inlinable public mutating func failed(_ request: PagingRequest<Cursor>) -> [PagingEffect<Cursor>] {
        guard pages.isInFlight(request) else { return [] }
        if case .automatic(let attempts, let delay) = policy.retry, retryAttempts < attempts {
            _retryAttempts += 1
            return [.load(request, after: delay)]
        }
        _ = _pages.fail(request)
        _retryAttempts = 0
        _lastFailedRequest = inFlightKind
        _unresolvedFailure = inFlightKind
        return [.publish(.failed)]
    }

    /// `request` ended without a page or an error (its source cancelled it): publishes that it
    /// ended when it was current. Paging does not pause; the same cursor is asked for next.
    @inlinable public mutating func ended(_ request: PagingRequest<Cursor>) -> [PagingEffect<Cursor>] {
        guard _pages.fail(request) else { return [] }
        _retryAttempts = 0
        return [.publish(.ended)]
    }

    /// Puts `items` at the top of the list (polled items), de-duplicated against the items
    /// shown and filtered by `isKept`, without a refresh: the cursor and the request in flight
    /// are untouched. Returns the indices the new items occupy (`0..<n`, empty when none was
    /// new); there is no effect to run.
    public mutating func prepend(_ items: [Item], keeping isKept: (Item) -> Bool = { _ in true }) -> Range<Int> {
        _pages.prepend(items, keeping: isKept)
    }

    @inlinable mutating func begin(_ kind: PagingRequestKind? = nil) -> [PagingEffect<Cursor>] {
        guard let request = _pages.beginNextPage() else { return [] }
        inFlightKind = kind ?? (pages.isRefreshing ? .refresh : pages.loadedPages == 0 ? .firstPage : .nextPage)
        _unresolvedFailure = nil
        _retryAttempts = 0
        return [.load(request, after: nil)]
    }
}

extension PaginationState: Sendable where Item: Sendable, Item.ID: Sendable, Cursor: Sendable {}

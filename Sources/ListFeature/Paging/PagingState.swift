import PhotoDomain
import SignalsPaging

/// The paging *policy* on top of a ``Pager``, free of threads, time and I/O: when a displayed
/// item, a "next page", a retry or a first appearance asks for a page, the pause after a
/// failure, and continuing past a page that added nothing.
///
/// A page-numbered view of the generic engine's `PaginationState` (`SignalsPaging`) with the
/// default `PagingPolicy`, kept so that code written against ListFeature keeps compiling.
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
    /// The engine's state this policy reads and drives.
    private(set) var engine: PaginationState<Item, Int>

    /// Creates the state of an empty list; displaying one of the last `prefetchDistance`
    /// items asks for more.
    public init(prefetchDistance: Int = 3) {
        self.init(PaginationState(firstCursor: 1, policy: PagingPolicy(prefetchDistance: prefetchDistance)))
    }

    /// A view of the engine's state.
    init(_ engine: PaginationState<Item, Int>) {
        self.engine = engine
    }

    /// The page counter, generation and items.
    public var pager: Pager<Item> { Pager(engine.pages) }
    /// How close to the end (in items) a displayed item must be to ask for the next page.
    public var prefetchDistance: Int { engine.policy.prefetchDistance }
    /// Whether a failure paused paging until a retry (or an explicit next page).
    public var isPaused: Bool { engine.isPaused }

    /// The user asked for the next page: it is requested even after a failure.
    public mutating func nextPageRequested() -> PageRequest? {
        Self.request(in: engine.nextPageRequested())
    }

    /// The item at `index` is about to be displayed.
    public mutating func itemDisplayed(at index: Int) -> PageRequest? {
        Self.request(in: engine.itemDisplayed(at: index))
    }

    /// The user tapped "retry": asks for the failed page again, or does nothing without a failure.
    public mutating func retryRequested() -> PageRequest? {
        Self.request(in: engine.retryRequested())
    }

    /// Asks for page 1 unless a page has loaded, is loading, or failed.
    public mutating func firstPageIfNeeded() -> PageRequest? {
        Self.request(in: engine.firstPageIfNeeded())
    }

    /// Starts a new generation; returns the abandoned request, if any.
    @discardableResult
    public mutating func reset() -> PageRequest? {
        let abandoned = engine.pages.inFlight.map(PageRequest.init)
        _ = engine.reset()
        return abandoned
    }

    /// A page arrived for `request`: returns what it appended (or `.stale`) and the request
    /// to start next when it appended nothing and more pages exist.
    public mutating func received(
        _ page: Page<Item>,
        for request: PageRequest,
        keeping isKept: (Item) -> Bool = { _ in true }
    ) -> (outcome: PageOutcome, followUp: PageRequest?) {
        let effects = engine.received(PageResponse(page, requested: request.page), for: request.engineRequest, keeping: isKept)
        for effect in effects {
            switch effect {
            case .publish(.appended(let range)): return (.appended(range), nil)
            case .load(let followUp, _): return (.appended(engine.pages.count..<engine.pages.count), PageRequest(followUp))
            default: continue
            }
        }
        return (.stale, nil)
    }

    /// `request` failed: returns whether to report it (it was current); paging pauses.
    public mutating func failed(_ request: PageRequest) -> Bool {
        !engine.failed(request.engineRequest).isEmpty
    }

    /// `request` ended without a result (its source cancelled it): returns whether it was
    /// current. Paging does not pause; the same page is asked for next.
    public mutating func ended(_ request: PageRequest) -> Bool {
        !engine.ended(request.engineRequest).isEmpty
    }

    /// The request the effects start, if any.
    private static func request(in effects: [PagingEffect<Int>]) -> PageRequest? {
        for case .load(let request, _) in effects { return PageRequest(request) }
        return nil
    }
}

extension PagingState: Sendable where Item: Sendable, Item.ID: Sendable {}

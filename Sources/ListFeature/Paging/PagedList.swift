import PhotoDomain
import Signals
import SignalsPaging

/// What happened to a ``PagedList``'s items, in one stream: one change per reset and per
/// request that settled (a page, a failure, or an end without either).
public enum PageChange<Item> {
    /// A reset cleared the items (a new generation started).
    case reset
    /// A page arrived and appended the items at these indices (an empty range when all of
    /// them were duplicates or not kept); the snapshot holds every item up to them.
    case appended(Range<Int>, PageSnapshot<Item>)
    /// The current request failed; paging pauses until a retry.
    case failed(UseCaseError)
    /// The current request ended without a page or an error (its source cancelled it).
    case ended
}

extension PageChange: Equatable where Item: Equatable {
    /// Changes are equal when they are the same kind, with the same range and items or error.
    public static func == (lhs: PageChange, rhs: PageChange) -> Bool {
        switch (lhs, rhs) {
        case (.reset, .reset): true
        case let (.appended(left, leftItems), .appended(right, rightItems)):
            left == right && leftItems.elementsEqual(rightItems)
        case let (.failed(left), .failed(right)): left == right
        case (.ended, .ended): true
        default: false
        }
    }
}

extension PageChange: Sendable where Item: Sendable {}

/// The paging engine shared by the list and search view models: the generic `Paginator`
/// (`SignalsPaging`) over `PhotoDomain`'s numbered `Page`s and `UseCaseError`, with the default
/// `PagingPolicy` (prefetch, manual retry, the pause after a failure, refresh that clears). It
/// publishes one stream of ``PageChange``s and O(1) ``snapshot``s.
///
/// Requests run through `flatMapLatest`: starting a request or resetting switches to the new
/// request (or to none), which cancels the one in flight, so the latest request always wins.
/// Responses are received on the injected scheduler, and all state lives on it: send inputs on
/// the scheduler's thread (the main thread for `.main`; the test's thread for `TestScheduler`
/// or `ImmediateScheduler`).
///
/// - `loadNextPage()` is ignored while a request is in flight or after the last page.
/// - `reset(to:)` starts a new generation: cancels the request in flight (its late response,
///   success or failure, is dropped), clears the items, emits `.reset`, and switches source.
/// - A failure is reported once on `error`; `loadNextPage()` then asks for the same page again.
/// - A request that ends without a result (cancelled by its source) just stops loading.
/// - Deallocating the list cancels the request in flight.
///
/// For cursor or has-more pages, other errors, a refresh that keeps the rows until page 1
/// arrives, or automatic retries, use `Paginator` directly.
public final class PagedList<Item: Identifiable> {
    /// Asks for a page (1-based) of the current source.
    public typealias Load = (_ page: Int) -> Observable<Result<Page<Item>, UseCaseError>>

    /// Which items of a page the list keeps.
    public typealias Filter = (Item) -> Bool

    /// The engine that does the paging.
    private let engine: Paginator<Item, UseCaseError, Int>

    /// The paging state, policy included.
    public var state: PagingState<Item> { PagingState(engine.state) }

    /// Creates an empty list over `load` (or no source until `reset(to:)` gives it one) that
    /// receives responses on `scheduler`, prefetches within `prefetchDistance` items of the
    /// end, and keeps only the items `keeping` accepts.
    public init(
        scheduler: any Scheduler,
        load: Load? = nil,
        prefetchDistance: Int = 3,
        keeping isKept: @escaping Filter = { _ in true }
    ) {
        engine = Paginator(
            scheduler: scheduler,
            policy: PagingPolicy(prefetchDistance: prefetchDistance),
            load: load.map(engineLoad),
            keeping: isKept
        )
    }

    /// The paging state (items, page counter, in-flight request, generation).
    public var pager: Pager<Item> { Pager(engine.state.pages) }

    /// The items loaded in the current generation.
    public var items: [Item] { engine.items }

    /// The items loaded in the current generation, as an O(1) snapshot later pages never change.
    public var snapshot: PageSnapshot<Item> { engine.snapshot }

    /// Emits every change: resets, and each request that settled (appended, failed, ended).
    public var changes: Observable<PageChange<Item>> {
        engine.changes.map { change in
            switch change {
            case .reset: .reset
            case .appended(let range, let items): .appended(range, items)
            case .refreshed(let items): .appended(0..<items.count, items)   // never: this list's refresh clears
            case .failed(let error): .failed(error)
            case .ended: .ended
            }
        }
    }
    /// Emits the indices of items appended by each successful page (never an empty range).
    public var inserted: Observable<Range<Int>> { engine.inserted }
    /// Emits when `reset(to:)` cleared the list.
    public var didReset: Observable<Void> { engine.didReset }
    /// Emits each failure of a current request, once.
    public var error: Observable<UseCaseError> { engine.error }
    /// Whether a current request is in flight (replays; emits on change only).
    public var isLoading: Observable<Bool> { engine.isLoading }
    /// Whether the source has been fully read and held nothing (replays; emits on change only).
    public var isEmpty: Observable<Bool> { engine.isEmpty }

    // MARK: - Events

    /// Requests the next page, unless one is in flight, the end is reached, or there is no
    /// source. It is asked for even while paging is paused by a failure.
    public func loadNextPage() {
        engine.loadNextPage()
    }

    /// The item at `index` is about to be displayed: requests the next page when it is one of
    /// the last `prefetchDistance` items and paging is not paused by a failure.
    public func itemDisplayed(at index: Int) {
        engine.itemDisplayed(at: index)
    }

    /// Asks for the failed page again; does nothing unless the last request failed.
    public func retry() {
        engine.retry()
    }

    /// Requests page 1 unless a page has loaded, is loading, or failed.
    public func loadFirstPageIfNeeded() {
        engine.loadFirstPageIfNeeded()
    }

    /// Starts a new generation with `load` as the source (or no source): cancels the request in
    /// flight, clears the items and emits `.reset`. It does not request a page.
    public func reset(to load: Load?) {
        engine.reset(to: load.map(engineLoad))
    }

    /// Starts a new generation with `load` as the source, keeping only the items `isKept`
    /// accepts (see ``reset(to:)``).
    public func reset(to load: Load?, keeping isKept: @escaping Filter) {
        engine.reset(to: load.map(engineLoad), keeping: isKept)
    }
}

/// A page-numbered `PhotoDomain` source in the engine's terms: each `Page` becomes a
/// `PageResponse` whose next page is the one after the page asked for, until `totalPages`.
private func engineLoad<Item>(
    _ load: @escaping PagedList<Item>.Load
) -> Paginator<Item, UseCaseError, Int>.Load {
    { number in load(number).map { result in result.map { PageResponse($0, requested: number) } } }
}

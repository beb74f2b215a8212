import PhotoDomain
import Signals

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

/// The paging engine shared by the list and search view models: runs a ``PagingState``
/// (policy included: prefetch, retry, the pause after a failure, the first page) against a
/// source of pages, and publishes one stream of ``PageChange``s and O(1) ``snapshot``s.
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
public final class PagedList<Item: Identifiable> {
    /// Asks for a page (1-based) of the current source.
    public typealias Load = (_ page: Int) -> Observable<Result<Page<Item>, UseCaseError>>

    /// A request together with the source it asks.
    private struct Request {
        let request: PageRequest
        let load: Load
    }

    /// Which items of a page the list keeps.
    public typealias Filter = (Item) -> Bool

    /// The paging state, policy included.
    public private(set) var state: PagingState<Item>
    private var load: Load?
    private var isKept: Filter
    private let requests = Subject<Request?>()
    private var responses: (any Cancellable)?

    private let changesSubject = Subject<PageChange<Item>>()
    private let isLoadingProperty = Property(false)
    private let isEmptyProperty = Property(false)

    /// Creates an empty list over `load` (or no source until `reset(to:)` gives it one) that
    /// receives responses on `scheduler`, prefetches within `prefetchDistance` items of the
    /// end, and keeps only the items `keeping` accepts.
    public init(
        scheduler: any Scheduler,
        load: Load? = nil,
        prefetchDistance: Int = 3,
        keeping isKept: @escaping Filter = { _ in true }
    ) {
        self.load = load
        self.isKept = isKept
        self.state = PagingState(prefetchDistance: prefetchDistance)
        responses = requests.asObservable()
            .flatMapLatest { (request: Request?) -> Observable<(PageRequest, Result<Page<Item>, UseCaseError>?)> in
                guard let request else { return .empty }
                // A response carries its request; `nil` marks the end of the source (after a
                // response, or instead of one when the source was cancelled underneath).
                return request.load(request.request.page)
                    .receive(on: scheduler)
                    .map { Optional($0) }
                    .append(nil)
                    .map { (request.request, $0) }
            }
            .bind { [weak self] request, result in self?.received(result, for: request) }
    }

    /// The paging state (items, page counter, in-flight request, generation).
    public var pager: Pager<Item> { state.pager }

    /// The items loaded in the current generation.
    public var items: [Item] { state.pager.items }

    /// The items loaded in the current generation, as an O(1) snapshot later pages never change.
    public var snapshot: PageSnapshot<Item> { state.pager.snapshot }

    /// Emits every change: resets, and each request that settled (appended, failed, ended).
    public var changes: Observable<PageChange<Item>> { changesSubject.asObservable() }
    /// Emits the indices of items appended by each successful page (never an empty range).
    public var inserted: Observable<Range<Int>> {
        changes.compactMap { if case .appended(let range, _) = $0, !range.isEmpty { range } else { nil } }
    }
    /// Emits when `reset(to:)` cleared the list.
    public var didReset: Observable<Void> {
        changes.compactMap { if case .reset = $0 { () } else { nil } }
    }
    /// Emits each failure of a current request, once.
    public var error: Observable<UseCaseError> {
        changes.compactMap { if case .failed(let error) = $0 { error } else { nil } }
    }
    /// Whether a current request is in flight (replays; emits on change only).
    public var isLoading: Observable<Bool> { isLoadingProperty.asObservable() }
    /// Whether the source has been fully read and held nothing (replays; emits on change only).
    public var isEmpty: Observable<Bool> { isEmptyProperty.asObservable() }

    // MARK: - Events

    /// Requests the next page, unless one is in flight, the end is reached, or there is no
    /// source. It is asked for even while paging is paused by a failure.
    public func loadNextPage() {
        start(state.nextPageRequested())
    }

    /// The item at `index` is about to be displayed: requests the next page when it is one of
    /// the last `prefetchDistance` items and paging is not paused by a failure.
    public func itemDisplayed(at index: Int) {
        start(state.itemDisplayed(at: index))
    }

    /// Asks for the failed page again; does nothing unless the last request failed.
    public func retry() {
        start(state.retryRequested())
    }

    /// Requests page 1 unless a page has loaded, is loading, or failed.
    public func loadFirstPageIfNeeded() {
        start(state.firstPageIfNeeded())
    }

    /// Starts a new generation with `load` as the source (or no source): cancels the request in
    /// flight, clears the items and emits `.reset`. It does not request a page.
    public func reset(to load: Load?) {
        reset(to: load, keeping: isKept)
    }

    /// Starts a new generation with `load` as the source, keeping only the items `isKept`
    /// accepts (see ``reset(to:)``).
    public func reset(to load: Load?, keeping isKept: @escaping Filter) {
        self.load = load
        self.isKept = isKept
        state.reset()
        requests.send(nil)
        set(isLoadingProperty, to: false)
        set(isEmptyProperty, to: false)
        changesSubject.send(.reset)
    }

    // MARK: - Running requests

    private func start(_ request: PageRequest?) {
        guard let request else { return }
        guard let load else {
            _ = state.ended(request)
            return
        }
        set(isLoadingProperty, to: true)
        requests.send(Request(request: request, load: load))
    }

    private func received(_ result: Result<Page<Item>, UseCaseError>?, for request: PageRequest) {
        switch result {
        case .success(let page):
            let (outcome, followUp) = state.received(page, for: request, keeping: isKept)
            guard case .appended(let range) = outcome else { return }
            if let followUp {
                start(followUp)
                return
            }
            set(isLoadingProperty, to: false)
            changesSubject.send(.appended(range, state.pager.snapshot))
            set(isEmptyProperty, to: state.pager.isEmptyResult)
        case .failure(let error):
            guard state.failed(request) else { return }
            set(isLoadingProperty, to: false)
            changesSubject.send(.failed(error))
        case nil:
            guard state.ended(request) else { return }
            set(isLoadingProperty, to: false)
            changesSubject.send(.ended)
        }
    }

    private func set(_ property: Property<Bool>, to value: Bool) {
        if property.value != value { property.value = value }
    }
}

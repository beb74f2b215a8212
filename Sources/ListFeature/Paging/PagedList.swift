import PhotoDomain
import Signals

/// Runs a ``Pager`` against a source of pages and publishes what happens, for a view model to
/// turn into its outputs. Shared by the list and search view models.
///
/// Responses are received on the injected scheduler, and all state lives on it: send inputs on
/// the scheduler's thread (the main thread for `.main`; the test's thread for `TestScheduler`
/// or `ImmediateScheduler`).
///
/// - `loadNextPage()` is ignored while a request is in flight or after the last page.
/// - `reset(to:)` starts a new generation: cancels the request in flight (its late response,
///   success or failure, is dropped), clears the items, emits `didReset`, and switches source.
/// - A failure is reported once on `error`; `loadNextPage()` then asks for the same page again.
/// - A request that ends without a result (cancelled by its source) just stops loading.
/// - Deallocating the list cancels the request in flight.
public final class PagedList<Item: Identifiable> {
    /// Asks for a page (1-based) of the current source.
    public typealias Load = (_ page: Int) -> Observable<Result<Page<Item>, UseCaseError>>

    /// The paging state (items, page counter, in-flight request, generation).
    public private(set) var pager = Pager<Item>()
    private var load: Load?
    private let scheduler: any Scheduler
    private var requestToken: (any Cancellable)?

    private let insertedSubject = Subject<Range<Int>>()
    private let didResetSubject = Subject<Void>()
    private let errorSubject = Subject<UseCaseError>()
    private let isLoadingProperty = Property(false)
    private let isEmptyProperty = Property(false)

    /// Creates an empty list with no source; `reset(to:)` gives it one.
    public init(scheduler: any Scheduler, load: Load? = nil) {
        self.scheduler = scheduler
        self.load = load
    }

    deinit { requestToken?.cancel() }

    /// The items loaded in the current generation.
    public var items: [Item] { pager.items }

    /// Emits the indices of items appended by each successful page (never an empty range).
    public var inserted: Observable<Range<Int>> { insertedSubject.asObservable() }
    /// Emits when `reset(to:)` cleared the list.
    public var didReset: Observable<Void> { didResetSubject.asObservable() }
    /// Emits each failure of a current request, once.
    public var error: Observable<UseCaseError> { errorSubject.asObservable() }
    /// Whether a current request is in flight (replays; emits on change only).
    public var isLoading: Observable<Bool> { isLoadingProperty.asObservable() }
    /// Whether the source has been fully read and held nothing (replays; emits on change only).
    public var isEmpty: Observable<Bool> { isEmptyProperty.asObservable() }

    /// Requests the next page, unless one is in flight, the end is reached, or there is no source.
    public func loadNextPage() {
        guard let load, let request = pager.beginNextPage() else { return }
        update(isLoadingProperty, to: true)
        requestToken = nil
        let token = load(request.page)
            .receive(on: scheduler)
            .bind(
                onValue: { [weak self] result in self?.received(result, for: request) },
                onFinish: { [weak self] in self?.ended(request) }
            )
        // A source that answered synchronously has already completed the request.
        if pager.inFlight == request { requestToken = token }
    }

    /// Starts a new generation with `load` as the source (or no source): cancels the request in
    /// flight, clears the items and emits `didReset`. It does not request a page.
    public func reset(to load: Load?) {
        self.load = load
        pager.reset()
        let abandoned = requestToken
        requestToken = nil
        abandoned?.cancel()
        update(isLoadingProperty, to: false)
        update(isEmptyProperty, to: false)
        didResetSubject.fire()
    }

    private func received(_ result: Result<Page<Item>, UseCaseError>, for request: PageRequest) {
        switch result {
        case .success(let page):
            guard case .appended(let range) = pager.complete(request, with: page) else { return }
            requestToken = nil
            update(isLoadingProperty, to: false)
            if !range.isEmpty { insertedSubject.send(range) }
            update(isEmptyProperty, to: pager.isEmptyResult)
        case .failure(let error):
            guard pager.fail(request) else { return }
            requestToken = nil
            update(isLoadingProperty, to: false)
            errorSubject.send(error)
        }
    }

    private func ended(_ request: PageRequest) {
        guard pager.inFlight == request, pager.fail(request) else { return }
        requestToken = nil
        update(isLoadingProperty, to: false)
    }

    private func update(_ property: Property<Bool>, to value: Bool) {
        if property.value != value { property.value = value }
    }
}

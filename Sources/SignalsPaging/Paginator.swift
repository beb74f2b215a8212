import Signals

/// A paged list over any source: runs a ``PaginationState`` (with its ``PagingPolicy``)
/// against a function that loads a page for a cursor, and publishes one stream of
/// ``PagingChange``s, `snapshots` / `isLoading` / `isRefreshing` / `activity` / `isEmpty` /
/// `hasMore` / `footer` state, ``failures`` that say which request failed, and O(1)
/// ``snapshot``s. It pages forward (a feed) or backward (a chat: ``PagingDirection``).
///
/// Generic over the item (de-duplicated by `id`), the error of the source, and the cursor it
/// pages by: page numbers, offsets or opaque tokens.
///
/// ```swift
/// let feed = Paginator<Post, APIError, String?>(firstCursor: nil, scheduler: .main) { cursor in
///     api.posts(after: cursor).map { result in  // Observable<Result<Body, APIError>>
///         result.map { PageResponse(items: $0.posts, next: $0.nextCursor) }   // nil: the end
///     }
/// }
/// feed.inserted.bind { rows in tableView.insertRows(at: rows.map { IndexPath(row: $0, section: 0) }, with: .automatic) }.store(in: bag)
/// feed.loadFirstPageIfNeeded()
/// feed.itemDisplayed(at: 27)                     // prefetches near the end
/// ```
///
/// Starting a request, refreshing or resetting cancels the request in flight, so the latest
/// request always wins and a late response of an earlier generation is dropped. Responses are
/// received on the injected scheduler, and all state lives on it: call the methods on the
/// scheduler's thread (the main thread for `.main`; the test's thread for `TestScheduler` or
/// `ImmediateScheduler`). Deallocating the paginator cancels the request in flight.
///
/// **Order of emissions.** Every output emits synchronously, with the state (``items``,
/// ``snapshot``) already updated: first ``snapshots`` when the items changed, then the change
/// (``changes`` and the outputs made from it: ``inserted``, ``didReset``, ``didRefresh``,
/// ``error``; then ``failures``; or ``prepended``), then ``isLoading``, ``isRefreshing``,
/// ``activity``, ``isEmpty``, ``hasMore`` and ``footer``, in that order, each only when it
/// changed. So the rows are in place before `isLoading` turns `false`. A request
/// starts after `isLoading` turns `true`. A reset ends loading: with `.reset`, `isLoading` (and
/// `isRefreshing`) turn `false`; a refresh that clears then turns them `true` as it asks for
/// the first page.
public final class Paginator<Item: Identifiable, Failure: Error, Cursor: Equatable> {
    /// Asks the source for the page at a cursor.
    public typealias Load = (_ cursor: Cursor) -> Observable<Result<PageResponse<Item, Cursor>, Failure>>
    /// Which items of a page the list keeps.
    public typealias Filter = (Item) -> Bool

    /// A response on its way to the scheduler: the request it answers, the attempt that asked
    /// for it, and its result (`nil`: the source ended, after a response or instead of one).
    @usableFromInline typealias Response = (
        request: PagingRequest<Cursor>,
        attempt: Int,
        result: Result<PageResponse<Item, Cursor>, Failure>?
    )

    /// The paging state, policy included.
    @inlinable public var state: PaginationState<Item, Cursor> { _state }
    @usableFromInline var _state: PaginationState<Item, Cursor>
    @usableFromInline var load: Load?
    @usableFromInline var isKept: Filter
    @usableFromInline let scheduler: any Scheduler
    /// Every request's responses, in the order the sources sent them; received on the scheduler.
    @usableFromInline let responses = Subject<Response>()
    @usableFromInline var responsesBinding: (any Cancellable)?
    // Only ever read or assigned whole, so no two accesses overlap: no dynamic exclusivity checks.
    /// The binding of the request in flight: a new request, a reset and deallocation cancel it.
    @usableFromInline @exclusivity(unchecked) var inFlight: (any Cancellable)?
    /// The attempt whose responses are current: each start (and each cancel) of a request
    /// increments it, so anything an earlier attempt left queued on the scheduler is dropped.
    @usableFromInline @exclusivity(unchecked) var attempt = 0
    /// The last attempt whose source ended: its binding is not kept once `bind` returns.
    @usableFromInline @exclusivity(unchecked) var endedAttempt = 0

    @usableFromInline let changesSubject = Subject<PagingChange<Item, Failure>>()
    @usableFromInline let failuresSubject = Subject<PagingFailure<Failure>>()
    let prependedSubject = Subject<Range<Int>>()
    @usableFromInline let isLoadingProperty = Property(false)
    @usableFromInline let isRefreshingProperty = Property(false)
    @usableFromInline let isEmptyProperty = Property(false)
    @usableFromInline let activityProperty = Property(PageActivity.idle)
    // Set by `publish` and `settle`, which are inlinable: hence `@usableFromInline`.
    @usableFromInline let snapshotsProperty = Property(PagedItems<Item>())
    @usableFromInline let hasMoreProperty = Property(false)
    @usableFromInline let footerProperty = Property(PagingFooter<Failure>.hidden)
    /// What the state outputs hold, kept beside them so that `settle` writes (and locks) only
    /// the outputs that change.
    @usableFromInline @exclusivity(unchecked) var shown = Shown()

    /// What the state outputs above hold, as plain values.
    @usableFromInline struct Shown {
        @usableFromInline var isLoading = false
        @usableFromInline var isRefreshing = false
        @usableFromInline var activity = PageActivity.idle
        @usableFromInline var isEmpty = false
        @usableFromInline var hasMore = false
        /// The footer's case; its failure is the property's.
        @usableFromInline var footer = PagingFooter<Void>.hidden
        /// The snapshot `snapshots` holds.
        @usableFromInline var snapshot = PagedItems<Item>()
        @inlinable init() {}
    }

    /// Creates an empty list whose first page is at `firstCursor`, over `load` (or no source
    /// until ``reset(to:)`` gives it one), receiving responses on `scheduler`, deciding by
    /// `policy`, and keeping only the items `keeping` accepts.
    @inlinable
    public init(
        firstCursor: Cursor,
        scheduler: any Scheduler,
        policy: PagingPolicy = PagingPolicy(),
        load: Load? = nil,
        keeping isKept: @escaping Filter = { _ in true }
    ) {
        self.load = load
        self.isKept = isKept
        self._state = PaginationState(firstCursor: firstCursor, policy: policy)
        self.scheduler = scheduler
        hasMoreProperty.value = load != nil
        shown.hasMore = load != nil
        // One hop to the scheduler for the paginator's life (not one per request): a response
        // carries its attempt, and one that is not current is dropped on arrival.
        responsesBinding = responses.receive(on: scheduler).bind { [weak self] response in
            guard let self, response.attempt == self.attempt else { return }
            if response.result == nil {
                self.endedAttempt = response.attempt
                self.inFlight = nil
            }
            self.received(response.result, for: response.request)
        }
    }

    /// The items shown.
    @inlinable public var items: [Item] { state.pages.items }

    /// The items shown, as an O(1) snapshot later pages never change.
    @inlinable public var snapshot: PagedItems<Item> { state.pages.snapshot }

    /// Emits every change: resets, and each request that settled (appended, refreshed,
    /// failed, ended).
    @inlinable public var changes: Observable<PagingChange<Item, Failure>> { changesSubject.asObservable() }
    /// Emits the indices of items appended by each page (never an empty range).
    @inlinable public var inserted: Observable<Range<Int>> {
        changes.compactMap { if case .appended(let range, _) = $0, !range.isEmpty { range } else { nil } }
    }
    /// Emits when the items were cleared (``reset(to:)``, or a refresh that clears).
    public var didReset: Observable<Void> {
        changes.compactMap { if case .reset = $0 { () } else { nil } }
    }
    /// Emits when a refresh that kept the items replaced them with its first page.
    public var didRefresh: Observable<PagedItems<Item>> {
        changes.compactMap { if case .refreshed(let items) = $0 { items } else { nil } }
    }
    /// Emits each failure of a current request, once (after any automatic retries).
    public var error: Observable<Failure> {
        changes.compactMap { if case .failed(let error) = $0 { error } else { nil } }
    }
    /// Emits each failure of a current request, once (after any automatic retries), with the
    /// request that failed: the first page, a refresh, or a next page.
    public var failures: Observable<PagingFailure<Failure>> { failuresSubject.asObservable() }
    /// Emits the indices of items ``prepend(_:)`` put at the top (`0..<n`, never empty).
    public var prepended: Observable<Range<Int>> { prependedSubject.asObservable() }
    /// Whether a current request is in flight (replays; emits on change only).
    public var isLoading: Observable<Bool> { isLoadingProperty.asObservable() }
    /// Whether a refresh's first page is in flight (replays; emits on change only): from
    /// ``refresh()`` until that page arrives, fails, ends, or a reset abandons it. Drives a
    /// pull-to-refresh control, where ``isLoading`` drives a spinner at the end of the list.
    public var isRefreshing: Observable<Bool> { isRefreshingProperty.asObservable() }
    /// What is loading: nothing, the first page, a refresh or the next page (replays; emits on
    /// change only). One output for every loading indicator: from one request to the next it
    /// goes straight to the new kind (a refresh that interrupts a next page goes `.nextPage`
    /// → `.refresh`), and a refresh goes `.idle` → `.refresh` → `.idle` with nothing between,
    /// where `isLoading` and `isRefreshing` change one after the other (see ``PageActivity``).
    public var activity: Observable<PageActivity> { activityProperty.asObservable() }
    /// Whether the source has been read to its end and held nothing (replays; emits on change only).
    public var isEmpty: Observable<Bool> { isEmptyProperty.asObservable() }
    /// The items shown, as O(1) snapshots (replays the current one; emits each time the items
    /// change: a page that appended some, a reset of a list that showed some, a refresh's first
    /// page, a prepend). It emits just before the change that says which rows changed
    /// (``changes``, ``inserted``, ``prepended``…), so a data source that keeps the latest
    /// snapshot has the rows when the table is told to insert them.
    ///
    /// ```swift
    /// feed.snapshots.bind { items in dataSource.items = items }.store(in: bag)
    /// feed.inserted.bind { rows in tableView.insertRows(at: rows.map { IndexPath(row: $0, section: 0) }, with: .automatic) }.store(in: bag)
    /// ```
    public var snapshots: Observable<PagedItems<Item>> { snapshotsProperty.asObservable() }
    /// Whether a page may follow the items shown (replays; emits on change only): ``PaginationState/hasMore``
    /// while the paginator has a source, `false` without one. `true` from the start, `false`
    /// once a page ends the list, `true` again at a reset or a refresh.
    public var hasMore: Observable<Bool> { hasMoreProperty.asObservable() }
    /// What the "load more" footer shows: hidden, loading, or the next page's failure (replays;
    /// emits on change, and at each new failure). One value decided by
    /// ``PaginationState/footer``, so it goes straight from loading to failed and back on a
    /// retry, never through a combination that cannot be (see ``PagingFooter``).
    public var footer: Observable<PagingFooter<Failure>> { footerProperty.asObservable() }

    // MARK: - Events

    /// Requests the next page, unless one is in flight, the end is reached, or there is no
    /// source. It is asked for even while paging is paused by a failure.
    @inlinable public func loadNextPage() {
        run(_state.nextPageRequested())
    }

    /// The item at `index` is about to be displayed: requests the next page when it is one of
    /// the last `prefetchDistance` items and paging is not paused by a failure.
    @inlinable public func itemDisplayed(at index: Int) {
        run(_state.itemDisplayed(at: index))
    }

    /// Asks for the failed page again; does nothing unless the last request failed.
    public func retry() {
        run(_state.retryRequested())
    }

    /// Requests the first page unless a page has loaded, is loading, or failed.
    @inlinable public func loadFirstPageIfNeeded() {
        run(_state.firstPageIfNeeded())
    }

    /// Loads the first page of a new generation; the items are cleared now or when it
    /// arrives, as the policy's ``PagingPolicy/refresh`` says.
    @inlinable public func refresh() {
        run(_state.refreshRequested())
    }

    /// Starts a new generation with `load` as the source (or no source): cancels the request
    /// in flight, clears the items and emits `.reset`. It does not request a page.
    public func reset(to load: Load?) {
        reset(to: load, keeping: isKept)
    }

    /// Starts a new generation with `load` as the source, keeping only the items `isKept`
    /// accepts (see ``reset(to:)``).
    public func reset(to load: Load?, keeping isKept: @escaping Filter) {
        self.load = load
        self.isKept = isKept
        run(_state.reset())
    }

    /// Puts `items` at the top of the list (polled items) without a refresh: items already
    /// shown (by `id`) and items the filter rejects are dropped, the rest are inserted before
    /// every item, in their order, and ``prepended`` emits their indices. The cursor and the
    /// request in flight are untouched.
    public func prepend(_ items: [Item]) {
        let range = _state.prepend(items, keeping: isKept)
        guard !range.isEmpty else { return }
        publishSnapshot()
        prependedSubject.send(range)
        settle()
    }

    // MARK: - Running effects

    /// Runs what an event decided. Order of emissions: each change (``changes`` and the outputs
    /// made from it, then ``failures``) is emitted first, with the state already updated; then
    /// ``isLoading``, ``isRefreshing``, ``activity`` and ``isEmpty`` settle, each only when it changed. So
    /// when `isLoading` turns `false` the rows are in place, and a change's handler reads the
    /// new items.
    @inlinable func run(_ effects: [PagingEffect<Cursor>], failure: Failure? = nil) {
        if load == nil {
            // No source: nothing to ask, nothing to report; the list never shows as loading.
            for case .load(let request, _) in effects { _ = _state.ended(request) }
        }
        for effect in effects {
            switch effect {
            case .load(let request, let delay):
                guard let load else {
                    settle()
                    continue
                }
                settle()
                start(request, load: load, after: delay)
            case .cancelLoad:
                endAttempt()
            case .publish(let event):
                publish(event, failure: failure)
                // A reset ends the generation's loading; its first page, if any, starts next.
                settle(isLoading: event == .reset ? false : state.isLoading, failure: failure)
            }
        }
    }

    /// Starts `request` (after `delay`, for an automatic retry) as a new attempt, cancelling the
    /// request in flight: the latest request always wins. Its values and its end go to
    /// ``responses`` tagged with the attempt, so a late one of an earlier attempt is dropped.
    @inlinable func start(_ request: PagingRequest<Cursor>, load: @escaping Load, after delay: Duration?) {
        endAttempt()
        let attempt = self.attempt
        let cursor = request.cursor
        let source = if let delay {
            Observable.just(()).delay(for: delay, scheduler: scheduler).flatMap { load(cursor) }
        } else {
            load(cursor)
        }
        let responses = self.responses
        let binding = source.bind(
            onValue: { responses.send((request, attempt, $0)) },
            onFinish: { responses.send((request, attempt, nil)) }
        )
        // A source that answers at once may already have ended, or led to a newer request or a
        // reset, before `bind` returned: keep the binding only while it is still the one in flight.
        if attempt == self.attempt, endedAttempt != attempt {
            inFlight = binding
        } else {
            binding.cancel()
        }
    }

    /// Ends the current attempt: what it left queued on the scheduler is dropped on arrival, and
    /// its request in flight, if any, is cancelled (after it stopped being `inFlight`, so a
    /// handler it runs while cancelled sees no binding to cancel).
    @inlinable func endAttempt() {
        attempt &+= 1
        let cancelled = inFlight
        inFlight = nil
        cancelled?.cancel()
    }

    @inlinable func publish(_ event: PagingEvent, failure: Failure?) {
        publishSnapshot()
        switch event {
        case .reset:
            changesSubject.send(.reset)
        case .appended(let range):
            changesSubject.send(.appended(range, state.pages.snapshot))
        case .refreshed:
            changesSubject.send(.refreshed(state.pages.snapshot))
        case .failed:
            guard let failure else { return changesSubject.send(.ended) }
            changesSubject.send(.failed(failure))
            failuresSubject.send(PagingFailure(error: failure, request: state.lastFailedRequest ?? .firstPage))
        case .ended:
            changesSubject.send(.ended)
        }
    }

    @inlinable func received(_ result: Result<PageResponse<Item, Cursor>, Failure>?, for request: PagingRequest<Cursor>) {
        switch result {
        case .success(let response): run(_state.received(response, for: request, keeping: isKept))
        case .failure(let error): run(_state.failed(request), failure: error)
        case nil: run(_state.ended(request))
        }
    }

    /// Sets the state outputs to the state (or to not loading, at a reset), each only when it
    /// changed. `activity` always follows the state: at a reset that a refresh's first page
    /// follows, it goes straight to `.refresh`, never through `.idle`.
    /// `hasMore` and `footer` follow too; the footer shows `failure`, the error of a next page
    /// that has just failed, or keeps the one it shows.
    @inlinable func settle(isLoading: Bool? = nil, failure: Failure? = nil) {
        let isLoading = isLoading ?? state.isLoading
        if shown.isLoading != isLoading {
            shown.isLoading = isLoading
            isLoadingProperty.value = isLoading
        }
        let isRefreshing = isLoading && state.isRefreshing
        if shown.isRefreshing != isRefreshing {
            shown.isRefreshing = isRefreshing
            isRefreshingProperty.value = isRefreshing
        }
        let activity = state.activity
        if shown.activity != activity {
            shown.activity = activity
            activityProperty.value = activity
        }
        let isEmpty = state.pages.isEmptyResult
        if shown.isEmpty != isEmpty {
            shown.isEmpty = isEmpty
            isEmptyProperty.value = isEmpty
        }
        let hasMore = load != nil && state.hasMore
        if shown.hasMore != hasMore {
            shown.hasMore = hasMore
            hasMoreProperty.value = hasMore
        }
        switch (state.footer, shown.footer) {
        case (.hidden, .loading), (.hidden, .failed):
            shown.footer = .hidden
            footerProperty.value = .hidden
        case (.loading, .hidden), (.loading, .failed):
            shown.footer = .loading
            footerProperty.value = .loading
        case (.failed, _):
            // Each new failure is shown; without one, the footer keeps the failure it shows.
            if let failure {
                shown.footer = .failed(())
                footerProperty.value = .failed(failure)
            }
        default:
            break
        }
    }

    /// Sets `snapshots` to the items shown, unless they are the ones it holds (the same storage
    /// and count, or both empty). Runs before each change is published.
    @inlinable func publishSnapshot() {
        let items = state.pages.snapshot
        guard items.count != shown.snapshot.count || (items.count > 0 && items.storage !== shown.snapshot.storage) else { return }
        shown.snapshot = items
        snapshotsProperty.value = items
    }
}

extension Paginator where Cursor == Int {
    /// Creates an empty list over a page-numbered source whose first page is `firstPage`
    /// (1 unless said otherwise); see ``init(firstCursor:scheduler:policy:load:keeping:)``.
    @inlinable
    public convenience init(
        scheduler: any Scheduler,
        firstPage: Int = 1,
        policy: PagingPolicy = PagingPolicy(),
        load: Load? = nil,
        keeping isKept: @escaping Filter = { _ in true }
    ) {
        self.init(firstCursor: firstPage, scheduler: scheduler, policy: policy, load: load, keeping: isKept)
    }
}

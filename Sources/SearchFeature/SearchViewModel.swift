import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsPaging

/// The search screen: text editing, cancel, query submission, scopes, paging through the
/// results, and opening a result.
///
/// ```swift
/// let search = SearchViewModel(service: PhotoService(repository: repository), scheduler: .main)
/// let input = SearchViewModel.Input()
/// let output = search.transform(input: input)
/// output.isLoading.bind { spinner.isHidden = !$0 }.store(in: bag)
/// output.insertedIndexPaths.bind { collectionView.insertItems(at: $0) }.store(in: bag)
/// input.querySubmitted.send("mountain lake")
/// ```
///
/// Rules:
/// - A submitted query is normalized and validated (``SearchQuery`` lists every case): empty
///   text, or text of only whitespace, control or invisible characters (zero-width spaces,
///   direction marks, a byte order mark) shows "Type something to search for."; more than
///   `maximumQueryLength` characters (200 by default; a 10,000-character paste, or a letter
///   under thousands of combining marks) shows "Searches can be at most 200 characters long.";
///   emoji and right-to-left text are searched as typed;
///   control characters are removed and whitespace runs become one space. An invalid submit
///   sends no request and leaves the current search alone; the next valid submit clears the
///   message.
/// - A valid submit starts page 1 of the query in the current scope. The request in flight for
///   any earlier query or scope is cancelled, and its late response (success or failure) is
///   dropped. Submitting the query and scope that are loading does nothing more; submitting
///   them again once loaded searches again from page 1.
/// - Selecting another scope with a query present re-runs that query (the last one searched)
///   at page 1 in the new scope; without one it only changes `scope`.
/// - `nextPageRequested`, and `itemDisplayed` for one of the last ``prefetchDistance`` items,
///   continue the current query and scope: one request at a time, nothing past the last page,
///   items already shown are dropped from later pages. After a failure the page is kept:
///   `retryTapped` or `nextPageRequested` asks for it again (`itemDisplayed` does not, so
///   scrolling never loops on a failing request).
/// - `cancelTapped` clears the query, the results, the validation message and the request in
///   flight, hides the cancel button, and leaves the view model ready for a new search.
/// - Each failure of the current search is reported once on `error`; failures of superseded
///   requests and cancellations never are. A failed search keeps `hasResults` true.
/// - Results of a kind that does not match the searched scope are dropped (a source that mixes
///   kinds cannot put a user among the photos). A page that adds nothing (all dropped, or all
///   duplicates) while the server says more pages exist is followed by the next at once, so
///   paging never stalls and "no results" is never shown early.
///
/// Instant search is off by default: pass `instantSearchDelay` to search the typed text once
/// typing has paused that long (on `scheduler`). Text that is not a valid query, or that is the
/// query already shown, starts nothing; a submit, cancel or newer keystroke supersedes it.
///
/// **Threading.** The view model is confined to its scheduler: send inputs and read
/// `results` snapshots on the scheduler's thread (the main thread for `.main`); responses
/// are received on it. Outputs are delivered synchronously on that thread. An input sent
/// from an output's handler is queued and handled right after the current one, so outputs
/// always arrive in a consistent order.
///
/// **Calling `transform` twice** starts a fresh session: the previous session's bindings and
/// request are cancelled, its output goes silent, and the new output starts from the initial
/// state (no query, no results, the initial scope, cancel button hidden).
public final class SearchViewModel: ViewModelType {
    /// The UI events of the search screen.
    ///
    /// `Sendable` (a struct of subjects of `Sendable` values): send into it from any thread,
    /// task or actor. A value is delivered on the thread that sends it (hop with
    /// `receive(on:)` where a consumer needs one thread).
    public struct Input: Sendable {
        /// Send when the search field begins editing.
        public let editingBegan = Subject<Void>()
        /// Send when the search field's text changes (each keystroke), with the whole text.
        public let queryChanged = Subject<String>()
        /// Send when the user submits the search (the return key), with the field's text.
        public let querySubmitted = Subject<String>()
        /// Send when the user taps the search field's cancel button.
        public let cancelTapped = Subject<Void>()
        /// Send when the user picks a scope in the scope bar.
        public let scopeSelected = Subject<SearchScope>()
        /// Send when the user asks for more results (for example, a "load more" control).
        public let nextPageRequested = Subject<Void>()
        /// Send when the result at this index is about to be displayed.
        public let itemDisplayed = Subject<Int>()
        /// Send when the user selects the result at this index.
        public let itemSelected = Subject<Int>()
        /// Send when the user taps retry after an error.
        public let retryTapped = Subject<Void>()

        /// Creates the input subjects.
        public init() {}
    }

    /// What the search screen shows. State outputs replay their current value to each new
    /// binding and emit only on change; event outputs do not replay.
    public struct Output {
        /// Emits whether the cancel button is hidden (state: starts `true`; `false` once editing
        /// begins; `true` again after cancel).
        public let isCancelButtonHidden: Observable<Bool>
        /// Emits the query of the search shown, normalized, or `""` when there is none (state:
        /// the search field shows `""` after cancel).
        public let query: Observable<String>
        /// Emits the message for an invalid submit, or `nil` (state: set by an invalid submit,
        /// cleared when a search starts from the field and on cancel).
        public let validationMessage: Observable<String?>
        /// Emits whether a request of the current search is in flight (state).
        public let isLoading: Observable<Bool>
        /// Emits `false` when a finished search found nothing: show "no results" exactly then
        /// (state: `true` before any search, while loading, after a failure and after cancel).
        public let hasResults: Observable<Bool>
        /// Emits a snapshot of the results, before each `insertedIndexPaths` and `resultsReset`
        /// (state; O(1) per emission, see ``SearchResults``).
        public let results: Observable<SearchResults>
        /// Emits the index paths (section 0) of the results each page appended, never empty.
        public let insertedIndexPaths: Observable<[IndexPath]>
        /// Emits when results that were shown are cleared: by a new search or by cancel.
        public let resultsReset: Observable<Void>
        /// Emits the selected scope (state).
        public let scope: Observable<SearchScope>
        /// Emits each failure of the current search, once.
        public let error: Observable<UseCaseError>
        /// Emits a detail pager when a photo result is selected, opened at that photo and
        /// paging through the photos of the search it was selected from.
        public let detail: Observable<PhotoDetailViewModel>
        /// Emits the collection when a collection result is selected.
        public let collectionSelected: Observable<PhotoCollection>
        /// Emits the user when a user result is selected.
        public let userSelected: Observable<UserProfile>
        /// Emits what the "load more" footer shows (state): hidden, loading while a next page
        /// of the search loads, or that page's failure until a retry, a new search or cancel.
        public let footer: Observable<PagingFooter<UseCaseError>>
        /// Emits whether more results may follow those shown (state: `false` before a search
        /// and after cancel, `true` while a search has pages left, `false` once read to its end).
        public let hasMore: Observable<Bool>
    }

    /// How close to the end a displayed item must be to load the next page: within the last 3.
    public static let prefetchDistance = 3

    /// Holds the bindings of the current session.
    public let bag = CancellableBag()
    /// The number of results asked for per page (at least 1).
    public let pageSize: Int
    /// The scope each session starts in.
    public let initialScope: SearchScope
    /// The longest query accepted, in characters (default ``SearchQuery/defaultMaximumLength``).
    public let maximumQueryLength: Int
    /// How long typing must pause before the typed text is searched, or `nil` for no instant search.
    public let instantSearchDelay: Duration?

    private let service: PhotoService
    private let scheduler: any Scheduler

    /// Creates a search over `service`, receiving responses on `scheduler`.
    ///
    /// - Parameters:
    ///   - service: the photo service searches go to.
    ///   - scheduler: where responses are received (and the instant-search pause is timed).
    ///   - pageSize: results per page; values below 1 count as 1.
    ///   - scope: the scope each session starts in.
    ///   - maximumQueryLength: the longest query accepted, in characters.
    ///   - instantSearchDelay: search the typed text after this pause; `nil` (the default)
    ///     searches only on submit.
    public init(
        service: PhotoService,
        scheduler: any Scheduler,
        pageSize: Int = 30,
        scope: SearchScope = .photos,
        maximumQueryLength: Int = SearchQuery.defaultMaximumLength,
        instantSearchDelay: Duration? = nil
    ) {
        self.service = service
        self.scheduler = scheduler
        self.pageSize = max(1, pageSize)
        self.initialScope = scope
        self.maximumQueryLength = max(1, maximumQueryLength)
        self.instantSearchDelay = instantSearchDelay
    }

    /// Starts a session: wires `input` to a new output (see the type's documentation).
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let (service, pageSize, scheduler) = (service, pageSize, scheduler)
        // A new engine per session: the previous one goes with the bindings that hold it,
        // which cancels its request in flight.
        let list = Paginator<SearchResultItem, UseCaseError, Int>(
            scheduler: scheduler, policy: PagingPolicy(prefetchDistance: Self.prefetchDistance)
        )
        let events = events(of: input)

        // The field and the search shown: cancel empties the field first; then the state after
        // each event (SearchState, told whether the search shown is loading) sets the message,
        // the scope and the query, starts or clears the search, and shows or hides the cancel
        // button. Paging events continue the search shown.
        let query = Property("")
        events.filter(\.isCancelTapped).map { _ in "" }.bind(to: query).store(in: bag)
        let state = events
            .withLatestFrom(list.activity) { event, activity in (event, activity.isLoading) }
            .scan(into: SearchState(scope: initialScope, maximumQueryLength: maximumQueryLength)) { state, step in
                state.handle(step.0, isLoading: step.1)
            }
            .share()
        let validationMessage = state.map(\.validationMessage).state(initial: nil, in: bag)
        let scope = state.map(\.scope).state(initial: initialScope, in: bag)
        state.map(\.queryText).bind(to: query).store(in: bag)
        state.compactMap(\.request)
            .bind(with: list) { list, request in list.show(request, service: service, pageSize: pageSize) }
            .store(in: bag)
        let isCancelButtonHidden = state.map(\.isCancelButtonHidden).state(initial: true, in: bag)
        events.bind(with: list) { list, event in list.continueSearch(on: event) }.store(in: bag)

        // The results shown (cleared by a new search or cancel), then the rows each page inserted.
        let results = list.snapshots.map(SearchResults.init).state(initial: .empty, in: bag)
        let resultsReset = list.snapshots.skip(1).filter(\.isEmpty).map { _ in () }.output(in: bag)
        let insertedIndexPaths = list.inserted.map { $0.indexPaths() }.output(in: bag)

        // Selection: the result at a shown index opens a detail pager (a photo) or is emitted.
        let selected = events.compactMap(\.selectedIndex)
            .withLatestFrom(results) { index, results in results.indices.contains(index) ? (index, results[index]) : nil }
            .compactMap { $0 }
            .share()
        let detail = selected.filter { $0.1.photo != nil }
            .map { index, _ in
                PhotoDetailViewModel(
                    pages: PhotoPages(currentGenerationOf: list), selectedIndex: index, service: service, scheduler: scheduler
                )
            }
            .output(in: bag)

        // Loading and "no results", as the engine's state says once each event is handled and
        // each request settles: "no results" only for a search read to its end that found
        // nothing. Not at a reset: a new search's first request follows it in the same event.
        let settled = Observable.merge([events.map { _ in () }, list.changes.filter { !$0.isReset }.map { _ in () }])
            .map { _ in list.state }
            .share()
        let hasResults = settled.map { !$0.pages.isEmptyResult }.state(initial: true, in: bag)
        let isLoading = settled.map(\.isLoading).state(initial: false, in: bag)

        return Output(
            isCancelButtonHidden: isCancelButtonHidden.removeDuplicates(),
            query: query.removeDuplicates(),
            validationMessage: validationMessage.removeDuplicates(),
            isLoading: isLoading.removeDuplicates(),
            hasResults: hasResults.removeDuplicates(),
            results: results,
            insertedIndexPaths: insertedIndexPaths,
            resultsReset: resultsReset,
            scope: scope.removeDuplicates(),
            error: list.error.output(in: bag),
            detail: detail,
            collectionSelected: selected.compactMap(\.1.collection).output(in: bag),
            userSelected: selected.compactMap(\.1.user).output(in: bag),
            footer: list.footer.state(initial: .hidden, in: bag),
            hasMore: list.hasMore.state(initial: false, in: bag)
        )
    }

    /// Every input as one stream, one event at a time and in order: `merge` queues an input
    /// sent from an output's handler and delivers it right after the current one. Each event
    /// goes to the bindings in the order they are made, so the outputs of one event arrive in
    /// that order. With instant search, the typed text joins once typing pauses (a submit or
    /// cancel supersedes it).
    private func events(of input: Input) -> Observable<SearchEvent> {
        let typingPaused: Observable<SearchEvent> = instantSearchDelay.map { delay in
            Observable.merge([
                input.queryChanged.map { Optional($0) },
                input.querySubmitted.map { _ in nil },
                input.cancelTapped.map { nil },
            ])
            .debounce(for: delay, scheduler: scheduler)
            .compactMap { text in text.map(SearchEvent.typingPaused) }
        } ?? .never
        return Observable.merge([
            input.editingBegan.map { SearchEvent.editingBegan },
            input.querySubmitted.map(SearchEvent.querySubmitted),
            typingPaused,
            input.cancelTapped.map { SearchEvent.cancelTapped },
            input.scopeSelected.map(SearchEvent.scopeSelected),
            input.nextPageRequested.map { SearchEvent.nextPageRequested },
            input.itemDisplayed.map(SearchEvent.itemDisplayed),
            input.itemSelected.map(SearchEvent.itemSelected),
            input.retryTapped.map { SearchEvent.retryTapped },
        ])
        .share()
    }
}

extension Paginator where Item == SearchResultItem, Failure == UseCaseError, Cursor == Int {
    /// Runs what a search state asked: the query from page 1, dropping results of other
    /// scopes, or no search at all (no source: paging events do nothing).
    fileprivate func show(_ request: SearchState.Request, service: PhotoService, pageSize: Int) {
        switch request {
        case .search(let query, let scope):
            reset(to: { page in service.search(scope, query.text, page, pageSize).pageResponses(requested: page) },
                  keeping: { $0.scope == scope })
            loadNextPage()
        case .clear:
            reset(to: nil)
        }
    }

    /// Continues the search shown on a paging event.
    fileprivate func continueSearch(on event: SearchEvent) {
        switch event {
        case .nextPageRequested: loadNextPage()
        case .itemDisplayed(let index): itemDisplayed(at: index)
        case .retryTapped: retry()
        default: break
        }
    }
}

extension PagingChange {
    /// Whether the change is a reset.
    fileprivate var isReset: Bool {
        if case .reset = self { true } else { false }
    }
}

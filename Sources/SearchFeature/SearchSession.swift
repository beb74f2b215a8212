import Foundation
import ListFeature
import PhotoDomain
import Signals
import SignalsPaging

/// A UI event of the search screen, as the session handles it.
enum SearchEvent {
    case editingBegan
    case querySubmitted(String)
    case typingPaused(String)
    case cancelTapped
    case scopeSelected(SearchScope)
    case nextPageRequested
    case itemDisplayed(Int)
    case itemSelected(Int)
    case retryTapped
}

/// The outputs of one `SearchViewModel.transform` session, driven by its events: the
/// ``SearchState`` decides, the paging engine pages, and this class applies both to the
/// outputs. Confined to the scheduler's thread.
final class SearchSession {
    let output: SearchViewModel.Output

    private let isCancelButtonHidden = Property(true)
    private let query = Property("")
    private let validationMessage = Property<String?>(nil)
    private let isLoading = Property(false)
    private let hasResults = Property(true)
    private let results = Property(SearchResults.empty)
    private let insertedIndexPaths = Subject<[IndexPath]>()
    private let resultsReset = Subject<Void>()
    private let scope: Property<SearchScope>
    private let error = Subject<UseCaseError>()
    private let detail = Subject<PhotoDetailViewModel>()
    private let collectionSelected = Subject<PhotoCollection>()
    private let userSelected = Subject<UserProfile>()

    private var state: SearchState
    private let list: Paginator<SearchResultItem, UseCaseError, Int>
    private let service: PhotoService
    private let scheduler: any Scheduler
    private let pageSize: Int
    private let engine = CancellableBag()

    init(state: SearchState, pageSize: Int, prefetchDistance: Int, service: PhotoService, scheduler: any Scheduler) {
        self.state = state
        self.pageSize = pageSize
        self.service = service
        self.scheduler = scheduler
        self.list = Paginator(scheduler: scheduler, policy: PagingPolicy(prefetchDistance: prefetchDistance))
        self.scope = Property(state.scope)
        output = SearchViewModel.Output(
            isCancelButtonHidden: isCancelButtonHidden.asObservable(),
            query: query.asObservable(),
            validationMessage: validationMessage.asObservable(),
            isLoading: isLoading.asObservable(),
            hasResults: hasResults.asObservable(),
            results: results.asObservable(),
            insertedIndexPaths: insertedIndexPaths.asObservable(),
            resultsReset: resultsReset.asObservable(),
            scope: scope.asObservable(),
            error: error.asObservable(),
            detail: detail.asObservable(),
            collectionSelected: collectionSelected.asObservable(),
            userSelected: userSelected.asObservable()
        )
        list.changes
            .bind(with: self) { session, change in session.pageChanged(change) }
            .store(in: engine)
    }

    /// Silences the session for good: no more outputs, and the request in flight is cancelled.
    func end() {
        engine.cancelAll()
        list.reset(to: nil)
    }

    // MARK: - Events

    func handle(_ event: SearchEvent) {
        switch event {
        case .editingBegan: apply(state.editingBegan())
        case .querySubmitted(let text): apply(state.querySubmitted(text, isLoading: list.state.isLoading))
        case .typingPaused(let text): apply(state.typingPaused(on: text))
        case .cancelTapped: apply(state.cancelTapped())
        case .scopeSelected(let scope): apply(state.scopeSelected(scope))
        case .nextPageRequested: if state.isSearching { list.loadNextPage() }
        case .itemDisplayed(let index): if state.isSearching { list.itemDisplayed(at: index) }
        case .retryTapped: if state.isSearching { list.retry() }
        case .itemSelected(let index): select(index)
        }
        showPaging()
    }

    private func pageChanged(_ change: PagingChange<SearchResultItem, UseCaseError>) {
        switch change {
        case .appended(let range, let items):
            if !range.isEmpty {
                results.value = SearchResults(items)
                insertedIndexPaths.send(range.indexPaths())
            }
            showPaging()
        case .refreshed(let items):
            // Never: a search's list is reset for each query, not refreshed in place.
            results.value = SearchResults(items)
            showPaging()
        case .failed(let failure):
            showPaging()
            error.send(failure)
        case .ended:
            showPaging()
        case .reset:
            break
        }
    }

    // MARK: - Effects

    private func apply(_ effects: [SearchState.Effect]) {
        for effect in effects {
            switch effect {
            case .showCancelButton(let hidden): isCancelButtonHidden.setIfChanged(hidden)
            case .showQuery(let text): query.setIfChanged(text)
            case .showValidationMessage(let message): validationMessage.setIfChanged(message)
            case .showScope(let scope): self.scope.setIfChanged(scope)
            case .search(let query, let scope):
                clearResults()
                list.reset(to: load(query, in: scope), keeping: { $0.scope == scope })
                list.loadNextPage()
            case .clear:
                clearResults()
                list.reset(to: nil)
            }
        }
    }

    /// Publishes what the engine's state implies: "no results" only for a search read to its
    /// end that found nothing, and whether a request is in flight (read from the engine's
    /// state, so that `isLoading` turns `false` before `error` emits, as the outputs promise).
    private func showPaging() {
        hasResults.setIfChanged(!list.state.pages.isEmptyResult)
        isLoading.setIfChanged(list.state.isLoading)
    }

    private func clearResults() {
        guard !results.value.isEmpty else { return }
        results.value = .empty
        resultsReset.fire()
    }

    private func select(_ index: Int) {
        let shown = results.value
        guard shown.indices.contains(index) else { return }
        switch shown[index] {
        case .photo:
            detail.send(PhotoDetailViewModel(
                pages: PhotoPages(currentGenerationOf: list), selectedIndex: index, service: service, scheduler: scheduler
            ))
        case .collection(let collection):
            collectionSelected.send(collection)
        case .user(let user):
            userSelected.send(user)
        }
    }

    private func load(_ query: SearchQuery, in scope: SearchScope) -> Paginator<SearchResultItem, UseCaseError, Int>.Load {
        let (service, pageSize) = (service, pageSize)
        return { page in service.search(scope, query.text, page, pageSize).pageResponses(requested: page) }
    }

}

import Foundation
import ListFeature
import PhotoDomain
import Signals

/// The state and outputs of one `SearchViewModel.transform` session. Confined to the
/// scheduler's thread.
///
/// Every input runs through ``perform(_:)``, which handles one action at a time: an action
/// that arrives while another runs (an input sent from an output's handler, or a response a
/// synchronous source delivers mid-action) is queued and run after it. After each action the
/// derived state (new items, `hasResults`, `isLoading`, a pending error) is published from the
/// paging engine's state, so outputs never depend on the order the engine emits in.
final class SearchSession {
    struct Configuration {
        var pageSize: Int
        var scope: SearchScope
        var maximumQueryLength: Int
        var instantSearchDelay: Duration?
        var prefetchDistance: Int
    }

    // Outputs.
    let isCancelButtonHidden = Property(true)
    let query = Property("")
    let validationMessage = Property<String?>(nil)
    let isLoading = Property(false)
    let hasResults = Property(true)
    let results = Property(SearchResults.empty)
    let insertedIndexPaths = Subject<[IndexPath]>()
    let resultsReset = Subject<Void>()
    let scope: Property<SearchScope>
    let error = Subject<UseCaseError>()
    let detail = Subject<PhotoDetailViewModel>()
    let collectionSelected = Subject<PhotoCollection>()
    let userSelected = Subject<UserProfile>()

    private let configuration: Configuration
    private let service: PhotoService
    private let scheduler: any Scheduler
    private let list: PagedList<SearchResultItem>
    /// The items of the current search; replaced (never cleared) when the list is reset.
    private var store = SearchResultStore()
    /// The list generation `store` belongs to.
    private var storeGeneration: Int
    /// The query being shown, or `nil` before the first search and after cancel.
    private var activeQuery: SearchQuery?
    private var currentScope: SearchScope
    /// Whether the last page request of the current search failed (and awaits a retry).
    private var lastPageFailed = false
    /// A failure of the current search, to publish once the state has settled.
    private var pendingError: UseCaseError?
    /// Typed text for instant search; `nil` supersedes a pending one.
    private let typedText = Subject<String?>()
    private let bindings = CancellableBag()
    private var actions: [(SearchSession) -> Void] = []
    private var isPerforming = false
    private var isEnded = false

    init(configuration: Configuration, service: PhotoService, scheduler: any Scheduler) {
        self.configuration = configuration
        self.service = service
        self.scheduler = scheduler
        self.scope = Property(configuration.scope)
        self.currentScope = configuration.scope
        self.list = PagedList(scheduler: scheduler)
        self.storeGeneration = list.pager.generation

        // The engine's outputs only say "something changed"; the state is read from it.
        list.isLoading
            .bind { [weak self] _ in self?.perform { _ in } }
            .store(in: bindings)
        list.inserted
            .bind { [weak self] _ in self?.perform { _ in } }
            .store(in: bindings)
        list.isEmpty
            .bind { [weak self] _ in self?.perform { _ in } }
            .store(in: bindings)
        list.error
            .bind { [weak self] error in self?.listFailed(error) }
            .store(in: bindings)
        if let delay = configuration.instantSearchDelay {
            typedText.asObservable()
                .debounce(for: delay, scheduler: scheduler)
                .bind { [weak self] text in
                    guard let text else { return }
                    self?.perform { $0.instantSearch(text) }
                }
                .store(in: bindings)
        }
    }

    /// Silences the session for good: no more outputs, and the request in flight is cancelled.
    func end() {
        isEnded = true
        actions.removeAll()
        bindings.cancelAll()
        list.reset(to: nil)
    }

    // MARK: - Serial execution

    /// Runs `action`, or queues it if another action is running, then publishes derived state.
    func perform(_ action: @escaping (SearchSession) -> Void) {
        guard !isEnded else { return }
        actions.append(action)
        guard !isPerforming else { return }
        isPerforming = true
        var index = 0
        while index < actions.count, !isEnded {
            let next = actions[index]
            index += 1
            next(self)
            publishDerivedState()
        }
        actions.removeAll(keepingCapacity: true)
        isPerforming = false
    }

    /// Publishes what the paging engine's state implies: new items (results first, then the
    /// inserted index paths), `hasResults`, `isLoading`, then a pending error.
    private func publishDerivedState() {
        guard !isEnded else { return }
        let pager = list.pager
        if pager.generation == storeGeneration, pager.items.count > store.count {
            let newItems = Array(pager.items[store.count...])
            let range = store.append(newItems)
            results.value = store.snapshot
            insertedIndexPaths.send(range.indexPaths())
            store.inserted.send(range)
        }
        update(hasResults, to: !pager.isEmptyResult)
        update(isLoading, to: pager.isLoading)
        if let error = pendingError {
            pendingError = nil
            self.error.send(error)
        }
    }

    private func listFailed(_ error: UseCaseError) {
        // Only a failure of the generation current when it arrived is reported; a search
        // started before this queued action runs makes it stale.
        let generation = list.pager.generation
        perform { session in
            guard session.list.pager.generation == generation else { return }
            session.lastPageFailed = true
            session.pendingError = error
        }
    }

    // MARK: - Inputs

    func editingBegan() {
        update(isCancelButtonHidden, to: false)
    }

    func queryChanged(_ text: String) {
        guard configuration.instantSearchDelay != nil else { return }
        typedText.send(text)
    }

    func querySubmitted(_ text: String) {
        typedText.send(nil)
        let query: SearchQuery
        do {
            query = try SearchQuery(validating: text, maximumLength: configuration.maximumQueryLength)
        } catch {
            update(validationMessage, to: error.message)
            return
        }
        update(validationMessage, to: nil)
        if query == activeQuery, list.pager.isLoading { return }
        startSearch(query)
    }

    func instantSearch(_ text: String) {
        guard let query = try? SearchQuery(validating: text, maximumLength: configuration.maximumQueryLength),
              query != activeQuery
        else { return }
        update(validationMessage, to: nil)
        startSearch(query)
    }

    func cancelTapped() {
        typedText.send(nil)
        activeQuery = nil
        update(query, to: "")
        update(validationMessage, to: nil)
        resetList(to: nil)
        update(isCancelButtonHidden, to: true)
    }

    func scopeSelected(_ scope: SearchScope) {
        guard scope != currentScope else { return }
        currentScope = scope
        update(self.scope, to: scope)
        if let activeQuery { startSearch(activeQuery) }
    }

    func nextPageRequested() {
        guard activeQuery != nil else { return }
        loadNextPage()
    }

    func itemDisplayed(_ index: Int) {
        guard activeQuery != nil, !lastPageFailed,
              index >= 0, index < store.count,
              index >= store.count - configuration.prefetchDistance
        else { return }
        loadNextPage()
    }

    func itemSelected(_ index: Int) {
        guard index >= 0, index < store.count else { return }
        switch store.items[index] {
        case .photo:
            detail.send(makeDetail(selectedIndex: index))
        case .collection(let collection):
            collectionSelected.send(collection)
        case .user(let user):
            userSelected.send(user)
        }
    }

    func retryTapped() {
        guard activeQuery != nil, lastPageFailed else { return }
        loadNextPage()
    }

    // MARK: - Searching

    private func startSearch(_ query: SearchQuery) {
        activeQuery = query
        update(self.query, to: query.text)
        resetList(to: load(query, in: currentScope))
        list.loadNextPage()
    }

    private func loadNextPage() {
        lastPageFailed = false
        list.loadNextPage()
    }

    /// Starts a new list generation with `load` (cancelling the request in flight) and a new
    /// store; emits `results` and `resultsReset` if results were shown.
    private func resetList(to load: PagedList<SearchResultItem>.Load?) {
        let hadResults = store.count > 0
        lastPageFailed = false
        pendingError = nil
        list.reset(to: load)
        store = SearchResultStore()
        storeGeneration = list.pager.generation
        if hadResults {
            results.value = store.snapshot
            resultsReset.fire()
        }
    }

    private func load(_ query: SearchQuery, in scope: SearchScope) -> PagedList<SearchResultItem>.Load {
        let service = service
        let pageSize = configuration.pageSize
        return { page in
            service.search(scope, query.text, page, pageSize).map { result in
                result.map { page in
                    Page(items: page.items.filter { $0.scope == scope }, total: page.total, totalPages: page.totalPages, page: page.page)
                }
            }
        }
    }

    /// A detail pager over the photos of the current search; later searches do not change them.
    private func makeDetail(selectedIndex: Int) -> PhotoDetailViewModel {
        let store = store
        let pages = PhotoPages(
            photos: { store.photos },
            inserted: store.inserted.asObservable(),
            loadMore: { [weak self, weak store] in
                guard let self, let store else { return }
                self.perform { session in
                    guard session.store === store, session.activeQuery != nil else { return }
                    session.loadNextPage()
                }
            }
        )
        return PhotoDetailViewModel(pages: pages, selectedIndex: selectedIndex, service: service, scheduler: scheduler)
    }

    private func update<Value: Equatable>(_ property: Property<Value>, to value: Value) {
        if property.value != value { property.value = value }
    }
}

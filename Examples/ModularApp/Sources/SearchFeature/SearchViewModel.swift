import Core
import PhotoData
import PhotoDomain
import Signals

/// The search screen: a debounced query, the newest request only.
@MainActor
public final class SearchViewModel {
    /// The screen's events.
    public struct Input {
        /// Send when the query text changes.
        public let query = Subject<String>()

        /// Creates the input subjects.
        public init() {}
    }

    /// What the screen shows.
    public struct Output {
        /// Emits the photos found for each query.
        public let results: Observable<[Photo]>
        /// Emits whether a search is running, now and on each change.
        public let isSearching: Observable<Bool>
    }

    /// Holds the bindings `transform(input:)` makes.
    public let bag = CancellableBag()
    private let store: PhotoStore
    private let scheduler: any Scheduler

    /// Creates the search over `store`, debouncing on `scheduler`.
    public init(store: PhotoStore, scheduler: any Scheduler) {
        self.store = store
        self.scheduler = scheduler
    }

    /// Wires `input` to a new output; a second call cancels what the first one wired.
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let isSearching = Property(false)
        let store = store
        let results = input.query
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .handleEvents(onValue: { _ in isSearching.value = true })
            .flatMapLatest { query in store.page(1, matching: query) }
            .map { (try? $0.get().items) ?? [] }
            .handleEvents(onValue: { _ in isSearching.value = false })
            .output(in: bag)
        return Output(results: results, isSearching: isSearching.asObservable())
    }
}

#if compiler(>=6.2)
extension SearchViewModel: @MainActor ViewModelType {}
#else
extension SearchViewModel: @preconcurrency ViewModelType {}
#endif

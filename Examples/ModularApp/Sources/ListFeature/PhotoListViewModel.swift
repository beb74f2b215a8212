import Core
import PhotoData
import PhotoDomain
import Signals
import SignalsPaging

/// The photo list: the first page on appear, the next page when a row near the end shows.
@MainActor
public final class PhotoListViewModel {
    /// The screen's events.
    public struct Input {
        /// Send when the list appears.
        public let appeared = Subject<Void>()
        /// Send when the row at an index is displayed.
        public let rowDisplayed = Subject<Int>()

        /// Creates the input subjects.
        public init() {}
    }

    /// What the screen shows.
    public struct Output {
        /// Emits the rows inserted by each page.
        public let insertedRows: Observable<Range<Int>>
        /// Emits whether a page is loading, now and on each change.
        public let isLoading: Observable<Bool>
    }

    /// Holds the bindings `transform(input:)` makes.
    public let bag = CancellableBag()
    private let paginator: Paginator<Photo, AppError, Int>

    /// Creates the list over `store`, receiving pages on `scheduler`.
    public init(store: PhotoStore, scheduler: any Scheduler) {
        paginator = Paginator(scheduler: scheduler) { page in
            store.page(page)
        }
    }

    /// The photos shown.
    public var photos: [Photo] { paginator.items }

    /// Wires `input` to a new output; a second call cancels what the first one wired.
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let paginator = paginator
        input.appeared.bind { paginator.loadFirstPageIfNeeded() }.store(in: bag)
        input.rowDisplayed.bind { paginator.itemDisplayed(at: $0) }.store(in: bag)
        return Output(
            insertedRows: paginator.inserted.output(in: bag),
            isLoading: paginator.isLoading.state(initial: false, in: bag)
        )
    }
}

#if compiler(>=6.2)
extension PhotoListViewModel: @MainActor ViewModelType {}
#else
extension PhotoListViewModel: @preconcurrency ViewModelType {}
#endif

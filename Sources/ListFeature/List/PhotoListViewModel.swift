import Foundation
import SignalsPhotoDomain
import Signals
import SignalsPaging

/// The editorial photo feed: loads on first appearance, pages as the user scrolls, refreshes,
/// retries after an error, and opens the detail pager on selection.
///
/// ```swift
/// let list = PhotoListViewModel(service: PhotoService(repository: repository), scheduler: .main)
/// let input = PhotoListViewModel.Input()
/// let output = list.transform(input: input)
/// output.insertedIndexPaths.bind { collectionView.insertItems(at: $0) }.store(in: bag)
/// output.reloaded.bind { collectionView.reloadData() }.store(in: bag)
/// input.appeared.fire()                  // loads page 1
/// input.itemDisplayed.send(27)           // within 3 of the end of 30: loads page 2
/// ```
///
/// Rules (the paging ones are `SignalsPaging`'s `PaginationState`, run by one `Paginator`):
/// - `appeared` loads page 1 the first time only (per session); later appearances do nothing.
/// - Displaying one of the last ``prefetchDistance`` items requests the next page. Indices
///   outside the photos loaded are ignored.
/// - One request in flight: a second "next page" while one loads is ignored, and no page is
///   requested past `totalPages` or after an empty page.
/// - An error is reported once per failure. Prefetching then pauses (scrolling does not
///   re-request the failing page) until `retry`, which asks for the same page again;
///   `nextPage` and `refresh` also ask again. `retry` without a failure does nothing.
/// - `refresh` starts a new generation: the request in flight is cancelled (its late response
///   is dropped), the photos are cleared, `reloaded` emits, and page 1 is requested.
/// - `itemSelected` emits a ``PhotoDetailViewModel`` over the same photos; when it loads more,
///   this list appends the page and emits its inserted index paths too.
///
/// **Order.** A page's `insertedIndexPaths` (or a failure's `error`) emits before `isLoading`
/// turns `false`, so the rows are in place when the spinner stops, and `hasMore` and `footer`
/// follow `isLoading`; `reloaded` emits as a refresh clears the photos, with `isLoading`
/// `false`, and `isLoading` turns `true` as page 1 is asked for.
///
/// **Threading.** Confined to its scheduler: send inputs on the scheduler's thread (the main
/// thread for `.main`); responses are received on it.
///
/// **Calling `transform` twice** starts a fresh session: the previous session's bindings and
/// request are cancelled, its output goes silent, the photos are cleared, and the next
/// `appeared` loads page 1 again. Detail view models of the previous session keep the photos
/// they show and load no more pages (the same when the list view model is deallocated).
public final class PhotoListViewModel: ViewModelType {
    /// The UI events of the list.
    ///
    /// `Sendable` (a struct of subjects of `Sendable` values): send into it from any thread,
    /// task or actor. A value is delivered on the thread that sends it (hop with
    /// `receive(on:)` where a consumer needs one thread).
    public struct Input: Sendable {
        /// Send when the list appears on screen.
        public let appeared = Subject<Void>()
        /// Send when the user pulls to refresh.
        public let refresh = Subject<Void>()
        /// Send when the item at this index is about to be displayed.
        public let itemDisplayed = Subject<Int>()
        /// Send when the user asks for the next page (for example a "load more" button).
        public let nextPage = Subject<Void>()
        /// Send when the user selects the item at this index.
        public let itemSelected = Subject<Int>()
        /// Send when the user taps "retry" after an error.
        public let retry = Subject<Void>()

        /// Creates the input subjects.
        public init() {}
    }

    /// What the list shows.
    public struct Output {
        /// Emits the index paths (section 0) of the photos each page appended.
        public let insertedIndexPaths: Observable<[IndexPath]>
        /// Emits when a refresh cleared the photos: reload from ``photos`` (inserts follow).
        public let reloaded: Observable<Void>
        /// Emits whether a page is loading (replays; emits on change only).
        public let isLoading: Observable<Bool>
        /// Emits whether the feed was read to its end and held nothing (replays; on change only).
        public let isEmpty: Observable<Bool>
        /// Emits each failure of a page request, once.
        public let error: Observable<UseCaseError>
        /// Emits the detail pager to present when an item is selected.
        public let detail: Observable<PhotoDetailViewModel>
        /// Emits what the "load more" footer shows (replays; emits on change and at each new
        /// failure): hidden, loading while a next page loads, or that page's failure until
        /// `retry`, `nextPage` or `refresh` asks again. Page 1 and a refresh are not the footer's.
        public let footer: Observable<PagingFooter<UseCaseError>>
        /// Emits whether more photos may follow those shown (replays; emits on change only):
        /// `true` until a page ends the feed, and again from a refresh.
        public let hasMore: Observable<Bool>
    }

    /// How close to the end (in items) a displayed item must be to request the next page:
    /// displaying one of the last three items does.
    public static let prefetchDistance = 3

    /// Holds the bindings of the current session.
    public let bag = CancellableBag()
    /// The number of photos asked for per page (at least 1).
    public let pageSize: Int
    /// The loader the cell view models share.
    public let imageLoader: ImageLoader

    private let service: PhotoService
    private let scheduler: any Scheduler
    private var list: Paginator<Photo, UseCaseError, Int>

    /// Creates a feed that loads `pageSize` photos per page (values below 1 count as 1) from
    /// `service` and receives responses on `scheduler`; cells load images through
    /// `imageLoader` (by default a new loader over `service`).
    public init(service: PhotoService, scheduler: any Scheduler, pageSize: Int = 30, imageLoader: ImageLoader? = nil) {
        self.service = service
        self.scheduler = scheduler
        self.pageSize = max(1, pageSize)
        self.imageLoader = imageLoader ?? ImageLoader(service: service, scheduler: scheduler)
        self.list = Paginator(scheduler: scheduler)
    }

    /// The photos loaded in this session, in display order (the data source's items).
    public var photos: [Photo] { list.items }

    /// The photo at `index`, or `nil` when `index` is out of range.
    public func photo(at index: Int) -> Photo? {
        let photos = list.snapshot
        return photos.indices.contains(index) ? photos[index] : nil
    }

    /// A new view model for the cell showing the photo at `index`, or `nil` when out of range.
    public func cellViewModel(at index: Int, imageSize: PhotoImageSize = .small) -> PhotoCellViewModel? {
        photo(at: index).map {
            PhotoCellViewModel(photo: $0, loader: imageLoader, scheduler: scheduler, imageSize: imageSize)
        }
    }

    /// The photos as a detail pager sees them: later pages included, `loadMore` pages this list.
    public var pages: PhotoPages { PhotoPages(list) }

    /// Starts a session: wires `input` to a new output (see the type's documentation).
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let (service, pageSize, scheduler) = (self.service, self.pageSize, self.scheduler)
        // Replacing the list cancels the previous session's request in flight.
        let list = Paginator<Photo, UseCaseError, Int>(
            scheduler: scheduler,
            policy: PagingPolicy(prefetchDistance: Self.prefetchDistance)
        ) { page in
            service.editorialPhotos(page, pageSize).pageResponses(requested: page)
        }
        self.list = list

        input.appeared.first()
            .bind(with: list) { list, _ in list.loadFirstPageIfNeeded() }
            .store(in: bag)
        input.refresh
            .bind(with: list) { list, _ in list.refresh() }
            .store(in: bag)
        input.itemDisplayed
            .bind(with: list) { list, index in list.itemDisplayed(at: index) }
            .store(in: bag)
        input.nextPage
            .bind(with: list) { list, _ in list.loadNextPage() }
            .store(in: bag)
        input.retry
            .bind(with: list) { list, _ in list.retry() }
            .store(in: bag)

        // An event output of this session: silent once the next transform cancels the bag.
        let detail = input.itemSelected
            .withLatestFrom(list.snapshots) { index, photos in photos.indices.contains(index) ? index : nil }
            .compactMap { $0 }
            .map { index in
                PhotoDetailViewModel(pages: PhotoPages(list), selectedIndex: index, service: service, scheduler: scheduler)
            }
            .output(in: bag)

        return Output(
            insertedIndexPaths: list.inserted.map { $0.indexPaths() },
            reloaded: list.didReset,
            isLoading: list.isLoading,
            isEmpty: list.isEmpty,
            error: list.error,
            detail: detail,
            footer: list.footer,
            hasMore: list.hasMore
        )
    }
}

import Foundation
import PhotoDomain
import Signals
import SignalsPaging

/// The full-screen photo pager opened from a list (or from search results): it pages through
/// the same photos as the list, loads more when the last one is reached, and shows the
/// photographer, the position, an info overlay and the photo's details.
///
/// ```swift
/// let detail = PhotoDetailViewModel(pages: pages, selectedIndex: 2, service: service, scheduler: .main)
/// let input = PhotoDetailViewModel.Input()
/// let output = detail.transform(input: input)
/// output.position.bind { label.text = $0 }.store(in: bag)   // "3 / 40"
/// input.pageChanged.send(3)                                 // "4 / 40"
/// ```
///
/// Rules:
/// - The selected index is clamped into the photos loaded at creation (`0` when there are
///   none). A `pageChanged` index outside the photos loaded at that moment is dropped. If the
///   list was refreshed underneath and holds fewer photos when its next page arrives, the
///   current index is clamped to the last photo.
/// - Reaching the last photo (at the start of a session or by a page change) asks the list for
///   its next page; the pages it appends are emitted on `insertedIndexPaths`, and the list sees
///   the same inserts. Errors of that load are reported by the list, not here.
/// - A tap on the image toggles the info overlay (hidden at first).
/// - A pull-down past ``dismissThreshold`` points emits `dismiss` with the current index,
///   exactly once per session.
/// - `infoRequested` loads the current photo's `PhotoDetail`; a newer request,
///   or moving to another photo, cancels the older one, whose late response is dropped.
///
/// The decisions behind these rules live in ``PhotoDetailState``; the view model feeds it
/// events and applies the effects it returns.
///
/// **Threading.** The view model is confined to its scheduler: send inputs on the scheduler's
/// thread (the main thread for `.main`); responses are received on it.
///
/// **Calling `transform` twice** starts a fresh session: the previous session's bindings and
/// request are cancelled, its output goes silent, and the state returns to the selected index
/// with the info overlay hidden and no dismissal yet.
public final class PhotoDetailViewModel: ViewModelType {
    /// The UI events of the detail pager.
    ///
    /// `Sendable` (a struct of subjects of `Sendable` values): send into it from any thread,
    /// task or actor. A value is delivered on the thread that sends it (hop with
    /// `receive(on:)` where a consumer needs one thread).
    public struct Input: Sendable {
        /// Send when the pager settled on the photo at this index.
        public let pageChanged = Subject<Int>()
        /// Send when the user taps the image.
        public let imageTapped = Subject<Void>()
        /// Send while the user pulls the photo down, with the distance pulled in points.
        public let pulledDown = Subject<Double>()
        /// Send when the user asks for the photo's information.
        public let infoRequested = Subject<Void>()

        /// Creates the input subjects.
        public init() {}
    }

    /// What the detail pager shows.
    public struct Output {
        /// Emits the current photographer's name (replays; emits when it changes).
        public let title: Observable<String>
        /// Emits the position as "3 / 40" (replays; emits when the index or the count changes).
        public let position: Observable<String>
        /// Emits the index of the current photo (replays; emits when it changes).
        public let currentIndex: Observable<Int>
        /// Emits whether the info overlay is hidden (replays; starts `true`, toggles on tap).
        public let isInfoHidden: Observable<Bool>
        /// Emits the last index viewed, once, when a pull-down passes the threshold.
        public let dismiss: Observable<Int>
        /// Emits the details of the current photo when an info request succeeds.
        public let photoDetail: Observable<PhotoDetail>
        /// Emits whether an info request is in flight (replays; emits on change only).
        public let isLoadingDetail: Observable<Bool>
        /// Emits each failure of an info request, once.
        public let error: Observable<UseCaseError>
        /// Emits the index paths of photos appended while the pager is open.
        public let insertedIndexPaths: Observable<[IndexPath]>
    }

    /// The pull-down distance, in points, that dismisses the pager once passed.
    public static let dismissThreshold: Double = 200

    /// Holds the bindings of the current session.
    public let bag = CancellableBag()
    /// The index the pager opened at, clamped into the photos loaded at creation.
    public var selectedIndex: Int { state.selectedIndex }
    /// The index of the photo shown now.
    public var currentIndex: Int { state.currentIndex }

    private let pages: PhotoPages
    private let service: PhotoService
    private let scheduler: any Scheduler
    private var state: PhotoDetailState
    private var session: Session?

    /// Creates a pager over `pages` opened at `selectedIndex` (clamped into the photos loaded
    /// now); `service` loads photo details and responses are received on `scheduler`.
    public init(pages: PhotoPages, selectedIndex: Int, service: PhotoService, scheduler: any Scheduler) {
        self.pages = pages
        self.service = service
        self.scheduler = scheduler
        self.state = PhotoDetailState(
            selectedIndex: selectedIndex, photoCount: pages.photos().count, dismissThreshold: Self.dismissThreshold
        )
    }

    /// The photos the pager pages through (the list's photos, including later pages).
    public var photos: [Photo] { pages.photos() }

    /// The photo at `index`, or `nil` when `index` is out of range.
    public func photo(at index: Int) -> Photo? {
        let photos = pages.photos()
        return photos.indices.contains(index) ? photos[index] : nil
    }

    /// Starts a session: wires `input` to a new output (see the type's documentation).
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let session = Session()
        self.session = session
        let (service, scheduler) = (service, scheduler)

        // One event at a time, in order: an input sent from an output's handler is queued by
        // `merge` and handled right after the current one.
        Observable.merge([
            input.pageChanged.map(Event.pageChanged),
            input.imageTapped.map { Event.imageTapped },
            input.pulledDown.map(Event.pulledDown),
            input.infoRequested.map { Event.infoRequested },
            pages.inserted.map(Event.inserted),
        ])
        .bind(with: self) { viewModel, event in viewModel.handle(event) }
        .store(in: bag)

        // Info: the latest request wins. A new request, or moving to another photo, sends `nil`
        // first, which ends the request in flight.
        session.infoRequests
            .flatMapLatest { (id: String?) -> Observable<InfoEvent> in
                guard let id else { return .just(.idle) }
                return service.photoDetail(id)
                    .receive(on: scheduler)
                    .map(InfoEvent.loaded)
                    .prepend(.loading)
                    .endMarked(by: .idle)
            }
            .bind { session.show($0) }
            .store(in: bag)

        let output = Output(
            title: session.title.asObservable(),
            position: session.position.asObservable(),
            currentIndex: session.currentIndex.asObservable(),
            isInfoHidden: session.isInfoHidden.asObservable(),
            dismiss: session.dismiss.asObservable(),
            photoDetail: session.photoDetail.asObservable(),
            isLoadingDetail: session.isLoadingDetail.asObservable(),
            error: session.error.asObservable(),
            insertedIndexPaths: session.insertedIndexPaths.asObservable()
        )
        apply(state.started(photoCount: pages.photos().count))
        return output
    }

    // MARK: - Events and effects

    private func handle(_ event: Event) {
        let count = pages.photos().count
        switch event {
        case .pageChanged(let index): apply(state.pageChanged(to: index, photoCount: count))
        case .imageTapped: apply(state.imageTapped())
        case .pulledDown(let distance): apply(state.pulledDown(distance: distance))
        case .infoRequested: apply(state.infoRequested(photoCount: count))
        case .inserted(let range): apply(state.inserted(range, photoCount: count))
        }
    }

    private func apply(_ effects: [PhotoDetailState.Effect]) {
        guard let session else { return }
        for effect in effects {
            switch effect {
            case .showPhoto(let index, let count):
                session.title.setIfChanged(photo(at: index)?.user.name ?? "")
                session.position.setIfChanged(count == 0 ? "0 / 0" : "\(index + 1) / \(count)")
                session.currentIndex.setIfChanged(index)
            case .showInfo(let hidden): session.isInfoHidden.setIfChanged(hidden)
            case .showInserted(let range): session.insertedIndexPaths.send(range.indexPaths())
            case .dismiss(let index): session.dismiss.send(index)
            case .loadMore: pages.loadMore()
            case .loadInfo(let index): session.infoRequests.send(photo(at: index)?.id)
            case .cancelInfo: session.infoRequests.send(nil)
            }
        }
    }
}

extension PhotoDetailViewModel {
    /// A UI or list event, as the view model handles it.
    private enum Event {
        case pageChanged(Int)
        case imageTapped
        case pulledDown(Double)
        case infoRequested
        case inserted(Range<Int>)
    }

    /// What happens to an info request.
    private enum InfoEvent {
        case loading
        case loaded(Result<PhotoDetail, UseCaseError>)
        /// No request in flight (it ended, or was replaced or cancelled).
        case idle
    }

    /// The outputs of one `transform` session.
    private final class Session {
        let title = Property("")
        let position = Property("0 / 0")
        let currentIndex = Property(0)
        let isInfoHidden = Property(true)
        let dismiss = Subject<Int>()
        let photoDetail = Subject<PhotoDetail>()
        let isLoadingDetail = Property(false)
        let error = Subject<UseCaseError>()
        let insertedIndexPaths = Subject<[IndexPath]>()
        /// The photo whose details to load now, or `nil` for none.
        let infoRequests = Subject<String?>()

        func show(_ event: InfoEvent) {
            switch event {
            case .loading:
                isLoadingDetail.setIfChanged(true)
            case .loaded(let result):
                isLoadingDetail.setIfChanged(false)
                switch result {
                case .success(let detail): photoDetail.send(detail)
                case .failure(let failure): error.send(failure)
                }
            case .idle:
                isLoadingDetail.setIfChanged(false)
            }
        }
    }
}

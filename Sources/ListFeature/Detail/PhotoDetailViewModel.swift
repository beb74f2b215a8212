import Foundation
import PhotoDomain
import Signals

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
/// **Threading.** The view model is confined to its scheduler: send inputs on the scheduler's
/// thread (the main thread for `.main`); responses are received on it.
///
/// **Calling `transform` twice** starts a fresh session: the previous session's bindings and
/// request are cancelled, its output goes silent, and the state returns to the selected index
/// with the info overlay hidden and no dismissal yet.
public final class PhotoDetailViewModel: ViewModelType {
    /// The UI events of the detail pager.
    public struct Input {
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
    public let selectedIndex: Int
    /// The index of the photo shown now.
    public private(set) var currentIndex: Int

    private let pages: PhotoPages
    private let service: PhotoService
    private let scheduler: any Scheduler
    private var session: Session?

    /// Creates a pager over `pages` opened at `selectedIndex` (clamped into the photos loaded
    /// now); `service` loads photo details and responses are received on `scheduler`.
    public init(pages: PhotoPages, selectedIndex: Int, service: PhotoService, scheduler: any Scheduler) {
        self.pages = pages
        self.service = service
        self.scheduler = scheduler
        let count = pages.photos().count
        let clamped = count == 0 ? 0 : min(max(selectedIndex, 0), count - 1)
        self.selectedIndex = clamped
        self.currentIndex = clamped
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
        currentIndex = selectedIndex
        let session = Session()
        self.session = session
        updateLabels()
        let (service, scheduler) = (service, scheduler)

        input.pageChanged
            .bind(with: self) { viewModel, index in viewModel.pageChanged(to: index) }
            .store(in: bag)
        input.imageTapped
            .bind { session.isInfoHidden.value.toggle() }
            .store(in: bag)
        input.pulledDown
            .filter { $0 > Self.dismissThreshold }
            .first()
            .compactMap { [weak self] _ in self?.currentIndex }
            .bind { session.dismiss.send($0) }
            .store(in: bag)
        pages.inserted
            .bind(with: self) { viewModel, range in viewModel.inserted(range) }
            .store(in: bag)

        // Info: the latest request wins. A new request ends the one in flight first, and so
        // does moving to another photo (`nil`: no request).
        Observable.merge([
            input.infoRequested
                .compactMap { [weak self] in self.flatMap { $0.photo(at: $0.currentIndex)?.id } }
                .flatMap { id in Observable<String?>.sequence([nil, id]) },
            session.currentIndex.skip(1).map { _ in nil },
        ])
        .flatMapLatest { (id: String?) -> Observable<InfoEvent> in
            guard let id else { return .just(.idle) }
            return service.photoDetail(id)
                .receive(on: scheduler)
                .map(InfoEvent.loaded)
                .prepend(.loading)
                .append(.idle)
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
        loadMoreIfAtEnd()
        return output
    }

    // MARK: - Events

    private func pageChanged(to index: Int) {
        guard pages.photos().indices.contains(index), index != currentIndex else { return }
        currentIndex = index
        updateLabels()
        loadMoreIfAtEnd()
    }

    private func inserted(_ range: Range<Int>) {
        guard let session else { return }
        // The list may have been refreshed underneath (fewer photos now): stay in range.
        let count = pages.photos().count
        if currentIndex >= count { currentIndex = max(0, count - 1) }
        updateLabels()
        session.insertedIndexPaths.send(range.indexPaths())
    }

    private func loadMoreIfAtEnd() {
        let count = pages.photos().count
        if count > 0, currentIndex == count - 1 { pages.loadMore() }
    }

    private func updateLabels() {
        guard let session else { return }
        let photos = pages.photos()
        let photo = photos.indices.contains(currentIndex) ? photos[currentIndex] : nil
        session.title.update(to: photo?.user.name ?? "")
        session.position.update(to: photos.isEmpty ? "0 / 0" : "\(currentIndex + 1) / \(photos.count)")
        session.currentIndex.update(to: currentIndex)
    }
}

extension PhotoDetailViewModel {
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

        func show(_ event: InfoEvent) {
            switch event {
            case .loading:
                isLoadingDetail.update(to: true)
            case .loaded(let result):
                isLoadingDetail.update(to: false)
                switch result {
                case .success(let detail): photoDetail.send(detail)
                case .failure(let failure): error.send(failure)
                }
            case .idle:
                isLoadingDetail.update(to: false)
            }
        }
    }
}

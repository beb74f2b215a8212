import Foundation
import SignalsPhotoDomain
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
    public let selectedIndex: Int
    /// The index of the photo shown now.
    public var currentIndex: Int { shownIndex.value }

    private let pages: PhotoPages
    private let service: PhotoService
    private let scheduler: any Scheduler
    /// The current session's index.
    private var shownIndex: Property<Int>

    /// Creates a pager over `pages` opened at `selectedIndex` (clamped into the photos loaded
    /// now); `service` loads photo details and responses are received on `scheduler`.
    public init(pages: PhotoPages, selectedIndex: Int, service: PhotoService, scheduler: any Scheduler) {
        self.pages = pages
        self.service = service
        self.scheduler = scheduler
        let count = pages.photos().count
        self.selectedIndex = count == 0 ? 0 : min(max(selectedIndex, 0), count - 1)
        self.shownIndex = Property(self.selectedIndex)
    }

    /// The photos the pager pages through (the list's photos, including later pages).
    public var photos: [Photo] { pages.photos() }

    /// The photo at `index`, or `nil` when `index` is out of range.
    public func photo(at index: Int) -> Photo? { pages.photo(at: index) }

    /// Starts a session: wires `input` to a new output (see the type's documentation).
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let (pages, service, scheduler) = (pages, service, scheduler)
        let start = ShownPhoto(index: selectedIndex, count: pages.photos().count)
        // The index is read by the pipelines below: a property of this session's own. Every
        // other output is its stream bound through the bag (`state(initial:in:)`,
        // `output(in:)`), so the next transform silences it.
        let currentIndex = Property(start.index)
        shownIndex = currentIndex

        // The photo shown: a page change to another photo inside the photos moves there; the
        // list's inserts update the count, and clamp the index into a list refreshed underneath.
        let pageMoves = input.pageChanged
            .filter { index in index != currentIndex.value && pages.photo(at: index) != nil }
            .map { index in ShownPhoto(index: index, count: pages.photos().count) }
            .share()
        let inserts = pages.inserted
            .map { range in
                let shown = ShownPhoto(clamping: currentIndex.value, count: pages.photos().count)
                return (range: range, shown: shown, moved: shown.index != currentIndex.value)
            }
            .share()
        let shown = Observable.merge([pageMoves, inserts.map(\.shown)]).share()
        let title = shown.map { $0.title(in: pages) }.state(initial: start.title(in: pages), in: bag)
        let position = shown.map(\.position).state(initial: start.position, in: bag)
        shown.map(\.index).bind(to: currentIndex).store(in: bag)

        // Info: the latest request wins. A newer request, or moving to another photo, ends the
        // one in flight (`nil`: none), whose late response is dropped.
        let info = Observable.merge([
            input.infoRequested.compactMap { pages.photo(at: currentIndex.value)?.id },
            pageMoves.map { _ in nil },
            inserts.filter(\.moved).map { _ in nil },
        ])
        .flatMapLatest { (id: String?) -> Observable<LoadPhase<PhotoDetail>> in
            guard let id else { return .just(.idle) }
            return service.photoDetail(id).loadPhases(receivingOn: scheduler)
        }
        .share()
        let isLoadingDetail = info.map(\.isLoading).state(initial: false, in: bag)
        let photoDetail = info.compactMap(\.result).successes().output(in: bag)
        let error = info.compactMap(\.result).failures().output(in: bag)

        let insertedIndexPaths = inserts.map { $0.range.indexPaths() }.output(in: bag)
        let isInfoHidden = input.imageTapped.scan(true) { isHidden, _ in !isHidden }.state(initial: true, in: bag)
        let dismiss = input.pulledDown
            .first { $0 > Self.dismissThreshold }
            .map { _ in currentIndex.value }
            .output(in: bag)

        // Reaching the last photo, at the start or by a page change, asks the list for more.
        pageMoves.prepend(start)
            .filter(\.isLast)
            .bind { _ in pages.loadMore() }
            .store(in: bag)

        return Output(
            title: title.removeDuplicates(),
            position: position.removeDuplicates(),
            currentIndex: currentIndex.removeDuplicates(),
            isInfoHidden: isInfoHidden,
            dismiss: dismiss,
            photoDetail: photoDetail,
            isLoadingDetail: isLoadingDetail.removeDuplicates(),
            error: error,
            insertedIndexPaths: insertedIndexPaths
        )
    }
}

/// The photo a pager shows: its index among `count` photos.
private struct ShownPhoto {
    let index: Int
    let count: Int

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `index` clamped into `count` photos (a list refreshed underneath holds fewer).
    init(clamping index: Int, count: Int) {
        self.init(index: index < count ? index : max(0, count - 1), count: count)
    }

    /// "3 / 40", or "0 / 0" without photos.
    var position: String { count == 0 ? "0 / 0" : "\(index + 1) / \(count)" }

    /// Whether this is the last photo.
    var isLast: Bool { count > 0 && index == count - 1 }

    /// The photographer's name, or `""` when the photo is out of range.
    func title(in pages: PhotoPages) -> String { pages.photo(at: index)?.user.name ?? "" }
}

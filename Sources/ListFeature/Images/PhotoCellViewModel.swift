import Foundation
import SignalsPhotoDomain
import Signals

/// The view model of one photo cell: the photographer's name, a placeholder colour, and the
/// image bytes, loaded while the cell is displayed.
///
/// ```swift
/// let cell = PhotoCellViewModel(photo: photo, loader: loader, scheduler: .main)
/// let input = PhotoCellViewModel.Input()
/// cell.transform(input: input).image.bind { imageView.image = $0.flatMap(UIImage.init(data:)) }
/// input.displayed.fire()          // willDisplay
/// input.endedDisplaying.fire()    // didEndDisplaying: cancels a load in flight
/// input.configured.send(other)    // reuse: the old photo's bytes are gone for good
/// ```
///
/// Rules:
/// - The image loads when the cell is displayed (or is configured while displayed) and has no
///   image and no load in flight; stopping being displayed cancels the load in flight (the
///   bytes already shown stay).
/// - Configuring the cell with another photo cancels the load in flight and clears the image
///   at once; a response for the previous photo is never shown, even one already queued on the
///   scheduler. Configuring it with the same photo changes nothing.
/// - A failed load leaves the image `nil`; the next display tries again (failures are not
///   cached). A load that finishes without a result stops loading and shows nothing.
///
/// **Threading.** Confined to its scheduler: send inputs on the scheduler's thread; results
/// are received on it. An input sent from an output's handler is queued and handled right
/// after the current one. **Calling `transform` twice** starts a fresh session: the load in
/// flight is cancelled, the image cleared, the initial photo shown again, and the cell counts
/// as not displayed.
public final class PhotoCellViewModel: ViewModelType {
    /// The UI events of a cell.
    ///
    /// `Sendable` (a struct of subjects of `Sendable` values): send into it from any thread,
    /// task or actor. A value is delivered on the thread that sends it (hop with
    /// `receive(on:)` where a consumer needs one thread).
    public struct Input: Sendable {
        /// Send when the cell is configured (or reused) for a photo.
        public let configured = Subject<Photo>()
        /// Send when the cell is about to be displayed.
        public let displayed = Subject<Void>()
        /// Send when the cell stopped being displayed.
        public let endedDisplaying = Subject<Void>()

        /// Creates the input subjects.
        public init() {}
    }

    /// What a cell shows.
    public struct Output {
        /// Emits the image bytes of the current photo, `nil` until loaded (replays; emits on
        /// change only).
        public let image: Observable<Data?>
        /// Emits whether the image is loading (replays; emits on change only).
        public let isLoading: Observable<Bool>
        /// Emits the current photographer's name (replays; emits on change only).
        public let photographerName: Observable<String>
        /// Emits the current photo's dominant colour as a hex string, for the placeholder
        /// (replays; emits on change only).
        public let placeholderColor: Observable<String?>
    }

    /// Holds the bindings of the current session.
    public let bag = CancellableBag()
    /// The photo the cell shows now, if any.
    public var photo: Photo? { shownPhoto.value }
    /// Which sized image the cell loads.
    public let imageSize: PhotoImageSize

    private let initialPhoto: Photo?
    private let loader: ImageLoader
    private let scheduler: any Scheduler
    /// The current session's photo.
    private var shownPhoto: Property<Photo?>

    /// Creates a cell view model showing `photo` (if given), loading its `imageSize` image
    /// through `loader` and receiving results on `scheduler`.
    public init(photo: Photo? = nil, loader: ImageLoader, scheduler: any Scheduler, imageSize: PhotoImageSize = .small) {
        self.initialPhoto = photo
        self.shownPhoto = Property(photo)
        self.loader = loader
        self.scheduler = scheduler
        self.imageSize = imageSize
    }

    /// Starts a session: wires `input` to a new output (see the type's documentation).
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let (loader, scheduler, imageSize) = (loader, scheduler, imageSize)
        let photo = Property(initialPhoto)
        shownPhoto = photo
        let isDisplayed = Property(false)
        let image = Property<Data?>(nil)
        let isLoading = Property(false)

        // Every input, one at a time and in order: `merge` queues an input sent from an output's
        // handler and delivers it right after the current one. Each event goes to the bindings
        // below in the order they are made.
        let events = Observable.merge([
            input.configured.map(CellEvent.configured),
            input.displayed.map { CellEvent.displayed(true) },
            input.endedDisplaying.map { CellEvent.displayed(false) },
        ])
        .share()

        // Another photo (the same one changes nothing) is shown at once, without the old bytes.
        let otherPhotos = events
            .compactMap { event -> Photo? in
                guard case .configured(let new) = event, new != photo.value else { return nil }
                return new
            }
            .share()
        otherPhotos.map(Optional.some).bind(to: photo).store(in: bag)
        otherPhotos.map { _ in nil }.bind(to: image).store(in: bag)
        let displayedChanges = events.compactMap(\.isDisplayed).share()
        displayedChanges.bind(to: isDisplayed).store(in: bag)

        // The load wanted now, latest wins: a URL starts one, ending the load in flight, whose
        // late result is dropped (even one already queued on the scheduler); `nil` ends it.
        let loads = Observable.merge([
            // Another photo: load it at once if the cell is displayed.
            otherPhotos.map { new in isDisplayed.value ? imageSize.url(in: new.urls) : nil },
            // Displayed: load unless the image is shown or loading.
            displayedChanges.filter { $0 }
                .compactMap { _ -> URL? in
                    guard let shown = photo.value, image.value == nil, !isLoading.value else { return nil }
                    return imageSize.url(in: shown.urls)
                }
                .map(Optional.some),
            // No longer displayed: end the load in flight; the bytes shown stay.
            displayedChanges.filter { !$0 }.map { _ -> URL? in nil },
        ])
        let load = loads
            .flatMapLatest { (url: URL?) -> Observable<LoadPhase<Data>> in
                guard let url else { return .just(.idle) }
                return loader.image(for: url).loadPhases(receivingOn: scheduler)
            }
            .share()
        load.compactMap(\.result).successes().map(Optional.some).bind(to: image).store(in: bag)
        load.map(\.isLoading).bind(to: isLoading).store(in: bag)

        return Output(
            image: image.removeDuplicates(),
            isLoading: isLoading.removeDuplicates(),
            photographerName: photo.map { $0?.user.name ?? "" }.removeDuplicates(),
            placeholderColor: photo.map { $0?.color }.removeDuplicates()
        )
    }
}

/// A UI event of a cell.
private enum CellEvent {
    case configured(Photo)
    /// The cell started (`true`) or stopped (`false`) being displayed.
    case displayed(Bool)

    var isDisplayed: Bool? { if case .displayed(let isDisplayed) = self { isDisplayed } else { nil } }
}

import Foundation
import PhotoDomain
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
///   image yet; stopping being displayed cancels the load in flight (the bytes already shown
///   stay).
/// - Configuring the cell with another photo cancels the load in flight and clears the image
///   at once; a response for the previous photo is never shown, even one already queued on the
///   scheduler. Configuring it with the same photo changes nothing.
/// - A failed load leaves the image `nil`; the next display tries again (failures are not
///   cached).
///
/// **Threading.** Confined to its scheduler: send inputs on the scheduler's thread; results
/// are received on it. **Calling `transform` twice** starts a fresh session: the load in flight
/// is cancelled, the image cleared, and the cell counts as not displayed.
public final class PhotoCellViewModel: ViewModelType {
    /// The UI events of a cell.
    public struct Input {
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
        /// Emits the image bytes of the current photo, `nil` until loaded (replays).
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
    public private(set) var photo: Photo?
    /// Which sized image the cell loads.
    public let imageSize: PhotoImageSize

    private let initialPhoto: Photo?
    private let loader: ImageLoader
    private let scheduler: any Scheduler
    private var session: Session?

    /// Creates a cell view model showing `photo` (if given), loading its `imageSize` image
    /// through `loader` and receiving results on `scheduler`.
    public init(photo: Photo? = nil, loader: ImageLoader, scheduler: any Scheduler, imageSize: PhotoImageSize = .small) {
        self.initialPhoto = photo
        self.photo = photo
        self.loader = loader
        self.scheduler = scheduler
        self.imageSize = imageSize
    }

    /// Starts a session: wires `input` to a new output (see the type's documentation).
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let session = Session()
        self.session = session
        photo = initialPhoto
        showLabels()

        input.configured
            .bind(with: self) { viewModel, photo in viewModel.configure(with: photo) }
            .store(in: bag)
        input.displayed
            .bind(with: self) { viewModel, _ in viewModel.displayed() }
            .store(in: bag)
        input.endedDisplaying
            .bind(with: self) { viewModel, _ in viewModel.endedDisplaying() }
            .store(in: bag)

        // The image to load now, latest wins: a new URL, or `nil`, cancels the load in flight.
        let (loader, scheduler) = (loader, scheduler)
        session.load
            .flatMapLatest { (url: URL?) -> Observable<ImageEvent> in
                guard let url else { return .just(.idle) }
                return loader.image(for: url)
                    .receive(on: scheduler)
                    .map(ImageEvent.loaded)
                    .prepend(.loading)
                    .append(.idle)
            }
            .bind { session.show($0) }
            .store(in: bag)

        return Output(
            image: session.image.asObservable(),
            isLoading: session.isLoading.asObservable(),
            photographerName: session.photographerName.asObservable(),
            placeholderColor: session.placeholderColor.asObservable()
        )
    }

    private func configure(with photo: Photo) {
        guard let session, photo != self.photo else { return }
        self.photo = photo
        session.load.send(nil)
        session.image.update(to: nil)
        showLabels()
        if session.isDisplayed { load(in: session) }
    }

    private func displayed() {
        guard let session else { return }
        session.isDisplayed = true
        if session.image.value == nil, !session.isLoading.value { load(in: session) }
    }

    private func endedDisplaying() {
        guard let session else { return }
        session.isDisplayed = false
        session.load.send(nil)
    }

    private func load(in session: Session) {
        guard let photo else { return }
        session.load.send(imageSize.url(in: photo.urls))
    }

    private func showLabels() {
        guard let session else { return }
        session.photographerName.update(to: photo?.user.name ?? "")
        session.placeholderColor.update(to: photo?.color)
    }
}

extension PhotoCellViewModel {
    /// What happens to an image load.
    private enum ImageEvent {
        case loading
        case loaded(Result<Data, UseCaseError>)
        /// No load in flight (it ended, or was replaced or cancelled).
        case idle
    }

    /// The outputs and display state of one `transform` session.
    private final class Session {
        let image = Property<Data?>(nil)
        let isLoading = Property(false)
        let photographerName = Property("")
        let placeholderColor = Property<String?>(nil)
        /// The image to load now, or `nil` for none.
        let load = Subject<URL?>()
        var isDisplayed = false

        func show(_ event: ImageEvent) {
            switch event {
            case .loading:
                isLoading.update(to: true)
            case .loaded(let result):
                if case .success(let data) = result { image.value = data }
                isLoading.update(to: false)
            case .idle:
                isLoading.update(to: false)
            }
        }
    }
}

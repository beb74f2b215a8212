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

    deinit { session?.request?.cancel() }

    /// Starts a session: wires `input` to a new output (see the type's documentation).
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        session?.request?.cancel()
        let session = Session()
        self.session = session
        photo = initialPhoto
        showLabels()

        input.configured.asObservable()
            .bind { [weak self] photo in self?.configure(with: photo) }
            .store(in: bag)
        input.displayed.asObservable()
            .bind { [weak self] in self?.displayed() }
            .store(in: bag)
        input.endedDisplaying.asObservable()
            .bind { [weak self] in self?.endedDisplaying() }
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
        cancelLoad(in: session)
        if session.image.value != nil { session.image.value = nil }
        showLabels()
        if session.isDisplayed { load(in: session) }
    }

    private func displayed() {
        guard let session else { return }
        session.isDisplayed = true
        if session.image.value == nil, session.request == nil { load(in: session) }
    }

    private func endedDisplaying() {
        guard let session else { return }
        session.isDisplayed = false
        cancelLoad(in: session)
    }

    private func load(in session: Session) {
        guard let photo else { return }
        session.requestID += 1
        let id = session.requestID
        if !session.isLoading.value { session.isLoading.value = true }
        let token = loader.image(for: imageSize.url(in: photo.urls))
            .receive(on: scheduler)
            .bind(
                onValue: { [weak self] result in self?.received(result, for: id) },
                onFinish: { [weak self] in self?.ended(id) }
            )
        // A cached image arrives synchronously on an immediate scheduler: nothing to keep.
        if session.requestID == id, session.isLoading.value { session.request = token }
    }

    private func received(_ result: Result<Data, UseCaseError>, for id: Int) {
        guard let session, session.requestID == id, session.isLoading.value else { return }
        if case .success(let data) = result { session.image.value = data }
        ended(id)
    }

    private func ended(_ id: Int) {
        guard let session, session.requestID == id, session.isLoading.value else { return }
        session.request = nil
        session.isLoading.value = false
    }

    private func cancelLoad(in session: Session) {
        session.requestID += 1
        let abandoned = session.request
        session.request = nil
        abandoned?.cancel()
        if session.isLoading.value { session.isLoading.value = false }
    }

    private func showLabels() {
        guard let session else { return }
        let name = photo?.user.name ?? ""
        if session.photographerName.value != name { session.photographerName.value = name }
        if session.placeholderColor.value != photo?.color { session.placeholderColor.value = photo?.color }
    }
}

extension PhotoCellViewModel {
    /// The outputs, display state and request of one `transform` session.
    private final class Session {
        let image = Property<Data?>(nil)
        let isLoading = Property(false)
        let photographerName = Property("")
        let placeholderColor = Property<String?>(nil)
        var isDisplayed = false
        var requestID = 0
        var request: (any Cancellable)?
    }
}

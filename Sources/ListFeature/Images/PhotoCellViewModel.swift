import Foundation
import PhotoDomain
import Signals
import SignalsPaging

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
/// The decisions behind these rules live in ``PhotoCellState``; the view model feeds it
/// events and each load's outcome, and applies the effects it returns.
///
/// **Threading.** Confined to its scheduler: send inputs on the scheduler's thread; results
/// are received on it. **Calling `transform` twice** starts a fresh session: the load in flight
/// is cancelled, the image cleared, and the cell counts as not displayed.
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
    public var photo: Photo? { state.photo }
    /// Which sized image the cell loads.
    public var imageSize: PhotoImageSize { state.imageSize }

    private let loader: ImageLoader
    private let scheduler: any Scheduler
    private var state: PhotoCellState
    private var session: Session?

    /// Creates a cell view model showing `photo` (if given), loading its `imageSize` image
    /// through `loader` and receiving results on `scheduler`.
    public init(photo: Photo? = nil, loader: ImageLoader, scheduler: any Scheduler, imageSize: PhotoImageSize = .small) {
        self.state = PhotoCellState(photo: photo, imageSize: imageSize)
        self.loader = loader
        self.scheduler = scheduler
    }

    /// Starts a session: wires `input` to a new output (see the type's documentation).
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let session = Session()
        self.session = session
        let (loader, scheduler) = (loader, scheduler)

        // One event at a time, in order: an input sent from an output's handler is queued by
        // `merge` and handled right after the current one.
        Observable.merge([
            input.configured.map(Event.configured),
            input.displayed.map { Event.displayed },
            input.endedDisplaying.map { Event.endedDisplaying },
        ])
        .bind(with: self) { viewModel, event in viewModel.handle(event) }
        .store(in: bag)

        // The image to load now, latest wins: a new URL, or `nil`, cancels the load in flight,
        // whose late result is dropped. Outcomes go to the state as they arrive: only the
        // current load's get through.
        session.loads
            .flatMapLatest { (url: URL?) -> Observable<Event> in
                guard let url else { return .empty }
                return loader.image(for: url)
                    .receive(on: scheduler)
                    .map(Event.loaded)
                    .endMarked(by: .loadEnded)
            }
            .bind(with: self) { viewModel, event in viewModel.handle(event) }
            .store(in: bag)

        apply(state.started())
        return Output(
            image: session.image.asObservable(),
            isLoading: session.isLoading.asObservable(),
            photographerName: session.photographerName.asObservable(),
            placeholderColor: session.placeholderColor.asObservable()
        )
    }

    // MARK: - Events and effects

    private func handle(_ event: Event) {
        switch event {
        case .configured(let photo): apply(state.configured(photo))
        case .displayed: apply(state.displayed())
        case .endedDisplaying: apply(state.endedDisplaying())
        case .loaded(let result): apply(state.loaded(result))
        case .loadEnded: apply(state.loadEnded())
        }
    }

    private func apply(_ effects: [PhotoCellState.Effect]) {
        guard let session else { return }
        for effect in effects {
            switch effect {
            case .showLabels(let photo):
                session.photographerName.setIfChanged(photo?.user.name ?? "")
                session.placeholderColor.setIfChanged(photo?.color)
            case .showImage(let data): session.image.setIfChanged(data)
            case .showLoading(let isLoading): session.isLoading.setIfChanged(isLoading)
            case .load(let url): session.loads.send(url)
            case .cancelLoad: session.loads.send(nil)
            }
        }
    }
}

extension PhotoCellViewModel {
    /// A UI event or a load's outcome, as the view model handles it.
    private enum Event {
        case configured(Photo)
        case displayed
        case endedDisplaying
        case loaded(Result<Data, UseCaseError>)
        /// The load in flight finished.
        case loadEnded
    }

    /// The outputs of one `transform` session.
    private final class Session {
        let image = Property<Data?>(nil)
        let isLoading = Property(false)
        let photographerName = Property("")
        let placeholderColor = Property<String?>(nil)
        /// The image to load now, or `nil` for none.
        let loads = Subject<URL?>()
    }
}

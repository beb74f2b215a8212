// The iOS 13+ owner of a SwiftUI screen's view model, for `@StateObject`: an `ObservableObject`
// beside the iOS 17 `ViewModelOwner`. Compiled where Combine exists; Bridges/ (a separate
// package) compiles this same file against OpenCombine on Linux, with `SIGNALS_OPENCOMBINE`
// defined, and tests it there. Names Combine shares with Signals are written `Signals.Name`.
#if SIGNALS_OPENCOMBINE
import OpenCombine
import Signals
#elseif canImport(Combine)
import Combine
import Signals
#endif

#if SIGNALS_OPENCOMBINE || canImport(Combine)

/// The one owner of a SwiftUI screen's view model, input, output and bag, kept in
/// `@StateObject` (iOS 16 / macOS 13): it makes the view model and calls `transform(input:)`
/// once, the first time the screen reads it.
///
/// ```swift
/// struct SearchScreen: View {
///     @StateObject private var screen = PublishedViewModelOwner(input: SearchViewModel.Input()) {
///         SearchViewModel(repository: repository)
///     }
///
///     var body: some View {
///         VStack {
///             if screen.published(\.isLoading, initial: false).value { ProgressView() }
///             Button("Refresh") { screen.input.refreshTapped.fire() }
///         }
///     }
/// }
/// ```
///
/// A `PublishedValue` kept inside another `ObservableObject` does not re-render the view that
/// observes the outer object: SwiftUI subscribes to the outer object's `objectWillChange` only.
/// The holders ``published(_:initial:file:line:)`` makes are different: the owner sends its own
/// `objectWillChange` before each of their changes, so the screen holding the owner in
/// `@StateObject` re-renders.
///
/// Nothing runs when the owner is created: the factories run on the first read of
/// ``viewModel``, ``input``, ``output``, ``bag`` or ``published(_:initial:file:line:)``, on the main actor
/// (`@StateObject` makes its object once per screen identity). On iOS 17, `ViewModelOwner` in
/// `@State` does the same with Observation.
public final class PublishedViewModelOwner<ViewModel: ViewModelType>: ObservableObject {
    /// Sent before each change of a holder made by ``published(_:initial:file:line:)``.
    public let objectWillChange = ObservableObjectPublisher()

    private var makeSession: (() -> PublishedScreenSession<ViewModel>)?
    private var madeSession: PublishedScreenSession<ViewModel>?
    /// The holders ``published(_:initial:file:line:)`` made, by output key path.
    private var holders: [AnyKeyPath: AnyObject] = [:]
    /// The forwarding bindings of those holders' streams.
    private let forwarding = Signals.CancellableBag()
    /// Set while a holder is made: its first (replayed) value is not a change to announce.
    private var isMakingHolder = false

    /// Creates an owner that will make `input` and the view model, and transform them, on
    /// first use.
    ///
    /// - Parameters:
    ///   - input: The screen's input, made once, just before the view model.
    ///   - viewModel: Makes the view model (or returns the one given to the screen); called once.
    @MainActor
    public init(
        input: @autoclosure @escaping () -> ViewModel.Input,
        viewModel: @escaping () -> ViewModel
    ) {
        makeSession = { PublishedScreenSession(viewModel: viewModel(), input: input()) }
    }

    /// The view model, made (and transformed) on first use.
    @MainActor public var viewModel: ViewModel { session.viewModel }

    /// The input the view sends UI events into; the one `transform(input:)` was given.
    @MainActor public var input: ViewModel.Input { session.input }

    /// The output of the one `transform(input:)` call.
    @MainActor public var output: ViewModel.Output { session.output }

    /// The view model's bag, holding the bindings `transform(input:)` made.
    @MainActor public var bag: Signals.CancellableBag { session.viewModel.bag }

    /// Whether the view model has been made and transformed (by a first read).
    @MainActor public var isTransformed: Bool { madeSession != nil }

    /// A `PublishedValue` of one state output, made the first time it is asked for and the
    /// same holder after that; the owner announces each of its changes.
    ///
    /// ```swift
    /// if screen.published(\.isLoading, initial: false).value { ProgressView() }
    /// ```
    ///
    /// The holder lives, bound, as long as the owner; later calls' `initial` is ignored.
    @MainActor
    public func published<Stream: ObservableConvertible>(
        _ output: KeyPath<ViewModel.Output, Stream>,
        initial: Stream.Value,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PublishedValue<Stream.Value> {
        if let holder = holders[output] as? PublishedValue<Stream.Value> { return holder }
        let stream = self.output[keyPath: output]
        isMakingHolder = true
        defer { isMakingHolder = false }
        // Bound before the holder, so the owner announces a value before the holder takes it.
        stream.bind(with: self, file: file, line: line) { owner, _ in
            if !owner.isMakingHolder { owner.objectWillChange.send() }
        }
        .store(in: forwarding)
        let holder = PublishedValue(stream, initial: initial, file: file, line: line)
        holders[output] = holder
        return holder
    }

    @MainActor
    private var session: PublishedScreenSession<ViewModel> {
        if let madeSession { return madeSession }
        let made = makeSession!()
        makeSession = nil                               // releases what the factories captured
        madeSession = made
        return made
    }
}

/// One screen's session: a view model, the input it was transformed with and the output.
struct PublishedScreenSession<ViewModel: ViewModelType> {
    let viewModel: ViewModel
    let input: ViewModel.Input
    let output: ViewModel.Output

    /// Makes the session: one `transform(input:)` call.
    init(viewModel: ViewModel, input: ViewModel.Input) {
        self.viewModel = viewModel
        self.input = input
        output = viewModel.transform(input: input)
    }
}

#endif

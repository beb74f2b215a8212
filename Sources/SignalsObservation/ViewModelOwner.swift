import Observation
import Signals

/// The one owner of a SwiftUI screen's view model, input, output and bag, kept in `@State`
/// (iOS 17 / macOS 14): it makes the view model and calls `transform(input:)` once, the first
/// time the screen reads it.
///
/// ```swift
/// struct SearchScreen: View {
///     @State private var screen = ViewModelOwner(input: SearchViewModel.Input()) {
///         SearchViewModel(repository: repository)
///     }
///
///     var body: some View {
///         VStack {
///             if screen.observed(\.isLoading, initial: false).value { ProgressView() }
///             Text(screen.observed(\.title, initial: "").value)
///             Button("Refresh") { screen.input.refreshTapped.fire() }
///         }
///     }
/// }
/// ```
///
/// No hand-written screen-model class: the owner holds the session (``viewModel``, ``input``,
/// ``output``, ``bag``) for as long as SwiftUI keeps the screen's state, and the state outputs
/// the body reads are ``ObservedValue``s it makes once per output (``observed(_:initial:file:line:)``).
///
/// Nothing runs when the owner is created. SwiftUI evaluates `@State`'s initial value each time
/// the parent's body makes the view and keeps only the first owner; the others are dropped
/// unread. So neither the factory nor `transform(input:)` runs for them, and a view model the
/// parent passes in (`ViewModelOwner(input: .init()) { viewModel }`) is not transformed again,
/// which would end the live session (a second `transform` cancels the first, by
/// `ViewModelType`'s rule). The factories run on the first read of ``viewModel``,
/// ``input``, ``output``, ``bag`` or ``observed(_:initial:file:line:)``, on the main actor.
///
/// The owner is `Observable` so that `@Bindable` and `@Environment` take it; its own
/// properties never change, so reading them does not make a body depend on them. A view
/// model conforming with `@MainActor ViewModelType` (an isolated conformance) is fine: the
/// owner uses the conformance only on the main actor and asks nothing `Sendable` of it. On
/// iOS 16, use `PublishedViewModelOwner` in `@StateObject`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@MainActor
public final class ViewModelOwner<ViewModel: ViewModelType>: Observation.Observable {
    private var makeSession: (() -> ScreenSession<ViewModel>)?
    private var madeSession: ScreenSession<ViewModel>?
    /// The holders ``observed(_:initial:file:line:)`` made, by output key path.
    private var holders: [AnyKeyPath: AnyObject] = [:]

    /// Creates an owner that will make `input` and the view model, and transform them, on
    /// first use.
    ///
    /// - Parameters:
    ///   - input: The screen's input, made once, just before the view model.
    ///   - viewModel: Makes the view model (or returns the one given to the screen); called once.
    public init(
        input: @autoclosure @escaping () -> ViewModel.Input,
        viewModel: @escaping () -> ViewModel
    ) {
        makeSession = { ScreenSession(viewModel: viewModel(), input: input()) }
    }

    /// The view model, made (and transformed) on first use.
    public var viewModel: ViewModel { session.viewModel }

    /// The input the view sends UI events into; the one `transform(input:)` was given.
    public var input: ViewModel.Input { session.input }

    /// The output of the one `transform(input:)` call.
    public var output: ViewModel.Output { session.output }

    /// The view model's bag, holding the bindings `transform(input:)` made.
    public var bag: CancellableBag { session.viewModel.bag }

    /// Whether the view model has been made and transformed (by a first read).
    public var isTransformed: Bool { madeSession != nil }

    /// An ``ObservedValue`` of one state output, made the first time it is asked for and the
    /// same holder after that, so a body can ask for it on every render.
    ///
    /// ```swift
    /// if screen.observed(\.isLoading, initial: false).value { ProgressView() }
    /// ```
    ///
    /// The holder lives, bound, as long as the owner; later calls' `initial` is ignored.
    public func observed<Stream: ObservableConvertible>(
        _ output: KeyPath<ViewModel.Output, Stream>,
        initial: Stream.Value,
        file: StaticString = #fileID, line: UInt = #line
    ) -> ObservedValue<Stream.Value> {
        if let holder = holders[output] as? ObservedValue<Stream.Value> { return holder }
        let holder = ObservedValue(self.output[keyPath: output], initial: initial, file: file, line: line)
        holders[output] = holder
        return holder
    }

    private var session: ScreenSession<ViewModel> {
        if let madeSession { return madeSession }
        let made = makeSession!()
        makeSession = nil                               // releases what the factories captured
        madeSession = made
        return made
    }
}

/// One screen's session: a view model, the input it was transformed with and the output.
struct ScreenSession<ViewModel: ViewModelType> {
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

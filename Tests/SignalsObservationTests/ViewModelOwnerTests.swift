import Observation
import Signals
import SignalsObservation
import SignalsTesting
import Testing

/// Counts the Observation `onChange` calls it is given (a `@Sendable` closure sets it).
private final class ChangeCounter: @unchecked Sendable {
    // Only touched on the main actor in these tests; `@unchecked` because onChange is @Sendable.
    var count = 0
}

/// A `@MainActor` view model with an isolated conformance, as an app's screen has, that counts
/// its `transform` calls and follows the package's rule for a second one (a new session).
@MainActor
private final class CountingViewModel {
    struct Input {
        let refreshTapped = Subject<Void>()
    }
    struct Output {
        let isLoading: Observable<Bool>
        let refreshes: Observable<Int>
    }

    let bag = CancellableBag()
    private(set) var transformCount = 0
    /// The loading state of the current session, for the test to drive.
    private(set) var isLoading = Property(false)

    func transform(input: Input) -> Output {
        transformCount += 1
        bag.cancelAll()                                  // a second call ends the first session
        let isLoading = Property(false)
        self.isLoading = isLoading
        let refreshes = Property(0)
        input.refreshTapped
            .bind { refreshes.value += 1 }
            .store(in: bag)
        return Output(isLoading: isLoading.asObservable(), refreshes: refreshes.asObservable())
    }
}

// Isolated conformance where the compiler has it (6.2+), checked at run time before.
#if compiler(>=6.2)
extension CountingViewModel: @MainActor ViewModelType {}
#else
extension CountingViewModel: @preconcurrency ViewModelType {}
#endif

/// `ViewModelOwner`: the one owner of a SwiftUI screen's view model, input, output and bag, in
/// `@State`, which transforms once and only when read (SwiftUI drops the owners a parent's
/// re-renders make).
@MainActor
@Suite struct ViewModelOwnerTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func creatingAnOwnerRunsNeitherTheFactoryNorTransform() {
        var made = 0
        let owner = ViewModelOwner(input: CountingViewModel.Input()) {
            made += 1
            return CountingViewModel()
        }
        #expect(made == 0)
        #expect(owner.isTransformed == false)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func theFactoryAndTransformRunOncePerOwnerHoweverOftenItIsRead() {
        var made = 0
        let owner = ViewModelOwner(input: CountingViewModel.Input()) {
            made += 1
            return CountingViewModel()
        }
        let first = owner.viewModel
        _ = owner.output
        _ = owner.input
        _ = owner.bag
        _ = owner.observed(\.isLoading, initial: false)
        #expect(made == 1)
        #expect(owner.viewModel === first)
        #expect(first.transformCount == 1)
        #expect(owner.isTransformed)
    }

    /// iOS 17's trap: `@State`'s initial value is evaluated on every parent render, and a parent
    /// passing its view model in would transform it again, ending the live session.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func anOwnerMadeOnAParentsReRenderDoesNotTransformTheInjectedViewModelAgain() {
        let injected = CountingViewModel()
        var made = 0
        func render() -> ViewModelOwner<CountingViewModel> {
            ViewModelOwner(input: .init()) {
                made += 1
                return injected
            }
        }
        let kept = render()                              // the first render: SwiftUI keeps it
        let refreshes = Recorder(kept.output.refreshes)
        kept.input.refreshTapped.fire()
        let dropped = render()                           // a re-render: made, then dropped
        _ = dropped
        kept.input.refreshTapped.fire()
        #expect(injected.transformCount == 1)
        #expect(made == 1)
        #expect(refreshes.values == [0, 1, 2])           // the live session still runs
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func theInputIsTheOneTransformWasGiven() {
        let owner = ViewModelOwner(input: CountingViewModel.Input()) { CountingViewModel() }
        let refreshes = Recorder(owner.output.refreshes)
        owner.input.refreshTapped.fire()
        owner.input.refreshTapped.fire()
        #expect(refreshes.values == [0, 1, 2])
        #expect(owner.bag === owner.viewModel.bag)
        #expect(owner.bag.count == 1)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func observedGivesTheSameHolderForAnOutputOnEveryCall() {
        let owner = ViewModelOwner(input: CountingViewModel.Input()) { CountingViewModel() }
        let first = owner.observed(\.isLoading, initial: false)
        let second = owner.observed(\.isLoading, initial: true)
        #expect(first === second)
        #expect(second.value == false)                   // the replayed value, not `initial`
        let refreshes = owner.observed(\.refreshes, initial: -1)
        #expect(refreshes.value == 0)
    }

    /// What iOS 16's nested `ObservableObject`s cannot do, Observation does: a body that reads
    /// a holder the owner keeps depends on that holder, so the view re-renders on its change.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func aBodyReadingAnOutputThroughTheOwnerIsToldOfItsChange() {
        let owner = ViewModelOwner(input: CountingViewModel.Input()) { CountingViewModel() }
        let changes = ChangeCounter()
        let shown = withObservationTracking {
            owner.observed(\.isLoading, initial: false).value   // as a body reads it
        } onChange: {
            changes.count += 1
        }
        #expect(shown == false)
        owner.viewModel.isLoading.value = true
        #expect(changes.count == 1)
        #expect(owner.observed(\.isLoading, initial: false).value == true)
    }

    /// Reading the owner's session does not make a body depend on the owner itself: the owner
    /// never changes, so the lazy first read inside a body re-renders nothing.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func readingTheSessionInsideABodyTracksNothing() {
        let owner = ViewModelOwner(input: CountingViewModel.Input()) { CountingViewModel() }
        let changes = ChangeCounter()
        withObservationTracking {
            _ = owner.output
            _ = owner.input
            _ = owner.viewModel
        } onChange: {
            changes.count += 1
        }
        owner.input.refreshTapped.fire()
        owner.viewModel.isLoading.value = true           // not read through a holder above
        #expect(changes.count == 0)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func releasingTheOwnerReleasesTheViewModelAndItsHolders() {
        weak var weakOwner: ViewModelOwner<CountingViewModel>?
        weak var weakViewModel: CountingViewModel?
        weak var weakHolder: ObservedValue<Bool>?
        do {
            let owner = ViewModelOwner(input: CountingViewModel.Input()) { CountingViewModel() }
            weakOwner = owner
            weakViewModel = owner.viewModel
            weakHolder = owner.observed(\.isLoading, initial: false)
            owner.input.refreshTapped.fire()
        }
        #expect(weakOwner == nil)
        #expect(weakViewModel == nil)
        #expect(weakHolder == nil)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func anOwnerNeverReadReleasesWhatItsFactoryCaptured() {
        weak var weakViewModel: CountingViewModel?
        do {
            let injected = CountingViewModel()
            weakViewModel = injected
            let owner = ViewModelOwner(input: .init()) { injected }
            _ = owner
        }
        #expect(weakViewModel == nil)
    }
}

#if SIGNALS_OPENCOMBINE
import OpenCombine
import OpenCombineBridges
import Signals
import SignalsTesting
import Testing

/// A view model that counts its `transform` calls.
private final class LoadingViewModel: ViewModelType {
    struct Input { let refreshTapped = Subject<Void>() }
    struct Output { let isLoading: Observable<Bool> }

    let bag = CancellableBag()
    private(set) var transformCount = 0

    func transform(input: Input) -> Output {
        transformCount += 1
        bag.cancelAll()
        let isLoading = Property(false)
        input.refreshTapped.bind { isLoading.value.toggle() }.store(in: bag)
        return Output(isLoading: isLoading.asObservable())
    }
}

/// `PublishedViewModelOwner`: a screen's view model, input and output in one `ObservableObject`
/// (SwiftUI's `@StateObject` before iOS 17).
@MainActor
@Suite struct PublishedViewModelOwnerTests {
    @Test func theFactoryAndTransformRunOnceAndOnlyWhenRead() {
        var made = 0
        let owner = PublishedViewModelOwner(input: LoadingViewModel.Input()) {
            made += 1
            return LoadingViewModel()
        }
        #expect(made == 0)
        _ = owner.output
        _ = owner.input
        _ = owner.published(\.isLoading, initial: false)
        #expect(made == 1)
        #expect(owner.viewModel.transformCount == 1)
    }

    /// A `PublishedValue` nested in an `ObservableObject` does not announce itself through it;
    /// the owner's holders do, before each change, and not for the value they start with.
    @Test func theOwnerAnnouncesEachChangeOfItsHoldersBeforeItHappens() {
        let owner = PublishedViewModelOwner(input: LoadingViewModel.Input()) { LoadingViewModel() }
        var log: [String] = []
        let cancellable = owner.objectWillChange.sink {
            log.append("will change from \(owner.published(\.isLoading, initial: false).value)")
        }
        let isLoading = owner.published(\.isLoading, initial: false)
        #expect(log == [])                                   // making the holder is no change
        owner.input.refreshTapped.fire()
        owner.input.refreshTapped.fire()
        log.append("now \(isLoading.value)")
        #expect(log == ["will change from false", "will change from true", "now false"])
        cancellable.cancel()
    }

    @Test func releasingTheOwnerReleasesTheViewModel() {
        weak var weakOwner: PublishedViewModelOwner<LoadingViewModel>?
        weak var weakViewModel: LoadingViewModel?
        do {
            let owner = PublishedViewModelOwner(input: LoadingViewModel.Input()) { LoadingViewModel() }
            weakOwner = owner
            weakViewModel = owner.viewModel
            _ = owner.published(\.isLoading, initial: false)
        }
        #expect(weakOwner == nil)
        #expect(weakViewModel == nil)
    }
}
#endif

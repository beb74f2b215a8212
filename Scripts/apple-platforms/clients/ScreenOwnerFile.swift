// One owner per SwiftUI screen (DocC "SwiftUI Screens" in SignalsObservation): a `@MainActor`
// view model with an isolated conformance, shown by an iOS 16 screen that keeps a
// `PublishedViewModelOwner` in `@StateObject` and by an iOS 17 screen that keeps a
// `ViewModelOwner` in `@State`, with no hand-written screen-model class. Both screens can
// also be given the parent's view model, the case the owners' laziness is for.
// Type-checked for each Apple platform by Scripts/check-apple-platforms.sh.
import SwiftUI
import Signals
import SignalsObservation
import struct Signals.Observable
import class Signals.Subject
import protocol Signals.Cancellable
import class Signals.AnyCancellable
import protocol Signals.Scheduler

@MainActor
final class FeedViewModel {
    struct Input {
        let refreshTapped = Subject<Void>()
        let queryChanged = Subject<String>()
    }
    struct Output {
        let isLoading: Observable<Bool>
        let title: Observable<String>
    }

    let bag = CancellableBag()

    func transform(input: Input) -> Output {
        bag.cancelAll()
        let isLoading = Property(false)
        let title = Property("Feed")
        input.refreshTapped
            .bind { isLoading.value = true }
            .store(in: bag)
        input.queryChanged
            .bind { title.value = "Results for \($0)" }
            .store(in: bag)
        return Output(isLoading: isLoading.asObservable(), title: title.asObservable())
    }
}

// Isolated conformance where the compiler has it (6.2+), checked at run time before.
#if compiler(>=6.2)
extension FeedViewModel: @MainActor ViewModelType {}
#else
extension FeedViewModel: @preconcurrency ViewModelType {}
#endif

/// iOS 16: the owner in `@StateObject`; the screen reads state through `published(_:initial:)`,
/// whose changes the owner announces (a nested `PublishedValue` alone would not re-render it).
struct FeedScreen16: View {
    @StateObject private var screen: PublishedViewModelOwner<FeedViewModel>

    init() {
        _screen = StateObject(wrappedValue: PublishedViewModelOwner(input: FeedViewModel.Input()) {
            FeedViewModel()
        })
    }

    /// The parent's view model: `@StateObject` evaluates its autoclosure once per identity.
    init(viewModel: FeedViewModel) {
        _screen = StateObject(wrappedValue: PublishedViewModelOwner(input: .init()) { viewModel })
    }

    var body: some View {
        VStack {
            Text(screen.published(\.title, initial: "").value)
            if screen.published(\.isLoading, initial: false).value {
                ProgressView()
            }
            Button("Refresh") { screen.input.refreshTapped.fire() }
        }
    }
}

/// iOS 17: the owner in `@State`; made again on each parent render and dropped, unread, so the
/// view model is made and transformed once.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
struct FeedScreen17: View {
    @State private var screen = ViewModelOwner(input: FeedViewModel.Input()) { FeedViewModel() }

    init() {}

    /// The parent's view model: transformed only by the owner SwiftUI keeps.
    init(viewModel: FeedViewModel) {
        _screen = State(initialValue: ViewModelOwner(input: .init()) { viewModel })
    }

    var body: some View {
        VStack {
            Text(screen.observed(\.title, initial: "").value)
            if screen.observed(\.isLoading, initial: false).value {
                ProgressView()
            }
            Button("Refresh") { screen.input.refreshTapped.fire() }
            Button("Search cats") { screen.input.queryChanged.send("cats") }
        }
    }
}

// A SwiftUI file as an app writes it once SignalsNames.swift is in its module: SwiftUI (which
// re-exports Combine and Observation), Combine and Signals imported side by side, `@Observable`
// and Signals' names unqualified, and the bridges: `Property.binding`, `PublishedValue` (iOS 16),
// `ObservedValue` (iOS 17), `Publisher.asObservable()`, `asPublisher()`,
// `NotificationCenter.observable(for:)` and `Observable(elements:)`.
import Combine
import Foundation
import Observation
import Signals
import SignalsFoundation
import SignalsObservation
import SwiftUI

/// A view model in the input/output style, with every shared name unqualified.
@MainActor
final class SearchViewModel: @MainActor ViewModelType {
    struct Input {
        let queryChanged = Subject<String>()
    }
    struct Output {
        let results: Observable<[String]>
        let isLoading: Observable<Bool>
    }

    let bag = CancellableBag()
    private let scheduler: any Scheduler
    private var cleanup: (any Cancellable)?

    init(scheduler: some Scheduler = .main) {
        self.scheduler = scheduler
    }

    func transform(input: Input) -> Output {
        let isLoading = Property(false)
        let results = input.queryChanged
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .map { [$0] }
        cleanup = AnyCancellable { isLoading.value = false }
        return Output(results: results, isLoading: isLoading.asObservable())
    }
}

/// iOS 17: an `@Observable` model in the same file as Signals' `Observable`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
final class SearchScreenModel {
    var draft = ""
    let query = Property("")
    let results: ObservedValue<[String]>
    @ObservationIgnored private let input = SearchViewModel.Input()
    @ObservationIgnored private let viewModel = SearchViewModel()

    init() {
        let output = viewModel.transform(input: input)
        results = output.results.observed(initial: [])
        query.bind(to: input.queryChanged).store(in: viewModel.bag)
        Observable.observing(self, \.draft)
            .bind(to: input.queryChanged)
            .store(in: viewModel.bag)
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
struct SearchScreen: View {
    @State private var model = SearchScreenModel()

    var body: some View {
        VStack {
            TextField("Search", text: model.query.binding)
            Text(model.results.value.joined(separator: ", "))
        }
    }
}

/// iOS 16: the same screen through `ObservableObject`, and the Combine and Foundation bridges.
final class LegacySettings: ObservableObject {
    @Published var isEnabled = true
}

struct LegacySearchScreen: View {
    @StateObject private var isLoading: PublishedValue<Bool>
    private let query = Property("")
    private let bag = CancellableBag()
    private var combineTokens = Set<Combine.AnyCancellable>()

    init(settings: LegacySettings, output: SearchViewModel.Output) {
        _isLoading = StateObject(wrappedValue: PublishedValue(output.isLoading, initial: false))
        let enabled: Observable<Bool> = settings.$isEnabled.asObservable()
        let activations: Observable<Notification> = NotificationCenter.default
            .observable(for: Notification.Name("AppDidBecomeActive"))
        enabled.combineLatest(activations.map { _ in () }.prepend(())) { isEnabled, _ in isEnabled }
            .bind { print("enabled:", $0) }
            .store(in: bag)
        let lines = AsyncStream<String> { $0.finish() }.map { $0.uppercased() }
        Observable(elements: lines).bind { print($0) }.store(in: bag)
        query.asPublisher()
            .sink { print("query:", $0) }
            .store(in: &combineTokens)
        let immediate: ImmediateScheduler = .immediate
        _ = immediate
    }

    var body: some View {
        VStack {
            TextField("Search", text: query.binding)
            if isLoading.value {
                ProgressView()
            } else {
                Text("Ready")
            }
        }
    }
}

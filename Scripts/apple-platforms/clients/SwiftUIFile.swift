// A client file as an app writes it: it imports SwiftUI (which re-exports Combine, and
// Observation from iOS 17) beside Signals, whose `Subject`, `Cancellable`, `AnyCancellable`,
// `Scheduler` and `Observable` share those frameworks' names. The scoped imports below make
// the file's unqualified names mean Signals' (README "Platforms" and the DocC article
// "Getting Started", section "Using Signals beside SwiftUI and Combine"); Combine's stay
// reachable as `Combine.Name`.
// Type-checked for each Apple platform by Scripts/check-apple-platforms.sh.
import SwiftUI
import Signals
import struct Signals.Observable
import class Signals.Subject
import protocol Signals.Cancellable
import class Signals.AnyCancellable
import protocol Signals.Scheduler

// The Getting Started example, as written in the article.
@MainActor
func gettingStarted() {
    let query = Subject<String>()
    let isLoading = Property(false)
    let bag = CancellableBag()

    query
        .map { $0.lowercased() }
        .filter { !$0.isEmpty }
        .removeDuplicates()
        .bind { print("search for", $0) }
        .store(in: bag)

    isLoading
        .bind { print("loading:", $0) }
        .store(in: bag)

    query.send("Cats")
    isLoading.value = true
}

// An input/output view model with the colliding names used unqualified.
@MainActor
final class SearchModel: @MainActor ViewModelType {
    struct Input {
        let queryChanged = Subject<String>()
    }
    struct Output {
        let results: Observable<[String]>
        let isLoading: Observable<Bool>
    }

    let bag = CancellableBag()
    private let scheduler: any Scheduler
    private var token: (any Cancellable)?

    init(scheduler: some Scheduler = .main) {
        self.scheduler = scheduler
    }

    func transform(input: Input) -> Output {
        let loading = Property(false)
        let results = input.queryChanged
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .map { query in [query] }
        token = AnyCancellable { loading.value = false }
        return Output(results: results, isLoading: loading.asObservable())
    }
}

// Combine's types stay usable, qualified, in the same file.
final class LegacyBridge: ObservableObject {
    @Published var text = ""
    var combineTokens = Set<Combine.AnyCancellable>()
}

struct SearchView: View {
    let model: SearchModel

    var body: some View {
        VStack {
            Text("Search")
            Button("Cancel") { print(model.bag.count) }
        }
    }
}

import PhotoData
import PhotoDomain
import SearchFeature
import Signals
import SignalsVirtualTime

/// A scripted search session on virtual time: what the Demo prints.
@MainActor
public enum Session {
    /// The lines of a session that types "sea", then "sun".
    public static func run() -> [String] {
        let scheduler = TestScheduler()
        let store = PhotoStore(photos: [Photo(id: 1, title: "sea"), Photo(id: 2, title: "sun"), Photo(id: 3, title: "seal")])
        let viewModel = SearchViewModel(store: store, scheduler: scheduler)
        let input = SearchViewModel.Input()
        let output = viewModel.transform(input: input)
        var lines: [String] = []
        output.results.bind { lines.append($0.map(\.title).joined(separator: ", ")) }.store(in: viewModel.bag)
        input.query.send("sea")
        scheduler.advance(by: .milliseconds(300))
        input.query.send("sun")
        scheduler.advance(by: .milliseconds(300))
        return lines
    }
}

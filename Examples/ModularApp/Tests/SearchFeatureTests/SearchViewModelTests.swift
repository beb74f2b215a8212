import PhotoData
import PhotoDomain
import SearchFeature
import Signals
import SignalsTesting
import Testing

/// The app's own SearchFeature module, tested with SignalsTesting beside Signals' targets.
@MainActor
@Suite struct SearchViewModelTests {
    let store = PhotoStore(photos: [Photo(id: 1, title: "sea"), Photo(id: 2, title: "sun"), Photo(id: 3, title: "seal")])

    @Test func aQueryIsSearchedOnceTheTypingPauses() {
        let scheduler = TestScheduler()
        let viewModel = SearchViewModel(store: store, scheduler: scheduler)
        let input = SearchViewModel.Input()
        let results = Recorder(viewModel.transform(input: input).results.map { $0.map(\.id) })
        input.query.send("se")
        input.query.send("sea")
        scheduler.advance(by: .milliseconds(299))
        #expect(results.values == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(results.values == [[1, 3]])
    }

    @Test func theViewModelIsReleasedWithItsScreen() {
        weak var released: SearchViewModel?
        do {
            let viewModel = SearchViewModel(store: store, scheduler: TestScheduler())
            _ = viewModel.transform(input: SearchViewModel.Input())
            released = viewModel
        }
        #expect(released == nil)
    }
}

import ListFeature
import PhotoData
import PhotoDomain
import Signals
import SignalsTesting
import Testing

/// The app's own ListFeature module, paging with SignalsPaging.
@MainActor
@Suite struct PhotoListViewModelTests {
    @Test func theNextPageLoadsWhenARowNearTheEndIsDisplayed() {
        let scheduler = TestScheduler()
        let photos = (1...7).map { Photo(id: $0, title: "photo \($0)") }
        let viewModel = PhotoListViewModel(store: PhotoStore(photos: photos), scheduler: scheduler)
        let input = PhotoListViewModel.Input()
        let inserted = Recorder(viewModel.transform(input: input).insertedRows)
        input.appeared.fire()
        scheduler.run()
        input.rowDisplayed.send(2)
        scheduler.run()
        #expect(inserted.values == [0..<3, 3..<6])
        #expect(viewModel.photos.map(\.id) == [1, 2, 3, 4, 5, 6])
    }
}

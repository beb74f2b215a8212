import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsTesting
import Testing

/// Each view model, and the loader, is built in a scope with a request in flight and held
/// weakly: when its owner lets go it is deallocated and its requests are cancelled. The inputs
/// (held by the view) and output recorders outlive it on purpose: they must not keep it alive.
@Suite struct LeakTests {
    @Test func theListViewModelIsReleasedWithAPageInFlightAndCancelsIt() {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let input = PhotoListViewModel.Input()
        var recorders: [Recorder<Bool>] = []
        weak var weakViewModel: PhotoListViewModel?
        do {
            let viewModel = PhotoListViewModel(service: fake.service, scheduler: scheduler)
            weakViewModel = viewModel
            recorders.append(Recorder(viewModel.transform(input: input).isLoading))
            input.appeared.fire()
            #expect(fake.pendingPages == [1])
        }
        #expect(weakViewModel == nil)
        #expect(fake.cancelledPages == [1])
        #expect(input.appeared.bindingCount == 0)
        #expect(recorders[0].values == [false, true])
    }

    @Test func theListAndTheDetailItPresentedAreReleasedTogether() throws {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let input = PhotoListViewModel.Input()
        let detailInput = PhotoDetailViewModel.Input()
        weak var weakList: PhotoListViewModel?
        weak var weakDetail: PhotoDetailViewModel?
        do {
            let list = PhotoListViewModel(service: fake.service, scheduler: scheduler)
            weakList = list
            let details = Recorder(list.transform(input: input).detail)
            input.appeared.fire()
            fake.respond(page: 1, ids: Array(1...30), totalPages: 3)
            scheduler.advance()
            input.itemSelected.send(29)
            let detail = try #require(details.values.first)
            weakDetail = detail
            _ = detail.transform(input: detailInput)
            detailInput.infoRequested.fire()
            #expect(fake.pendingPages == [2])
            #expect(fake.details.pendingRequests == ["p30"])
        }
        #expect(weakList == nil)
        #expect(weakDetail == nil)
        #expect(fake.cancelledPages == [2])
        #expect(fake.details.cancelledRequests == ["p30"])
        #expect(detailInput.infoRequested.bindingCount == 0)
    }

    @Test func theDetailViewModelIsReleasedWithAnInfoRequestInFlightAndCancelsIt() {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let photos = (1...5).map(makePhoto)
        let inserted = Subject<Range<Int>>()
        let pages = PhotoPages(photos: { photos }, inserted: inserted.asObservable(), loadMore: {})
        let input = PhotoDetailViewModel.Input()
        weak var weakViewModel: PhotoDetailViewModel?
        do {
            let viewModel = PhotoDetailViewModel(pages: pages, selectedIndex: 1, service: fake.service, scheduler: scheduler)
            weakViewModel = viewModel
            _ = viewModel.transform(input: input)
            input.infoRequested.fire()
        }
        #expect(weakViewModel == nil)
        #expect(fake.details.cancelledRequests == ["p2"])
        #expect(inserted.bindingCount == 0)
    }

    @Test func theCellViewModelIsReleasedWithAnImageLoadInFlightAndCancelsIt() {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let loader = ImageLoader(service: fake.service, scheduler: scheduler)
        let input = PhotoCellViewModel.Input()
        weak var weakViewModel: PhotoCellViewModel?
        do {
            let viewModel = PhotoCellViewModel(photo: makePhoto(1), loader: loader, scheduler: scheduler)
            weakViewModel = viewModel
            _ = viewModel.transform(input: input)
            input.displayed.fire()
            #expect(fake.images.pendingRequests == [makePhoto(1).urls.small])
        }
        #expect(weakViewModel == nil)
        #expect(fake.images.cancelledRequests == [makePhoto(1).urls.small])
    }

    @Test func theLoaderIsReleasedWithTheLastCellThatUsesItAndCancelsItsDownload() {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let input = PhotoCellViewModel.Input()
        weak var weakLoader: ImageLoader?
        var cell: PhotoCellViewModel?
        do {
            let loader = ImageLoader(service: fake.service, scheduler: scheduler)
            weakLoader = loader
            cell = PhotoCellViewModel(photo: makePhoto(1), loader: loader, scheduler: scheduler)
            _ = cell?.transform(input: input)
            input.displayed.fire()
        }
        #expect(weakLoader != nil)   // the cell needs its loader
        cell = nil
        #expect(weakLoader == nil)
        #expect(fake.images.cancelledRequests == [makePhoto(1).urls.small])
    }
}

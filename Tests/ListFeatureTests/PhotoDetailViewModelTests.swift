import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsPaging
import SignalsTesting
import Testing

/// A detail pager opened over a list that already holds `loaded` photos (of `totalPages` pages).
private final class DetailHarness {
    let fake = FakePhotoService()
    let scheduler = TestScheduler()
    let list: Paginator<Photo, UseCaseError, Int>
    let viewModel: PhotoDetailViewModel
    let input = PhotoDetailViewModel.Input()
    let output: PhotoDetailViewModel.Output
    let title: Recorder<String>
    let position: Recorder<String>
    let currentIndex: Recorder<Int>
    let isInfoHidden: Recorder<Bool>
    let dismiss: Recorder<Int>
    let photoDetail: Recorder<PhotoDetail>
    let isLoadingDetail: Recorder<Bool>
    let errors: Recorder<UseCaseError>
    let inserted: Recorder<[IndexPath]>

    init(loaded: Int = 40, totalPages: Int = 3, selectedIndex: Int = 2) {
        let fake = fake
        list = Paginator(scheduler: scheduler) { page in fake.service.editorialPhotos(page, loaded).pageResponses(requested: page) }
        list.loadNextPage()
        fake.respond(page: 1, ids: (0..<loaded).map { $0 + 1 }, totalPages: totalPages)
        scheduler.advance()
        viewModel = PhotoDetailViewModel(
            pages: PhotoPages(list), selectedIndex: selectedIndex, service: fake.service, scheduler: scheduler
        )
        output = viewModel.transform(input: input)
        title = Recorder(output.title)
        position = Recorder(output.position)
        currentIndex = Recorder(output.currentIndex)
        isInfoHidden = Recorder(output.isInfoHidden)
        dismiss = Recorder(output.dismiss)
        photoDetail = Recorder(output.photoDetail)
        isLoadingDetail = Recorder(output.isLoadingDetail)
        errors = Recorder(output.error)
        inserted = Recorder(output.insertedIndexPaths)
    }
}

private func detail(of number: Int) -> PhotoDetail {
    PhotoDetail(photo: makePhoto(number), views: number * 10)
}

@Suite struct PhotoDetailViewModelTests {
    @Test func itOpensAtTheSelectedPhotoWithItsPhotographerAndPosition() {
        let harness = DetailHarness(selectedIndex: 2)
        #expect(harness.title.values == ["Photographer 3"])
        #expect(harness.position.values == ["3 / 40"])
        #expect(harness.currentIndex.values == [2])
        #expect(harness.isInfoHidden.values == [true])
        #expect(harness.viewModel.selectedIndex == 2)
    }

    @Test func changingPageUpdatesTitleAndPosition() {
        let harness = DetailHarness(selectedIndex: 2)
        harness.input.pageChanged.send(3)
        harness.input.pageChanged.send(3)
        harness.input.pageChanged.send(0)
        #expect(harness.title.values == ["Photographer 3", "Photographer 4", "Photographer 1"])
        #expect(harness.position.values == ["3 / 40", "4 / 40", "1 / 40"])
        #expect(harness.currentIndex.values == [2, 3, 0])
        #expect(harness.viewModel.currentIndex == 0)
    }

    @Test func anOutOfRangeSelectedIndexIsClampedIntoThePhotos() {
        let high = DetailHarness(loaded: 5, selectedIndex: 99)
        #expect(high.viewModel.selectedIndex == 4)
        #expect(high.position.values == ["5 / 5"])
        let low = DetailHarness(loaded: 5, selectedIndex: -3)
        #expect(low.viewModel.selectedIndex == 0)
        #expect(low.title.values == ["Photographer 1"])
    }

    @Test func aPagerOverNoPhotosShowsZeroOfZero() {
        let harness = DetailHarness(loaded: 0, totalPages: 1, selectedIndex: 3)
        #expect(harness.viewModel.selectedIndex == 0)
        #expect(harness.position.values == ["0 / 0"])
        #expect(harness.title.values == [""])
        harness.input.infoRequested.fire()
        harness.input.pageChanged.send(0)
        #expect(harness.fake.details.requests == [])
        #expect(harness.currentIndex.values == [0])
    }

    @Test func anOutOfRangePageChangeIsDropped() {
        let harness = DetailHarness(loaded: 5, selectedIndex: 1)
        harness.input.pageChanged.send(5)
        harness.input.pageChanged.send(-1)
        #expect(harness.currentIndex.values == [1])
        #expect(harness.position.values == ["2 / 5"])
        #expect(harness.fake.requestedPages == [1])
    }

    @Test func reachingTheLastPhotoLoadsMoreAndEmitsTheInserts() {
        let harness = DetailHarness(loaded: 40, totalPages: 3, selectedIndex: 37)
        harness.input.pageChanged.send(38)
        #expect(harness.fake.requestedPages == [1])
        harness.input.pageChanged.send(39)
        harness.input.pageChanged.send(38)
        harness.input.pageChanged.send(39)
        #expect(harness.fake.requestedPages == [1, 2])
        harness.fake.respond(page: 2, ids: Array(41...80), totalPages: 3)
        harness.scheduler.advance()
        #expect(harness.inserted.values == [paths(40..<80)])
        #expect(harness.position.values == ["38 / 40", "39 / 40", "40 / 40", "39 / 40", "40 / 40", "40 / 80"])
        #expect(harness.viewModel.photos.count == 80)
    }

    @Test func openingAtTheLastPhotoLoadsMoreAtOnce() {
        let harness = DetailHarness(loaded: 10, totalPages: 2, selectedIndex: 9)
        #expect(harness.fake.pendingPages == [2])
    }

    @Test func tappingTheImageTogglesTheInfoOverlay() {
        let harness = DetailHarness()
        harness.input.imageTapped.fire()
        harness.input.imageTapped.fire()
        harness.input.imageTapped.fire()
        #expect(harness.isInfoHidden.values == [true, false, true, false])
    }

    @Test func pullingDownPastTwoHundredPointsDismissesOnceWithTheLastIndex() {
        let harness = DetailHarness(selectedIndex: 2)
        harness.input.pageChanged.send(5)
        harness.input.pulledDown.send(50)
        harness.input.pulledDown.send(200)
        #expect(harness.dismiss.values == [])
        harness.input.pulledDown.send(200.5)
        harness.input.pulledDown.send(260)
        harness.input.pulledDown.send(400)
        #expect(harness.dismiss.values == [5])
    }

    @Test func infoRequestedLoadsTheCurrentPhotosDetail() {
        let harness = DetailHarness(selectedIndex: 2)
        harness.input.infoRequested.fire()
        #expect(harness.fake.details.pendingRequests == ["p3"])
        harness.fake.details.respond(with: .success(detail(of: 3)))
        #expect(harness.photoDetail.values == [])
        harness.scheduler.advance()
        #expect(harness.photoDetail.values == [detail(of: 3)])
        #expect(harness.isLoadingDetail.values == [false, true, false])
    }

    @Test func aFailedInfoRequestIsReportedOnce() {
        let harness = DetailHarness(selectedIndex: 2)
        harness.input.infoRequested.fire()
        harness.fake.details.respond(with: .failure(.notFound(id: "p3")))
        harness.scheduler.advance()
        #expect(harness.errors.values == [.notFound(id: "p3")])
        #expect(harness.photoDetail.values == [])
        #expect(harness.isLoadingDetail.values == [false, true, false])
    }

    @Test func aNewerInfoRequestSupersedesTheOlder() {
        let harness = DetailHarness(selectedIndex: 2)
        harness.input.infoRequested.fire()
        harness.fake.details.respond(with: .success(detail(of: 3)))   // queued on the scheduler
        harness.input.infoRequested.fire()
        harness.input.infoRequested.fire()
        #expect(harness.fake.details.cancelledRequests == ["p3"])
        harness.scheduler.advance()
        #expect(harness.photoDetail.values == [])
        harness.fake.details.respond(with: .success(detail(of: 3)))
        harness.scheduler.advance()
        #expect(harness.photoDetail.values == [detail(of: 3)])
        #expect(harness.fake.details.requests == ["p3", "p3", "p3"])
        #expect(harness.isLoadingDetail.values == [false, true, false, true, false, true, false])
    }

    @Test func movingToAnotherPhotoCancelsItsInfoRequest() {
        let harness = DetailHarness(selectedIndex: 2)
        harness.input.infoRequested.fire()
        harness.input.pageChanged.send(3)
        #expect(harness.fake.details.cancelledRequests == ["p3"])
        harness.input.infoRequested.fire()
        harness.fake.details.respond(with: .failure(offline))
        harness.scheduler.advance()
        #expect(harness.errors.values == [offline])
        #expect(harness.fake.details.requests == ["p3", "p4"])
    }

    @Test func callingTransformTwiceStartsAFreshSessionAtTheSelectedIndex() {
        let harness = DetailHarness(selectedIndex: 2)
        harness.input.pageChanged.send(6)
        harness.input.imageTapped.fire()
        harness.input.infoRequested.fire()
        harness.input.pulledDown.send(300)

        let secondInput = PhotoDetailViewModel.Input()
        let second = harness.viewModel.transform(input: secondInput)
        let position = Recorder(second.position)
        let hidden = Recorder(second.isInfoHidden)
        let dismiss = Recorder(second.dismiss)
        #expect(harness.fake.details.cancelledRequests == ["p7"])
        harness.input.pageChanged.send(9)
        harness.input.imageTapped.fire()
        secondInput.pulledDown.send(300)
        #expect(position.values == ["3 / 40"])
        #expect(hidden.values == [true])
        #expect(dismiss.values == [2])
        #expect(harness.position.values == ["3 / 40", "7 / 40"])
        #expect(harness.isInfoHidden.values == [true, false])
        #expect(harness.dismiss.values == [6])
        #expect(harness.input.pageChanged.bindingCount == 0)
    }

    @Test func aListRefreshedUnderneathClampsTheCurrentIndexWhenItsFirstPageArrives() {
        let harness = DetailHarness(loaded: 40, selectedIndex: 30)
        harness.list.reset(to: { [fake = harness.fake] page in fake.service.editorialPhotos(page, 40).pageResponses(requested: page) })
        harness.list.loadNextPage()
        harness.fake.respond(page: 1, ids: [7, 8, 9], totalPages: 3)
        harness.scheduler.advance()
        #expect(harness.currentIndex.values == [30, 2])
        #expect(harness.position.values == ["31 / 40", "3 / 3"])
        #expect(harness.title.values == ["Photographer 31", "Photographer 9"])
        #expect(harness.inserted.values == [paths(0..<3)])
    }

    @Test func aPageChangeToTheCurrentPhotoKeepsItsInfoRequest() {
        let harness = DetailHarness(selectedIndex: 2)
        harness.input.infoRequested.fire()
        harness.input.pageChanged.send(2)
        #expect(harness.fake.details.cancelledRequests == [])
        #expect(harness.fake.details.pendingRequests == ["p3"])
        #expect(harness.isLoadingDetail.values == [false, true])
    }

    @Test func insertsIntoAListRefreshedUnderneathCancelTheInfoRequestOfThePhotoLeft() {
        let harness = DetailHarness(loaded: 40, selectedIndex: 30)
        harness.input.infoRequested.fire()
        harness.list.reset(to: { [fake = harness.fake] page in fake.service.editorialPhotos(page, 40).pageResponses(requested: page) })
        harness.list.loadNextPage()
        harness.fake.respond(page: 1, ids: [7, 8, 9], totalPages: 3)
        harness.scheduler.advance()
        #expect(harness.currentIndex.values == [30, 2])
        #expect(harness.fake.details.cancelledRequests == ["p31"])
        #expect(harness.isLoadingDetail.values == [false, true, false])
    }

    @Test func insertsThatKeepTheCurrentIndexKeepItsInfoRequest() {
        let harness = DetailHarness(loaded: 40, totalPages: 3, selectedIndex: 39)
        harness.input.infoRequested.fire()
        harness.fake.respond(page: 2, ids: Array(41...80), totalPages: 3)
        harness.scheduler.advance()
        #expect(harness.position.values == ["40 / 40", "40 / 80"])
        #expect(harness.fake.details.cancelledRequests == [])
        #expect(harness.isLoadingDetail.values == [false, true])
    }

    @Test func anInfoRequestWhileTheListHoldsNoPhotoAtTheCurrentIndexAsksForNothing() {
        let harness = DetailHarness(loaded: 10, selectedIndex: 9)
        harness.list.reset(to: nil)   // the list is emptied underneath; no page arrives
        harness.input.infoRequested.fire()
        #expect(harness.fake.details.requests == [])
        #expect(harness.isLoadingDetail.values == [false])
    }
}

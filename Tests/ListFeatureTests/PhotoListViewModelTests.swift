import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsTesting
import Testing

@Suite struct PhotoListViewModelTests {
    @Test func appearingLoadsPageOneOnlyTheFirstTime() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        #expect(harness.fake.editorial.requests == [EditorialRequest(page: 1, perPage: 30)])
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.appeared.fire()
        harness.input.appeared.fire()
        #expect(harness.fake.requestedPages == [1])
        #expect(harness.inserted.values == [paths(0..<30)])
        #expect(harness.isLoading.values == [false, true, false])
        #expect(harness.shown == Array(1...30))
    }

    @Test func thePageSizeIsInjected() {
        let harness = ListHarness(pageSize: 12)
        harness.input.appeared.fire()
        #expect(harness.fake.editorial.requests == [EditorialRequest(page: 1, perPage: 12)])
    }

    @Test func displayingOneOfTheLastThreeItemsRequestsTheNextPage() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        for index in 0...26 { harness.input.itemDisplayed.send(index) }
        #expect(harness.fake.requestedPages == [1])
        harness.input.itemDisplayed.send(27)
        #expect(harness.fake.requestedPages == [1, 2])
        #expect(harness.fake.editorial.requests.last == EditorialRequest(page: 2, perPage: 30))
    }

    @Test func displayingAnIndexOutsideThePhotosIsIgnored() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.itemDisplayed.send(30)
        harness.input.itemDisplayed.send(-1)
        harness.input.itemDisplayed.send(1_000)
        #expect(harness.fake.requestedPages == [1])
    }

    @Test func aSecondNextPageWhileOneIsInFlightIsIgnored() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.nextPage.fire()
        harness.input.nextPage.fire()
        harness.input.itemDisplayed.send(29)
        harness.input.appeared.fire()
        #expect(harness.fake.requestedPages == [1, 2])
        #expect(harness.fake.pendingPages == [2])
        harness.deliver(page: 2, ids: Array(31...60), totalPages: 5)
        #expect(harness.inserted.values == [paths(0..<30), paths(30..<60)])
        #expect(harness.isLoading.values == [false, true, false, true, false])
    }

    @Test func noPageIsRequestedPastTotalPages() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 2)
        harness.input.nextPage.fire()
        harness.deliver(page: 2, ids: Array(31...40), totalPages: 2)
        harness.input.nextPage.fire()
        harness.input.itemDisplayed.send(39)
        #expect(harness.fake.requestedPages == [1, 2])
        #expect(harness.isEmpty.values == [false])
        #expect(harness.shown == Array(1...40))
    }

    @Test func noPageIsRequestedAfterAnEmptyPage() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 50)
        harness.input.nextPage.fire()
        harness.deliver(page: 2, ids: [], totalPages: 50)
        harness.input.nextPage.fire()
        harness.input.itemDisplayed.send(29)
        #expect(harness.fake.requestedPages == [1, 2])
        #expect(harness.inserted.values == [paths(0..<30)])
        #expect(harness.isEmpty.values == [false])
    }

    @Test func anEmptyFeedIsReportedEmpty() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: [], totalPages: 0)
        #expect(harness.isEmpty.values == [false, true])
        #expect(harness.inserted.values == [])
        harness.input.nextPage.fire()
        #expect(harness.fake.requestedPages == [1])
    }

    @Test func duplicateIdsAcrossPagesAreShownOnceAndOnlyNewOnesInserted() {
        let harness = ListHarness(pageSize: 4)
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: [1, 2, 3, 4], totalPages: 4)
        harness.input.nextPage.fire()
        harness.deliver(page: 2, ids: [3, 5, 4, 6], totalPages: 4)
        harness.input.nextPage.fire()
        harness.deliver(page: 3, ids: [1, 2, 5, 6], totalPages: 4)
        harness.input.nextPage.fire()
        harness.deliver(page: 4, ids: [7, 7, 8], totalPages: 4)
        #expect(harness.shown == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(harness.inserted.values == [paths(0..<4), paths(4..<6), paths(6..<8)])
        #expect(harness.fake.requestedPages == [1, 2, 3, 4])
    }

    @Test func anErrorIsReportedOnceAndRetryRepeatsTheFailedPage() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.nextPage.fire()
        harness.deliverFailure(page: 2)
        #expect(harness.errors.values == [offline])
        harness.input.retry.fire()
        #expect(harness.fake.requestedPages == [1, 2, 2])
        harness.deliver(page: 2, ids: Array(31...60), totalPages: 5)
        #expect(harness.errors.values == [offline])
        #expect(harness.inserted.values == [paths(0..<30), paths(30..<60)])
        #expect(harness.isLoading.values == [false, true, false, true, false, true, false])
        harness.input.nextPage.fire()
        #expect(harness.fake.requestedPages == [1, 2, 2, 3])
    }

    @Test func retryAfterAFailedFirstPageAsksForPageOneAgain() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliverFailure(page: 1)
        harness.input.appeared.fire()
        #expect(harness.fake.requestedPages == [1])
        harness.input.retry.fire()
        harness.deliver(page: 1, ids: [1, 2], totalPages: 1)
        #expect(harness.fake.requestedPages == [1, 1])
        #expect(harness.errors.values == [offline])
        #expect(harness.shown == [1, 2])
    }

    @Test func retryWithoutAFailureDoesNothing() {
        let harness = ListHarness()
        harness.input.retry.fire()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.retry.fire()
        #expect(harness.fake.requestedPages == [1])
    }

    @Test func scrollingAfterAnErrorDoesNotRequestTheFailingPageAgainUntilRetry() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.itemDisplayed.send(28)
        harness.deliverFailure(page: 2)
        harness.input.itemDisplayed.send(29)
        harness.input.itemDisplayed.send(28)
        #expect(harness.fake.requestedPages == [1, 2])
        #expect(harness.errors.values == [offline])
        harness.input.retry.fire()
        harness.deliver(page: 2, ids: Array(31...60), totalPages: 5)
        harness.input.itemDisplayed.send(58)
        #expect(harness.fake.requestedPages == [1, 2, 2, 3])
    }

    @Test func refreshClearsReloadsAndRequestsPageOne() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.refresh.fire()
        #expect(harness.shown == [])
        #expect(harness.reloaded.values.count == 1)
        harness.deliver(page: 1, ids: Array(101...130), totalPages: 5)
        #expect(harness.shown == Array(101...130))
        #expect(harness.inserted.values == [paths(0..<30), paths(0..<30)])
        #expect(harness.fake.requestedPages == [1, 1])
    }

    @Test func refreshWhileAPageIsLoadingDropsTheOldResponse() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.nextPage.fire()
        harness.input.refresh.fire()
        #expect(harness.fake.cancelledPages == [2])
        #expect(harness.fake.pendingPages == [1])
        harness.deliver(page: 1, ids: Array(101...130), totalPages: 5)
        #expect(harness.shown == Array(101...130))
        #expect(harness.errors.values == [])
        #expect(harness.isLoading.values == [false, true, false, true, false, true, false])
        #expect(harness.inserted.values == [paths(0..<30), paths(0..<30)])
    }

    @Test func anOldResponseAlreadyQueuedOnTheSchedulerIsDroppedAfterRefresh() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        // The first page's success is queued on the scheduler when the user refreshes.
        harness.fake.respond(page: 1, ids: [1, 2, 3], totalPages: 5)
        harness.input.refresh.fire()
        harness.scheduler.advance()
        #expect(harness.shown == [])
        #expect(harness.inserted.values == [])
        #expect(harness.isLoading.values == [false, true, false, true])
        // Same for a failure: never reported, never stops the new request's loading.
        harness.fake.fail(page: 1)
        harness.input.refresh.fire()
        harness.scheduler.advance()
        #expect(harness.errors.values == [])
        #expect(harness.isLoading.values == [false, true, false, true, false, true])
        harness.deliver(page: 1, ids: [7, 8], totalPages: 1)
        #expect(harness.shown == [7, 8])
        #expect(harness.inserted.values == [paths(0..<2)])
        #expect(harness.reloaded.values.count == 2)
    }

    @Test func selectingAnItemEmitsADetailPagerAtThatIndex() throws {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.itemSelected.send(4)
        harness.input.itemSelected.send(30)
        harness.input.itemSelected.send(-1)
        #expect(harness.details.values.count == 1)
        let detail = try #require(harness.details.values.first)
        #expect(detail.selectedIndex == 4)
        #expect(numbers(detail.photos) == Array(1...30))
    }

    @Test func theDetailPagerLoadsMoreAndTheListSeesTheInserts() throws {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.itemSelected.send(28)
        let detail = try #require(harness.details.values.first)
        let detailInput = PhotoDetailViewModel.Input()
        let detailOutput = detail.transform(input: detailInput)
        let detailInserted = Recorder(detailOutput.insertedIndexPaths)
        let position = Recorder(detailOutput.position)
        #expect(harness.fake.requestedPages == [1])
        detailInput.pageChanged.send(29)
        #expect(harness.fake.requestedPages == [1, 2])
        harness.deliver(page: 2, ids: Array(31...60), totalPages: 5)
        #expect(detailInserted.values == [paths(30..<60)])
        #expect(harness.inserted.values == [paths(0..<30), paths(30..<60)])
        #expect(position.values == ["29 / 30", "30 / 30", "30 / 60"])
        #expect(harness.shown == Array(1...60))
        #expect(numbers(detail.photos) == Array(1...60))
    }

    @Test func cellViewModelsAndPhotoLookupsFollowTheLoadedPhotos() throws {
        let harness = ListHarness()
        #expect(harness.viewModel.photo(at: 0) == nil)
        #expect(harness.viewModel.cellViewModel(at: 0) == nil)
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: [5, 6], totalPages: 1)
        #expect(harness.viewModel.photo(at: 1)?.id == "p6")
        #expect(harness.viewModel.photo(at: 2) == nil)
        let cell = try #require(harness.viewModel.cellViewModel(at: 0))
        #expect(cell.photo?.id == "p5")
        #expect(cell.imageSize == .small)
    }

    @Test func callingTransformTwiceStartsAFreshSessionAndRetiresTheFirst() {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.nextPage.fire()

        let secondInput = PhotoListViewModel.Input()
        let secondOutput = harness.viewModel.transform(input: secondInput)
        let secondInserted = Recorder(secondOutput.insertedIndexPaths)
        let secondLoading = Recorder(secondOutput.isLoading)
        #expect(harness.fake.cancelledPages == [2])
        #expect(harness.shown == [])

        harness.input.appeared.fire()
        harness.input.nextPage.fire()
        #expect(harness.fake.requestedPages == [1, 2])
        secondInput.appeared.fire()
        harness.deliver(page: 1, ids: [9], totalPages: 1)
        #expect(secondInserted.values == [paths(0..<1)])
        #expect(secondLoading.values == [false, true, false])
        #expect(harness.inserted.values == [paths(0..<30)])
        #expect(harness.isLoading.values == [false, true, false, true])
        #expect(harness.input.appeared.bindingCount == 0)
        #expect(harness.shown == [9])
    }

    @Test func aPageSizeBelowOneIsClampedToOneInsteadOfTrapping() {
        let harness = ListHarness(pageSize: 0)
        #expect(harness.viewModel.pageSize == 1)
        harness.input.appeared.fire()
        #expect(harness.fake.editorial.requests == [EditorialRequest(page: 1, perPage: 1)])
        #expect(PhotoListViewModel(service: harness.fake.service, scheduler: harness.scheduler, pageSize: -5).pageSize == 1)
    }

    @Test func aPageOfOnlyDuplicatesIsFollowedByTheNextPageInsteadOfStalling() {
        let harness = ListHarness(pageSize: 3)
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 4)
        harness.input.itemDisplayed.send(2)
        harness.deliver(page: 2, ids: [3, 2, 1], totalPages: 4)
        // Nothing new to display, so nothing would prefetch: the list asks on its own.
        #expect(harness.fake.pendingPages == [3])
        harness.deliver(page: 3, ids: [4, 5], totalPages: 4)
        #expect(harness.shown == [1, 2, 3, 4, 5])
        #expect(harness.inserted.values == [paths(0..<3), paths(3..<5)])
        #expect(harness.isLoading.values == [false, true, false, true, false])
        #expect(harness.isEmpty.values == [false])
    }

    @Test func anOpenDetailPagerKeepsItsPhotosWhenTransformIsCalledAgain() throws {
        let harness = ListHarness()
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: Array(1...30), totalPages: 5)
        harness.input.itemSelected.send(29)
        let detail = try #require(harness.details.values.first)
        let detailOutput = detail.transform(input: PhotoDetailViewModel.Input())
        let position = Recorder(detailOutput.position)

        _ = harness.viewModel.transform(input: PhotoListViewModel.Input())
        #expect(harness.shown == [])
        #expect(numbers(detail.photos) == Array(1...30))
        #expect(detail.photo(at: 29)?.id == "p30")
        #expect(position.values == ["30 / 30"])
    }

    @Test func anOpenDetailPagerKeepsItsPhotosWhenTheListIsDeallocated() throws {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        var detail: PhotoDetailViewModel?
        weak var weakList: PhotoListViewModel?
        do {
            let list = PhotoListViewModel(service: fake.service, scheduler: scheduler)
            weakList = list
            let input = PhotoListViewModel.Input()
            let output = list.transform(input: input)
            let token = output.detail.bind { detail = $0 }
            input.appeared.fire()
            fake.respond(page: 1, ids: [1, 2, 3], totalPages: 5)
            scheduler.advance()
            input.itemSelected.send(0)
            token.cancel()
        }
        #expect(weakList == nil)
        let pager = try #require(detail)
        let input = PhotoDetailViewModel.Input()
        let position = Recorder(pager.transform(input: input).position)
        input.pageChanged.send(2)                 // the last photo: there is no list to ask
        #expect(numbers(pager.photos) == [1, 2, 3])
        #expect(position.values == ["1 / 3", "3 / 3"])
        #expect(fake.requestedPages == [1])
    }
}

import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsTesting
import Testing

private func bytes(_ value: UInt8) -> Data { Data([value, value, value]) }

/// A cell view model over a loader, with recorders of every output.
private final class CellHarness {
    let fake = FakePhotoService()
    let scheduler = TestScheduler()
    let loader: ImageLoader
    let viewModel: PhotoCellViewModel
    let input = PhotoCellViewModel.Input()
    let output: PhotoCellViewModel.Output
    let image: Recorder<Data?>
    let isLoading: Recorder<Bool>
    let name: Recorder<String>
    let color: Recorder<String?>

    init(photo: Photo? = makePhoto(1)) {
        loader = ImageLoader(service: fake.service, scheduler: scheduler)
        viewModel = PhotoCellViewModel(photo: photo, loader: loader, scheduler: scheduler)
        output = viewModel.transform(input: input)
        image = Recorder(output.image)
        isLoading = Recorder(output.isLoading)
        name = Recorder(output.photographerName)
        color = Recorder(output.placeholderColor)
    }

    /// Answers the image request for `photo`'s small image and runs the scheduler.
    func deliver(_ data: Data, for photo: Photo) {
        fake.images.respond(to: photo.urls.small, with: .success(data))
        scheduler.advance()
    }
}

@Suite struct PhotoCellViewModelTests {
    @Test func theImageLoadsWhenTheCellIsDisplayed() {
        let harness = CellHarness()
        #expect(harness.fake.images.requests == [])
        harness.input.displayed.fire()
        #expect(harness.fake.images.requests == [makePhoto(1).urls.small])
        harness.deliver(bytes(1), for: makePhoto(1))
        #expect(harness.image.values == [nil, bytes(1)])
        #expect(harness.isLoading.values == [false, true, false])
        #expect(harness.name.values == ["Photographer 1"])
        #expect(harness.color.values == [makePhoto(1).color])
    }

    @Test func theLoadIsCancelledWhenTheCellStopsBeingDisplayed() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        harness.input.endedDisplaying.fire()
        #expect(harness.fake.images.cancelledRequests == [makePhoto(1).urls.small])
        #expect(harness.isLoading.values == [false, true, false])
        harness.input.displayed.fire()
        harness.deliver(bytes(1), for: makePhoto(1))
        #expect(harness.image.values == [nil, bytes(1)])
        #expect(harness.fake.images.requests.count == 2)
    }

    @Test func displayingAgainAfterTheImageLoadedDoesNotReload() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        harness.deliver(bytes(1), for: makePhoto(1))
        harness.input.endedDisplaying.fire()
        harness.input.displayed.fire()
        #expect(harness.fake.images.requests.count == 1)
        #expect(harness.image.values == [nil, bytes(1)])
    }

    @Test func aReusedCellNeverShowsThePreviousPhotosBytes() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        // The first photo's bytes are already queued on the scheduler when the cell is reused.
        harness.fake.images.respond(to: makePhoto(1).urls.small, with: .success(bytes(1)))
        harness.input.endedDisplaying.fire()
        harness.input.configured.send(makePhoto(2))
        harness.input.displayed.fire()
        harness.scheduler.advance()
        #expect(harness.image.values == [nil])
        harness.deliver(bytes(2), for: makePhoto(2))
        #expect(harness.image.values == [nil, bytes(2)])
        #expect(harness.name.values == ["Photographer 1", "Photographer 2"])
    }

    @Test func reconfiguringAVisibleCellClearsItsImageAndLoadsTheNewPhoto() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        harness.deliver(bytes(1), for: makePhoto(1))
        harness.input.configured.send(makePhoto(2))
        #expect(harness.image.values == [nil, bytes(1), nil])
        #expect(harness.fake.images.pendingRequests == [makePhoto(2).urls.small])
        harness.input.configured.send(makePhoto(3))
        #expect(harness.fake.images.cancelledRequests == [makePhoto(2).urls.small])
        harness.deliver(bytes(3), for: makePhoto(3))
        #expect(harness.image.values == [nil, bytes(1), nil, bytes(3)])
    }

    @Test func configuringWithTheSamePhotoChangesNothing() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        harness.deliver(bytes(1), for: makePhoto(1))
        harness.input.configured.send(makePhoto(1))
        #expect(harness.image.values == [nil, bytes(1)])
        #expect(harness.fake.images.requests.count == 1)
    }

    @Test func aCachedImageIsShownWithoutADownload() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        harness.deliver(bytes(1), for: makePhoto(1))
        let other = PhotoCellViewModel(photo: makePhoto(1), loader: harness.loader, scheduler: harness.scheduler)
        let otherInput = PhotoCellViewModel.Input()
        let image = Recorder(other.transform(input: otherInput).image)
        otherInput.displayed.fire()
        harness.scheduler.advance()
        #expect(image.values == [nil, bytes(1)])
        #expect(harness.fake.images.requests.count == 1)
    }

    @Test func aFailedLoadLeavesNoImageAndTheNextDisplayTriesAgain() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        harness.fake.images.respond(with: .failure(offline))
        harness.scheduler.advance()
        #expect(harness.image.values == [nil])
        #expect(harness.isLoading.values == [false, true, false])
        harness.input.endedDisplaying.fire()
        harness.input.displayed.fire()
        harness.deliver(bytes(1), for: makePhoto(1))
        #expect(harness.image.values == [nil, bytes(1)])
        #expect(harness.fake.images.requests.count == 2)
    }

    @Test func aCellWithoutAPhotoLoadsNothingUntilConfigured() {
        let harness = CellHarness(photo: nil)
        harness.input.displayed.fire()
        #expect(harness.fake.images.requests == [])
        harness.input.configured.send(makePhoto(4))
        harness.deliver(bytes(4), for: makePhoto(4))
        #expect(harness.image.values == [nil, bytes(4)])
        #expect(harness.name.values == ["", "Photographer 4"])
    }

    @Test func displayingAgainWhileLoadingDoesNotLoadTwice() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        harness.input.displayed.fire()
        #expect(harness.fake.images.requests == [makePhoto(1).urls.small])
        #expect(harness.fake.images.cancelledRequests == [])
        #expect(harness.isLoading.values == [false, true])
    }

    @Test func theCellLoadsTheImageOfItsSize() {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let loader = ImageLoader(service: fake.service, scheduler: scheduler)
        let cell = PhotoCellViewModel(photo: makePhoto(1), loader: loader, scheduler: scheduler, imageSize: .thumb)
        let input = PhotoCellViewModel.Input()
        _ = cell.transform(input: input)
        input.displayed.fire()
        #expect(fake.images.requests == [makePhoto(1).urls.thumb])
        #expect(cell.imageSize == .thumb)
    }

    @Test func aLoadThatFinishesWithoutAResultStopsLoadingAndTheNextDisplayTriesAgain() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        #expect(harness.fake.images.finishWithoutResponse())
        harness.scheduler.advance()
        #expect(harness.isLoading.values == [false, true, false])
        #expect(harness.image.values == [nil])
        harness.input.endedDisplaying.fire()
        harness.input.displayed.fire()
        #expect(harness.fake.images.requests.count == 2)
    }

    @Test func anUndisplayedCellConfiguredWithAnotherPhotoLoadsNothingUntilDisplayed() {
        let harness = CellHarness()
        harness.input.configured.send(makePhoto(4))
        #expect(harness.fake.images.requests == [])
        #expect(harness.viewModel.photo == makePhoto(4))
        #expect(harness.name.values == ["Photographer 1", "Photographer 4"])
        #expect(harness.color.values == [makePhoto(1).color, makePhoto(4).color])
        harness.input.displayed.fire()
        #expect(harness.fake.images.requests == [makePhoto(4).urls.small])
    }

    @Test func reconfiguringWhileLoadingStopsLoadingThenLoadsTheNewPhoto() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        harness.input.configured.send(makePhoto(2))
        #expect(harness.fake.images.cancelledRequests == [makePhoto(1).urls.small])
        #expect(harness.fake.images.pendingRequests == [makePhoto(2).urls.small])
        #expect(harness.isLoading.values == [false, true, false, true])
        #expect(harness.image.values == [nil])
    }

    @Test func anInputSentFromAnOutputsHandlerIsHandledAfterTheCurrentOne() {
        let harness = CellHarness()
        // The view stops displaying the cell as soon as it shows a spinner: the load that
        // started is cancelled, after the event that started it has reached every output.
        let token = harness.output.isLoading.bind { isLoading in
            if isLoading { harness.input.endedDisplaying.fire() }
        }
        harness.input.displayed.fire()
        #expect(harness.fake.images.cancelledRequests == [makePhoto(1).urls.small])
        #expect(harness.isLoading.values == [false, true, false])
        withExtendedLifetime(token) {}
    }

    @Test func callingTransformTwiceCancelsTheLoadAndStartsUndisplayed() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        let secondInput = PhotoCellViewModel.Input()
        let image = Recorder(harness.viewModel.transform(input: secondInput).image)
        #expect(harness.fake.images.cancelledRequests == [makePhoto(1).urls.small])
        harness.input.displayed.fire()
        #expect(harness.fake.images.requests.count == 1)
        secondInput.displayed.fire()
        harness.deliver(bytes(1), for: makePhoto(1))
        #expect(image.values == [nil, bytes(1)])
        #expect(harness.image.values == [nil])
    }

    @Test func aNewSessionShowsTheInitialPhotoAgainWithoutItsImage() {
        let harness = CellHarness()
        harness.input.displayed.fire()
        harness.deliver(bytes(1), for: makePhoto(1))
        harness.input.configured.send(makePhoto(2))
        #expect(harness.viewModel.photo == makePhoto(2))
        let secondInput = PhotoCellViewModel.Input()
        let output = harness.viewModel.transform(input: secondInput)
        let image = Recorder(output.image)
        let name = Recorder(output.photographerName)
        #expect(harness.viewModel.photo == makePhoto(1))
        #expect(image.values == [nil])
        #expect(name.values == ["Photographer 1"])
        // The second photo's load ended with its session; nothing else loads until the new
        // session's cell is displayed, and then photo 1's bytes come from the loader's cache.
        #expect(harness.fake.images.cancelledRequests == [makePhoto(2).urls.small])
        harness.scheduler.advance()
        #expect(image.values == [nil])
        secondInput.displayed.fire()
        harness.scheduler.advance()
        #expect(image.values == [nil, bytes(1)])
        #expect(harness.fake.images.requests.count == 2)
    }
}

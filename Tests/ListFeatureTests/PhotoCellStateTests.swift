import Foundation
import ListFeature
import PhotoDomain
import Testing

private let bytes = Data([1, 2, 3])

/// A cell's decisions, without threads, time or a scheduler.
@Suite struct PhotoCellStateTests {
    @Test func aSessionStartsWithTheInitialPhotosLabels() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        #expect(state.started() == [.showLabels(of: makePhoto(1))])
        var empty = PhotoCellState(photo: nil, imageSize: .small)
        #expect(empty.started() == [.showLabels(of: nil)])
    }

    @Test func displayingTheCellLoadsTheImageOfItsSize() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .thumb)
        #expect(state.displayed() == [.showLoading(true), .load(makePhoto(1).urls.thumb)])
        #expect(state.isLoading)
    }

    @Test func displayingAgainWhileLoadingDoesNotLoadTwice() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        _ = state.displayed()
        #expect(state.displayed() == [])
    }

    @Test func loadedBytesAreShownAndDisplayingAgainDoesNotReload() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        _ = state.displayed()
        #expect(state.loaded(.success(bytes)) == [.showImage(bytes), .showLoading(false)])
        #expect(state.loadEnded() == [])
        #expect(state.endedDisplaying() == [])
        #expect(state.displayed() == [])
        #expect(state.hasImage)
    }

    @Test func stoppingBeingDisplayedCancelsTheLoadAndTheNextDisplayLoadsAgain() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        _ = state.displayed()
        #expect(state.endedDisplaying() == [.cancelLoad, .showLoading(false)])
        #expect(state.displayed() == [.showLoading(true), .load(makePhoto(1).urls.small)])
    }

    @Test func aFailedLoadIsRetriedOnTheNextDisplay() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        _ = state.displayed()
        #expect(state.loaded(.failure(.notFound(id: "p1"))) == [.showLoading(false)])
        #expect(!state.hasImage)
        _ = state.endedDisplaying()
        #expect(state.displayed() == [.showLoading(true), .load(makePhoto(1).urls.small)])
    }

    @Test func aLoadThatEndsWithoutAResultStopsLoading() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        _ = state.displayed()
        #expect(state.loadEnded() == [.showLoading(false)])
        #expect(!state.isLoading)
    }

    @Test func anOutcomeWithNoLoadInFlightIsDropped() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        _ = state.displayed()
        _ = state.endedDisplaying()
        #expect(state.loaded(.success(bytes)) == [])
        #expect(!state.hasImage)
    }

    @Test func configuringAnotherPhotoCancelsTheLoadAndClearsTheImage() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        _ = state.displayed()
        _ = state.loaded(.success(bytes))
        #expect(state.configured(makePhoto(2)) == [
            .showImage(nil), .showLabels(of: makePhoto(2)), .showLoading(true), .load(makePhoto(2).urls.small),
        ])
        #expect(state.configured(makePhoto(3)) == [
            .cancelLoad, .showLoading(false), .showLabels(of: makePhoto(3)),
            .showLoading(true), .load(makePhoto(3).urls.small),
        ])
        #expect(state.photo == makePhoto(3))
    }

    @Test func configuringAnUndisplayedCellLoadsNothingUntilItIsDisplayed() {
        var state = PhotoCellState(photo: nil, imageSize: .small)
        #expect(state.displayed() == [])
        _ = state.endedDisplaying()
        #expect(state.configured(makePhoto(4)) == [.showLabels(of: makePhoto(4))])
        #expect(state.displayed() == [.showLoading(true), .load(makePhoto(4).urls.small)])
    }

    @Test func configuringACellWithoutAPhotoWhileDisplayedLoadsAtOnce() {
        var state = PhotoCellState(photo: nil, imageSize: .small)
        _ = state.displayed()
        #expect(state.configured(makePhoto(4)) == [
            .showLabels(of: makePhoto(4)), .showLoading(true), .load(makePhoto(4).urls.small),
        ])
    }

    @Test func configuringTheSamePhotoChangesNothing() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        _ = state.displayed()
        _ = state.loaded(.success(bytes))
        #expect(state.configured(makePhoto(1)) == [])
        #expect(state.hasImage)
    }

    @Test func aNewSessionStartsUndisplayedWithTheInitialPhotoAndNoImage() {
        var state = PhotoCellState(photo: makePhoto(1), imageSize: .small)
        _ = state.displayed()
        _ = state.configured(makePhoto(2))
        _ = state.loaded(.success(bytes))
        #expect(state.started() == [.showLabels(of: makePhoto(1))])
        #expect(state.photo == makePhoto(1))
        #expect(!state.isDisplayed)
        #expect(!state.hasImage)
        #expect(!state.isLoading)
    }
}

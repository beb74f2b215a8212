import ListFeature
import Testing

/// The detail pager's decisions, without threads, time or a scheduler.
@Suite struct PhotoDetailStateTests {
    @Test func theSelectedIndexIsClampedIntoThePhotosCountedAtCreation() {
        #expect(PhotoDetailState(selectedIndex: 99, photoCount: 5).selectedIndex == 4)
        #expect(PhotoDetailState(selectedIndex: -3, photoCount: 5).selectedIndex == 0)
        #expect(PhotoDetailState(selectedIndex: 3, photoCount: 0).selectedIndex == 0)
        #expect(PhotoDetailState(selectedIndex: 3, photoCount: 5).currentIndex == 3)
    }

    @Test func aSessionStartsAtTheSelectedPhoto() {
        var state = PhotoDetailState(selectedIndex: 2, photoCount: 40)
        #expect(state.started(photoCount: 40) == [.showPhoto(at: 2, photoCount: 40)])
    }

    @Test func aSessionOpenedAtTheLastPhotoAsksForMore() {
        var state = PhotoDetailState(selectedIndex: 9, photoCount: 10)
        #expect(state.started(photoCount: 10) == [.showPhoto(at: 9, photoCount: 10), .loadMore])
    }

    @Test func aSessionOverNoPhotosAsksForNothing() {
        var state = PhotoDetailState(selectedIndex: 3, photoCount: 0)
        #expect(state.started(photoCount: 0) == [.showPhoto(at: 0, photoCount: 0)])
        #expect(state.infoRequested(photoCount: 0) == [])
        #expect(state.pageChanged(to: 0, photoCount: 0) == [])
    }

    @Test func aPageChangeShowsThePhotoAndCancelsTheInfoRequest() {
        var state = PhotoDetailState(selectedIndex: 2, photoCount: 40)
        _ = state.started(photoCount: 40)
        #expect(state.pageChanged(to: 3, photoCount: 40) == [.showPhoto(at: 3, photoCount: 40), .cancelInfo])
        #expect(state.currentIndex == 3)
    }

    @Test func aPageChangeToTheCurrentPhotoChangesNothing() {
        var state = PhotoDetailState(selectedIndex: 2, photoCount: 40)
        _ = state.started(photoCount: 40)
        #expect(state.pageChanged(to: 2, photoCount: 40) == [])
    }

    @Test func aPageChangePastTheLastPhotoIsDropped() {
        var state = PhotoDetailState(selectedIndex: 1, photoCount: 5)
        _ = state.started(photoCount: 5)
        #expect(state.pageChanged(to: 5, photoCount: 5) == [])
        #expect(state.pageChanged(to: -1, photoCount: 5) == [])
        #expect(state.currentIndex == 1)
    }

    @Test func reachingTheLastPhotoAsksForMore() {
        var state = PhotoDetailState(selectedIndex: 37, photoCount: 40)
        _ = state.started(photoCount: 40)
        #expect(state.pageChanged(to: 38, photoCount: 40) == [.showPhoto(at: 38, photoCount: 40), .cancelInfo])
        #expect(state.pageChanged(to: 39, photoCount: 40) == [.showPhoto(at: 39, photoCount: 40), .cancelInfo, .loadMore])
    }

    @Test func insertedPhotosAreShownAndUpdateThePosition() {
        var state = PhotoDetailState(selectedIndex: 39, photoCount: 40)
        _ = state.started(photoCount: 40)
        #expect(state.inserted(40..<80, photoCount: 80) == [.showPhoto(at: 39, photoCount: 80), .showInserted(40..<80)])
        #expect(state.currentIndex == 39)
    }

    @Test func insertsIntoAListRefreshedUnderneathClampToTheLastPhotoAndCancelTheInfoRequest() {
        var state = PhotoDetailState(selectedIndex: 30, photoCount: 40)
        _ = state.started(photoCount: 40)
        #expect(state.inserted(0..<3, photoCount: 3) == [.showPhoto(at: 2, photoCount: 3), .cancelInfo, .showInserted(0..<3)])
        #expect(state.currentIndex == 2)
    }

    @Test func tappingTheImageTogglesTheInfoOverlayStartingHidden() {
        var state = PhotoDetailState(selectedIndex: 0, photoCount: 1)
        #expect(state.isInfoHidden)
        #expect(state.imageTapped() == [.showInfo(hidden: false)])
        #expect(state.imageTapped() == [.showInfo(hidden: true)])
        #expect(state.imageTapped() == [.showInfo(hidden: false)])
    }

    @Test func aPullDownPastTheThresholdDismissesOnceAtTheCurrentIndex() {
        var state = PhotoDetailState(selectedIndex: 2, photoCount: 40, dismissThreshold: 200)
        _ = state.started(photoCount: 40)
        _ = state.pageChanged(to: 5, photoCount: 40)
        #expect(state.pulledDown(distance: 50) == [])
        #expect(state.pulledDown(distance: 200) == [])
        #expect(state.pulledDown(distance: 200.5) == [.dismiss(at: 5)])
        #expect(state.pulledDown(distance: 400) == [])
        #expect(state.hasDismissed)
    }

    @Test func anInfoRequestCancelsTheOneInFlightThenLoadsTheCurrentPhoto() {
        var state = PhotoDetailState(selectedIndex: 2, photoCount: 40)
        _ = state.started(photoCount: 40)
        #expect(state.infoRequested(photoCount: 40) == [.cancelInfo, .loadInfo(at: 2)])
        _ = state.pageChanged(to: 3, photoCount: 40)
        #expect(state.infoRequested(photoCount: 40) == [.cancelInfo, .loadInfo(at: 3)])
    }

    @Test func anInfoRequestWhileTheCurrentIndexIsOutsideThePhotosAsksForNothing() {
        var state = PhotoDetailState(selectedIndex: 9, photoCount: 10)
        _ = state.started(photoCount: 4)   // the list shrank before this session
        #expect(state.infoRequested(photoCount: 4) == [])
    }

    @Test func aNewSessionReturnsToTheSelectedIndexWithTheOverlayHiddenAndNoDismissal() {
        var state = PhotoDetailState(selectedIndex: 2, photoCount: 40)
        _ = state.started(photoCount: 40)
        _ = state.pageChanged(to: 6, photoCount: 40)
        _ = state.imageTapped()
        _ = state.pulledDown(distance: 300)
        #expect(state.started(photoCount: 40) == [.showPhoto(at: 2, photoCount: 40)])
        #expect(state.currentIndex == 2)
        #expect(state.isInfoHidden)
        #expect(!state.hasDismissed)
        #expect(state.pulledDown(distance: 300) == [.dismiss(at: 2)])
    }
}

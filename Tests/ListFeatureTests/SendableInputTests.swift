import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsTesting
import Testing

/// The list inputs are `Sendable`: a background task (a socket, a push handler) feeds them.
@Suite(.timeLimit(.minutes(1))) struct SendableInputTests {
    @Test func theListInputIsFedFromADetachedTask() async {
        let harness = ListHarness()
        let input = harness.input
        await Task.detached {
            input.appeared.fire()
            input.appeared.fire()
        }.value
        #expect(harness.fake.editorial.requests == [EditorialRequest(page: 1, perPage: 30)])
        #expect(harness.isLoading.values == [false, true])
    }

    @Test func theCellAndDetailInputsCrossIntoATask() async {
        let cell = PhotoCellViewModel.Input()
        let detail = PhotoDetailViewModel.Input()
        let configured = Recorder(cell.configured.map(\.id))
        let pages = Recorder(detail.pageChanged)
        await Task.detached {
            cell.configured.send(makePhoto(4))
            detail.pageChanged.send(2)
        }.value
        #expect(configured.values == [makePhoto(4).id])
        #expect(pages.values == [2])
    }
}

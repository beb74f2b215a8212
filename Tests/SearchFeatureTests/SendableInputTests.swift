import SignalsPhotoList
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals
import SignalsTesting
import Testing

/// The search input is `Sendable`: a background task (dictation, a deep link) feeds it.
@Suite(.timeLimit(.minutes(1))) struct SendableInputTests {
    @Test func theSearchInputIsFedFromADetachedTask() async {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        let input = harness.input
        await Task.detached {
            input.editingBegan.fire()
            input.querySubmitted.send("  cats ")
        }.value
        #expect(harness.requests.pendingRequests == [harness.request("cats")])
        harness.timeline.expect {
            ("isCancelButtonHidden", false)
            ("query", "cats")
            ("isLoading", true)
        }
        harness.timeline.finish()
    }
}

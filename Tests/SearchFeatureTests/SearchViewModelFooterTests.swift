import SignalsPaging
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals
import SignalsTesting
import Testing

/// The search's `footer` and `hasMore` outputs: the paginator's, for the search shown.
@Suite struct SearchViewModelFooterTests {
    @Test func theFooterLoadsForANextPageShowsItsFailureUntilTheRetryAndHidesOnCancel() {
        let harness = SearchHarness()
        let footer = Recorder(harness.output.footer)
        harness.submit("cats")                                    // page 1: not the footer's
        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"])
        harness.input.nextPageRequested.fire()
        harness.respond(to: harness.request("cats", page: 2), with: .failure(Fixtures.offline))
        harness.input.itemDisplayed.send(2)                       // paused: nothing
        harness.input.retryTapped.fire()
        harness.respond(to: harness.request("cats", page: 2), with: .failure(Fixtures.offline))
        harness.input.cancelTapped.fire()
        #expect(footer.values == [.hidden, .loading, .failed(Fixtures.offline), .loading, .failed(Fixtures.offline), .hidden])
        harness.timeline.skipPendingEmissions()                   // the other outputs: the other suites'
    }

    @Test func hasMoreIsFalseWithoutASearchAndUntilTheSearchIsReadToItsEnd() {
        let harness = SearchHarness()
        let hasMore = Recorder(harness.output.hasMore)
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a"], totalPages: 2)
        harness.input.nextPageRequested.fire()
        harness.respond(to: harness.request("cats", page: 2), ids: ["b"], totalPages: 2)
        harness.submit("dogs")
        harness.input.cancelTapped.fire()
        #expect(hasMore.values == [false, true, false, true, false])
        harness.timeline.skipPendingEmissions()                   // the other outputs: the other suites'
    }
}

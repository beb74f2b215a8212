import Foundation
import SignalsPaging
import SignalsPhotoDomain
import SignalsPhotoList
import Signals
import SignalsTesting
import Testing

/// The list's `footer` and `hasMore` outputs: the paginator's, for the session's feed.
@Suite struct PhotoListFooterTests {
    @Test func theFooterLoadsForANextPageShowsItsFailureUntilTheRetryAndHidesWhenThePageArrives() {
        let harness = ListHarness(pageSize: 3)
        let footer = Recorder(harness.output.footer)
        harness.input.appeared.fire()                             // page 1: not the footer's
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 3)
        harness.input.nextPage.fire()
        harness.deliverFailure(page: 2)
        harness.input.itemDisplayed.send(2)                       // paused: nothing
        harness.input.retry.fire()
        harness.deliver(page: 2, ids: [4, 5, 6], totalPages: 3)
        harness.input.itemDisplayed.send(5)                       // prefetch: the footer's too
        harness.deliverFailure(page: 3)
        harness.input.nextPage.fire()                             // asks again, like retry
        #expect(footer.values == [.hidden, .loading, .failed(offline), .loading, .hidden, .loading, .failed(offline), .loading])
        #expect(harness.errors.values == [offline, offline])
    }

    @Test func pageOnesFailureIsNotTheFootersAndARefreshHidesTheFootersFailure() {
        let harness = ListHarness(pageSize: 3)
        let footer = Recorder(harness.output.footer)
        harness.input.appeared.fire()
        harness.deliverFailure(page: 1)
        harness.input.retry.fire()
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 2)
        harness.input.nextPage.fire()
        harness.deliverFailure(page: 2)
        harness.input.refresh.fire()
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 2)
        #expect(footer.values == [.hidden, .loading, .failed(offline), .hidden])
        #expect(harness.errors.values == [offline, offline])
    }

    @Test func aRefreshThatInterruptsANextPageHidesTheFooter() {
        let harness = ListHarness(pageSize: 3)
        let footer = Recorder(harness.output.footer)
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 2)
        harness.input.nextPage.fire()
        harness.input.refresh.fire()
        #expect(harness.fake.cancelledPages == [2])
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 2)
        #expect(footer.values == [.hidden, .loading, .hidden])
    }

    @Test func hasMoreIsTrueUntilAPageEndsTheFeedAndAgainFromARefresh() {
        let harness = ListHarness(pageSize: 3)
        let hasMore = Recorder(harness.output.hasMore)
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 2)
        harness.input.nextPage.fire()
        harness.deliver(page: 2, ids: [4, 5], totalPages: 2)
        harness.input.nextPage.fire()                             // past the end: nothing
        harness.input.refresh.fire()
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 1)
        #expect(hasMore.values == [true, false, true, false])
        #expect(harness.fake.requestedPages == [1, 2, 1])
    }

    @Test func anEmptyFeedHasNoMoreAndIsEmpty() {
        let harness = ListHarness(pageSize: 3)
        let hasMore = Recorder(harness.output.hasMore)
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: [], totalPages: 0)
        #expect(hasMore.values == [true, false])
        #expect(harness.isEmpty.values == [false, true])
    }

    @Test func theFooterAndHasMoreOfAnEndedSessionGoSilent() {
        let harness = ListHarness(pageSize: 3)
        let footer = Recorder(harness.output.footer)
        let hasMore = Recorder(harness.output.hasMore)
        harness.input.appeared.fire()
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 1)
        let secondInput = PhotoListViewModel.Input()
        let secondOutput = harness.viewModel.transform(input: secondInput)
        let secondFooter = Recorder(secondOutput.footer)
        let secondHasMore = Recorder(secondOutput.hasMore)
        secondInput.appeared.fire()
        harness.deliver(page: 1, ids: [1, 2, 3], totalPages: 2)
        secondInput.nextPage.fire()
        #expect(footer.values == [.hidden])
        #expect(hasMore.values == [true, false])
        #expect(secondFooter.values == [.hidden, .loading])
        #expect(secondHasMore.values == [true])
    }
}

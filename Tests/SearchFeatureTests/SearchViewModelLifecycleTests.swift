import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals
import SignalsTesting
import Testing
// IndexPath(item:section:), .item and .section: UIKit's or AppKit's where they exist (as in an
// app), ListFeature's on Linux.
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// Sessions, lifetime, re-entrancy and the results snapshot.
@Suite struct SearchViewModelLifecycleTests {
    @Test func callingTransformTwiceStartsAFreshSessionAndSilencesTheFirst() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.input.editingBegan.fire()
        harness.input.scopeSelected.send(.users)
        harness.submit("cats")
        harness.timeline.skipPendingEmissions()

        let secondInput = SearchViewModel.Input()
        let second = harness.viewModel.transform(input: secondInput)
        #expect(harness.requests.cancelledRequests == [harness.request("cats", in: .users)])
        let secondTimeline = Timeline(scheduler: harness.scheduler)
        SearchHarness.record(second, into: secondTimeline)
        secondTimeline.expect { SearchHarness.initialState() }

        // The first input drives nothing; the first output emits nothing more.
        harness.input.querySubmitted.send("dogs")
        harness.input.cancelTapped.fire()
        harness.scheduler.run()
        #expect(harness.requests.requests.count == 1)
        #expect(harness.input.querySubmitted.bindingCount == 0)
        harness.timeline.finish()

        secondInput.querySubmitted.send("dogs")
        harness.respond(to: harness.request("dogs"), ids: ["d"])
        secondTimeline.expect {
            ("query", "dogs")
            ("isLoading", true)
            ("results", "[photo:d]")
            ("insertedIndexPaths", SearchHarness.paths(0..<1))
            ("isLoading", false)
        }
        secondTimeline.finish()
    }

    @Test func theViewModelDeallocatesWithARequestInFlightAndTheRequestIsCancelled() {
        let requests = ScriptedRequests<SearchRequest, SearchResponse>()
        let input = SearchViewModel.Input()
        expectNoLeaks { tracker in
            // Tracked too: the session holds it, and the pending instant search's timer on it
            // holds the session.
            let scheduler = tracker.track(TestScheduler())
            let viewModel = tracker.track(SearchViewModel(
                service: SearchHarness.service(requests: requests),
                scheduler: scheduler,
                pageSize: 3,
                instantSearchDelay: .milliseconds(300)
            ))
            let output = viewModel.transform(input: input)
            output.isLoading.bind { _ in }.store(in: viewModel.bag)
            input.querySubmitted.send("cats")
            requests.respond(with: Fixtures.page(["a", "b", "c"]))
            scheduler.advance()
            input.itemSelected.send(0)               // a detail pager shares the results
            input.nextPageRequested.fire()
            input.queryChanged.send("dogs")          // an instant search is pending too
            #expect(requests.pendingRequests.count == 1)
        }
        #expect(requests.cancelledRequests == [SearchRequest(.photos, "cats", page: 2, perPage: 3)])
        #expect(input.querySubmitted.bindingCount == 0)
    }

    @Test func aDetailPagerOutlivingTheViewModelKeepsItsPhotosAndLoadsNothing() throws {
        let requests = ScriptedRequests<SearchRequest, SearchResponse>()
        let scheduler = TestScheduler()
        var detail: PhotoDetailViewModel?
        do {
            let viewModel = SearchViewModel(service: SearchHarness.service(requests: requests), scheduler: scheduler, pageSize: 2)
            let input = SearchViewModel.Input()
            let output = viewModel.transform(input: input)
            let token = output.detail.bind { detail = $0 }
            input.querySubmitted.send("cats")
            requests.respond(with: Fixtures.page(["a", "b"]))
            scheduler.advance()
            input.itemSelected.send(1)
            token.cancel()
        }
        let pager = try #require(detail)
        _ = pager.transform(input: PhotoDetailViewModel.Input())   // at the last photo: asks for more
        #expect(pager.photos.map(\.id) == ["a", "b"])
        #expect(requests.requests.count == 1)
    }

    @Test func inputsSentFromAnOutputHandlerAreHandledAfterItInOrder() {
        // A synchronous source on an immediate scheduler: every response arrives inside the
        // request, and the "view" displays each inserted cell at once, which asks for the next
        // page from inside the output handler.
        let pages: [Int: [String]] = [1: ["a", "b", "c"], 2: ["d", "e", "f"], 3: ["g"]]
        let service = PhotoService(
            editorialPhotos: { _, _ in .never },
            search: { _, _, page, _ in .just(Fixtures.page(pages[page] ?? [], page: page, totalPages: 3)) },
            photoDetail: { _ in .never },
            imageData: { _ in .never }
        )
        let viewModel = SearchViewModel(service: service, scheduler: .immediate, pageSize: 3)
        let input = SearchViewModel.Input()
        let output = viewModel.transform(input: input)
        let timeline = Timeline()
        SearchHarness.record(output, into: timeline)
        timeline.skipPendingEmissions()
        output.insertedIndexPaths.bind { paths in
            for path in paths { input.itemDisplayed.send(path.item) }
        }.store(in: viewModel.bag)

        input.querySubmitted.send("cats")
        timeline.expect {
            ("query", "cats")
            ("results", "[photo:a, photo:b, photo:c]")
            ("insertedIndexPaths", SearchHarness.paths(0..<3))
            ("results", "[photo:a, photo:b, photo:c, photo:d, photo:e, photo:f]")
            ("insertedIndexPaths", SearchHarness.paths(3..<6))
            ("results", "[photo:a, photo:b, photo:c, photo:d, photo:e, photo:f, photo:g]")
            ("insertedIndexPaths", SearchHarness.paths(6..<7))
        }
        timeline.finish()
    }

    @Test func aResultsSnapshotNeverChangesAfterItIsPublished() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        let snapshots = Recorder(harness.output.results)
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"])
        harness.input.nextPageRequested.fire()
        harness.respond(to: harness.request("cats", page: 2), ids: ["d"])
        harness.submit("dogs")
        harness.respond(to: harness.request("dogs"), ids: ["x"])

        #expect(snapshots.values.map { $0.map(\.id) } == [
            [],
            ["photo:a", "photo:b", "photo:c"],
            ["photo:a", "photo:b", "photo:c", "photo:d"],
            [],
            ["photo:x"],
        ])
        #expect(SearchResults.empty.isEmpty)
        harness.timeline.skipPendingEmissions()
        harness.timeline.finish()
    }
}

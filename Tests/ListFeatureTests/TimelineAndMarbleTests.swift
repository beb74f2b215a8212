import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsPaging
import SignalsTesting
import Testing
// IndexPath(item:section:), .item and .section: UIKit's or AppKit's where they exist (as in an
// app), ListFeature's on Linux.
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// Whole-output histories with the SignalsTesting timeline (every emission of every output,
/// in order, must be stated) and marble diagrams (the same over virtual time).
@Suite struct TimelineAndMarbleTests {
    @Test func theListsWholeOutputThroughLoadRefreshWhileLoadingFailureRetryAndSelection() {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let viewModel = PhotoListViewModel(service: fake.service, scheduler: scheduler, pageSize: 3)
        let input = PhotoListViewModel.Input()
        let timeline = Timeline(scheduler: scheduler)
        let recorded = timeline.recordAll(of: viewModel.transform(input: input))
        #expect(recorded == ["insertedIndexPaths", "reloaded", "isLoading", "isEmpty", "error", "detail", "footer", "hasMore"])
        timeline.expect {
            ("isLoading", false)
            ("isEmpty", false)
            ("footer", "hidden")
            ("hasMore", true)
        }

        input.appeared.fire()
        timeline.expect { ("isLoading", true) }
        fake.respond(page: 1, ids: [1, 2, 3], totalPages: 2)
        scheduler.advance()
        timeline.expect {
            ("insertedIndexPaths", "[[0, 0], [0, 1], [0, 2]]")
            ("isLoading", false)
        }

        input.nextPage.fire()
        input.refresh.fire()
        timeline.expect {
            ("isLoading", true)
            ("footer", "loading")
            ("reloaded", "()")
            ("isLoading", false)
            ("footer", "hidden")
            ("isLoading", true)
        }
        #expect(fake.respond(page: 2, ids: [9], totalPages: 2) == false)  // cancelled by the refresh
        fake.respond(page: 1, ids: [1, 2, 3], totalPages: 2)
        scheduler.advance()
        timeline.expect {
            ("insertedIndexPaths", "[[0, 0], [0, 1], [0, 2]]")
            ("isLoading", false)
        }

        input.itemDisplayed.send(2)
        fake.fail(page: 2)
        scheduler.advance()
        input.itemDisplayed.send(2)
        timeline.expect {
            ("isLoading", true)
            ("footer", "loading")
            ("error", offline.message)
            ("isLoading", false)
            ("footer", PagingFooter.failed(offline))
        }

        input.retry.fire()
        fake.respond(page: 2, ids: [3, 4, 5], totalPages: 2)
        scheduler.advance()
        input.nextPage.fire()
        input.itemSelected.send(3)
        timeline.expect {
            ("isLoading", true)
            ("footer", "loading")
            ("insertedIndexPaths", "[[0, 3], [0, 4]]")
            ("isLoading", false)
            ("hasMore", false)
            ("footer", "hidden")
            ("detail", "SignalsPhotoList.PhotoDetailViewModel")
        }
        timeline.finish()
        #expect(fake.requestedPages == [1, 2, 1, 2, 2])
    }

    @Test func theDetailPagersWholeOutputWhileItPagesLoadsMoreShowsInfoAndIsDismissed() {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let list = Paginator<Photo, UseCaseError, Int>(scheduler: scheduler) { page in fake.service.editorialPhotos(page, 3).pageResponses(requested: page) }
        list.loadNextPage()
        fake.respond(page: 1, ids: [1, 2, 3], totalPages: 2)
        scheduler.advance()
        let viewModel = PhotoDetailViewModel(pages: PhotoPages(list), selectedIndex: 1, service: fake.service, scheduler: scheduler)
        let input = PhotoDetailViewModel.Input()
        let output = viewModel.transform(input: input)
        let timeline = Timeline(scheduler: scheduler)
        timeline.record("title", output.title)
        timeline.record("position", output.position)
        timeline.record("currentIndex", output.currentIndex)
        timeline.record("isInfoHidden", output.isInfoHidden)
        timeline.record("dismiss", output.dismiss)
        timeline.record("photoDetail", output.photoDetail) { "detail of \($0.id)" }
        timeline.record("isLoadingDetail", output.isLoadingDetail)
        timeline.record("error", output.error) { $0.message }
        timeline.record("insertedIndexPaths", output.insertedIndexPaths) { "\($0.map(\.item))" }
        timeline.expect {
            ("title", "Photographer 2")
            ("position", "2 / 3")
            ("currentIndex", 1)
            ("isInfoHidden", true)
            ("isLoadingDetail", false)
        }

        input.pageChanged.send(2)
        timeline.expect {
            ("title", "Photographer 3")
            ("position", "3 / 3")
            ("currentIndex", 2)
        }
        fake.respond(page: 2, ids: [4, 5], totalPages: 2)
        scheduler.advance()
        timeline.expect {
            ("position", "3 / 5")
            ("insertedIndexPaths", "[3, 4]")
        }

        input.imageTapped.fire()
        input.infoRequested.fire()
        fake.details.respond(with: .success(PhotoDetail(photo: makePhoto(3))))
        scheduler.advance()
        input.pulledDown.send(120)
        input.pulledDown.send(240)
        input.pulledDown.send(260)
        timeline.expect {
            ("isInfoHidden", false)
            ("isLoadingDetail", true)
            ("isLoadingDetail", false)
            ("photoDetail", "detail of p3")
            ("dismiss", 2)
        }
        timeline.finish()
    }

    @Test func loadingAndInsertsOverVirtualTimeMatchTheirMarbleDiagrams() throws {
        let fake = FakePhotoService()
        let scheduler = TestScheduler()
        let viewModel = PhotoListViewModel(service: fake.service, scheduler: scheduler, pageSize: 2)
        let input = PhotoListViewModel.Input()
        let output = viewModel.transform(input: input)
        let isLoading = Recorder(output.isLoading, scheduler: scheduler)
        let inserted = Recorder(output.insertedIndexPaths, scheduler: scheduler)
        let reloaded = Recorder(output.reloaded, scheduler: scheduler)
        let event = ["x": ()]
        try scheduler.send("x", values: event, to: input.appeared)
        try scheduler.send("-----x", values: event, to: input.nextPage)
        try scheduler.send("------x", values: event, to: input.refresh)
        // The server answers page 1 at tick 3, the (by then cancelled) page 2 at tick 7, and
        // the refreshed page 1 at tick 9.
        scheduler.schedule(after: scheduler.ticks(3)) { fake.respond(page: 1, ids: [1, 2], totalPages: 3) }
        scheduler.schedule(after: scheduler.ticks(7)) { fake.respond(page: 2, ids: [3, 4], totalPages: 3) }
        scheduler.schedule(after: scheduler.ticks(9)) { fake.respond(page: 1, ids: [5], totalPages: 3) }
        scheduler.run()
        expectMarbles(isLoading, "[ft]--f-t[ft]--f", values: ["t": true, "f": false])
        expectMarbles(inserted, "---a-----b") { "\($0.count == 2 ? "a" : "b")" }
        expectMarbles(reloaded, "------r") { _ in "r" }
        #expect(fake.cancelledPages == [2])
    }

    @Test func noObjectOfTheListFlowOutlivesItsOwner() throws {
        try expectNoLeaks { tracker in
            let fake = FakePhotoService()
            let scheduler = TestScheduler()
            let list = tracker.track(PhotoListViewModel(service: fake.service, scheduler: scheduler))
            tracker.track(list.bag)
            tracker.track(list.imageLoader)
            let input = PhotoListViewModel.Input()
            let details = Recorder(list.transform(input: input).detail)
            input.appeared.fire()
            fake.respond(page: 1, ids: Array(1...30), totalPages: 3)
            scheduler.advance()
            input.itemSelected.send(29)
            let detail = tracker.track(try #require(details.values.first))
            _ = detail.transform(input: PhotoDetailViewModel.Input())
            let cell = tracker.track(try #require(list.cellViewModel(at: 0)))
            let cellInput = PhotoCellViewModel.Input()
            _ = cell.transform(input: cellInput)
            cellInput.displayed.fire()
            input.itemSelected.send(3)
            #expect(fake.pendingPages == [2])
            #expect(fake.images.pendingRequests.count == 1)
            #expect(details.values.count == 2)
        }
    }
}

import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsPaging
import SignalsTesting
import Testing

@Suite struct PagedListTests {
    @Test func aStaleResponseAfterResetIsNeverAppendedNorReportedNorStopsLoading() {
        let scheduler = TestScheduler()
        let requests = ScriptedRequests<Int, Result<Page<Item>, UseCaseError>>()
        let list = photoPaginator(scheduler: scheduler, load: { requests($0) })
        let loading = Recorder(list.isLoading)
        let inserted = Recorder(list.inserted)
        let errors = Recorder(list.error)
        list.loadNextPage()
        // The old response arrives, but is still queued on the scheduler when the list resets.
        requests.respond(with: .success(page([7], page: 1, totalPages: 1)))
        list.reset(to: { number in requests(number).pageResponses(requested: number) })
        list.loadNextPage()
        scheduler.advance()
        #expect(list.items.isEmpty)
        #expect(loading.values == [false, true, false, true])
        requests.respond(with: .success(page([1, 2], page: 1, totalPages: 2)))
        scheduler.advance()
        #expect(inserted.values == [0..<2])
        #expect(errors.values == [])
        #expect(loading.values == [false, true, false, true, false])
        #expect(list.items.map(\.id) == [1, 2])
    }

    @Test func aResetCancelsTheRequestInFlight() {
        let requests = ScriptedRequests<Int, Result<Page<Item>, UseCaseError>>()
        let list = photoPaginator(scheduler: ImmediateScheduler(), load: { requests($0) })
        list.loadNextPage()
        list.reset(to: { number in requests(number + 100).pageResponses(requested: number) })
        list.loadNextPage()
        #expect(requests.cancelledRequests == [1])
        #expect(requests.pendingRequests == [101])
    }

    @Test func deallocatingTheListCancelsTheRequestInFlight() {
        let requests = ScriptedRequests<Int, Result<Page<Item>, UseCaseError>>()
        weak var weakList: Paginator<Item, UseCaseError, Int>?
        do {
            let list = photoPaginator(scheduler: ImmediateScheduler(), load: { requests($0) })
            weakList = list
            list.loadNextPage()
        }
        #expect(weakList == nil)
        #expect(requests.cancelledRequests == [1])
    }

    @Test func appendingTenThousandPagesOfThirtyThroughThePagedListStaysLinear() {
        // O(page size) per append: quadratic copying would take minutes here, not a second.
        // The source answers synchronously, so the loop measures the list, not a test double.
        let list = photoPaginator(scheduler: ImmediateScheduler()) { number in
            let ids = (0..<30).map { (number - 1) * 30 + $0 }
            return .just(.success(page(ids, page: number, totalPages: 20_000)))
        }
        let inserted = Recorder(list.inserted)
        for _ in 0..<10_000 { list.loadNextPage() }
        #expect(list.items.count == 300_000)
        #expect(inserted.values.count == 10_000)
        #expect(inserted.values.last == 299_970..<300_000)
        #expect(inserted.values.enumerated().allSatisfy { $0.element == $0.offset * 30..<($0.offset + 1) * 30 })
    }
}

@Suite struct PagedListEngineTests {
    let scheduler = TestScheduler()
    let requests = ScriptedRequests<Int, Result<Page<Item>, UseCaseError>>()
    let failure = UseCaseError.network(.transportFailure(reason: "offline"))

    func makeList() -> Paginator<Item, UseCaseError, Int> {
        let requests = requests
        return photoPaginator(scheduler: scheduler, load: { requests($0) })
    }

    func answer(_ ids: [Int], totalPages: Int) {
        let pageNumber = requests.pendingRequests.first ?? 0
        requests.respond(with: .success(page(ids, page: pageNumber, totalPages: totalPages)))
        scheduler.advance()
    }

    @Test func aFailedPageIsReportedOnceAndAskedForAgain() {
        let list = makeList()
        let errors = Recorder(list.error)
        let loading = Recorder(list.isLoading)
        list.loadNextPage()
        requests.respond(with: .failure(failure))
        scheduler.advance()
        list.loadNextPage()
        answer([1, 2], totalPages: 3)
        list.loadNextPage()
        #expect(requests.requests == [1, 1, 2])
        #expect(errors.values == [failure])
        #expect(loading.values == [false, true, false, true, false, true])
    }

    @Test func aSecondLoadWhileOneIsInFlightIsIgnored() {
        let list = makeList()
        list.loadNextPage()
        list.loadNextPage()
        list.loadNextPage()
        #expect(requests.requests == [1])
    }

    @Test func theListStopsAtTotalPagesAndAtAnEmptyPage() {
        let list = makeList()
        list.loadNextPage()
        answer([1], totalPages: 2)
        list.loadNextPage()
        answer([2], totalPages: 2)
        list.loadNextPage()
        #expect(requests.requests == [1, 2])

        list.reset(to: { [requests] number in requests(number).pageResponses(requested: number) })
        list.loadNextPage()
        answer([1], totalPages: 9)
        list.loadNextPage()
        answer([], totalPages: 9)
        list.loadNextPage()
        #expect(requests.requests == [1, 2, 1, 2])
    }

    @Test func insertedRangesCoverOnlyTheItemsAppendedAfterDeduplication() {
        let list = makeList()
        let inserted = Recorder(list.inserted)
        list.loadNextPage()
        answer([1, 2, 3], totalPages: 4)
        list.loadNextPage()
        answer([2, 3], totalPages: 4)          // all duplicates: no insert
        list.loadNextPage()
        answer([3, 4, 4, 5], totalPages: 4)
        #expect(inserted.values == [0..<3, 3..<5])
        #expect(list.items.map(\.id) == [1, 2, 3, 4, 5])
        #expect(list.state.pages.nextCursor == 4)
    }

    @Test func aStaleFailureAfterResetIsNeitherReportedNorStopsTheNewRequest() {
        let list = makeList()
        let errors = Recorder(list.error)
        let loading = Recorder(list.isLoading)
        let resets = Recorder(list.didReset)
        list.loadNextPage()
        requests.respond(with: .failure(failure))   // queued on the scheduler
        list.reset(to: { [requests] number in requests(number + 100).pageResponses(requested: number) })
        list.loadNextPage()
        scheduler.advance()
        #expect(errors.values == [])
        #expect(loading.values == [false, true, false, true])
        #expect(resets.values.count == 1)
        #expect(requests.pendingRequests == [101])
    }

    @Test func aRequestThatEndsWithoutAResultJustStopsLoading() {
        let list = makeList()
        let errors = Recorder(list.error)
        let loading = Recorder(list.isLoading)
        list.loadNextPage()
        requests.finishWithoutResponse()
        scheduler.advance()
        list.loadNextPage()
        #expect(errors.values == [])
        #expect(loading.values == [false, true, false, true])
        #expect(requests.requests == [1, 1])
    }

    @Test func aSynchronousSourceDrivenFromItsOwnInsertsLoadsEveryPageInOrder() {
        let list = photoPaginator(scheduler: ImmediateScheduler()) { number in
            .just(.success(page([number * 10, number * 10 + 1], page: number, totalPages: 50)))
        }
        let inserted = Recorder(list.inserted)
        let token = list.inserted.bind { [weak list] _ in list?.loadNextPage() }
        list.loadNextPage()
        let expectedRanges: [Range<Int>] = (0..<50).map { (index: Int) in index * 2..<index * 2 + 2 }
        let expectedIDs: [Int] = (1...50).flatMap { (number: Int) in [number * 10, number * 10 + 1] }
        #expect(inserted.values == expectedRanges)
        #expect(list.items.map(\.id) == expectedIDs)
        withExtendedLifetime(token) {}
    }
}

@Suite struct PagedListPolicyTests {
    @Test func aPageOfOnlyDuplicatesDoesNotStallPagingOrLoadingFlickers() {
        let scheduler = TestScheduler()
        let requests = ScriptedRequests<Int, Result<Page<Item>, UseCaseError>>()
        let list = photoPaginator(scheduler: scheduler, load: { requests($0) })
        let loading = Recorder(list.isLoading)
        let changes = Recorder(list.changes)
        let empty = Recorder(list.isEmpty)
        list.loadNextPage()
        requests.respond(with: .success(page([1, 2], page: 1, totalPages: 3)))
        scheduler.advance()
        list.itemDisplayed(at: 1)
        requests.respond(with: .success(page([2, 1], page: 2, totalPages: 3)))
        scheduler.advance()
        #expect(requests.pendingRequests == [3])
        requests.respond(with: .success(page([3], page: 3, totalPages: 3)))
        scheduler.advance()
        #expect(requests.requests == [1, 2, 3])
        #expect(changes.values.map(\.summary) == ["appended 0..<2 of 2", "appended 2..<3 of 3"])
        #expect(loading.values == [false, true, false, true, false])
        #expect(empty.values == [false])
    }

    @Test func itemsTheListDoesNotKeepDoNotEndItOrMakeItEmpty() {
        let requests = ScriptedRequests<Int, Result<Page<Item>, UseCaseError>>()
        let list = photoPaginator(scheduler: ImmediateScheduler(), keeping: { $0.id > 0 }, load: { requests($0) })
        let empty = Recorder(list.isEmpty)
        list.loadFirstPageIfNeeded()
        requests.respond(with: .success(page([-1, -2], page: 1, totalPages: 2)))
        #expect(requests.pendingRequests == [2])
        #expect(empty.values == [false])
        requests.respond(with: .success(page([-3], page: 2, totalPages: 2)))
        #expect(empty.values == [false, true])
        #expect(list.items.isEmpty)
    }

    @Test func aSynchronousSourceWhoseFollowUpPageAnswersAtOnceLoadsItToo() {
        // The follow-up request starts inside the delivery of the previous response.
        let pages: [Int: [Int]] = [1: [1, 2], 2: [1], 3: [3]]
        let list = photoPaginator(scheduler: ImmediateScheduler()) { number in
            .just(.success(page(pages[number] ?? [], page: number, totalPages: 3)))
        }
        let changes = Recorder(list.changes)
        let loading = Recorder(list.isLoading)
        list.loadNextPage()
        list.loadNextPage()
        #expect(list.items.map(\.id) == [1, 2, 3])
        #expect(changes.values.map(\.summary) == ["appended 0..<2 of 2", "appended 2..<3 of 3"])
        #expect(loading.values == [false, true, false, true, false])
    }

    @Test func prefetchAndRetryFollowThePolicy() {
        let requests = ScriptedRequests<Int, Result<Page<Item>, UseCaseError>>()
        let list = photoPaginator(scheduler: ImmediateScheduler(), prefetchDistance: 1, load: { requests($0) })
        let failure = UseCaseError.network(.transportFailure(reason: "offline"))
        list.retry()
        list.loadFirstPageIfNeeded()
        requests.respond(with: .success(page([1, 2, 3], page: 1, totalPages: 3)))
        list.itemDisplayed(at: 1)
        list.itemDisplayed(at: 2)
        requests.respond(with: .failure(failure))
        list.itemDisplayed(at: 2)
        list.loadFirstPageIfNeeded()
        #expect(requests.requests == [1, 2])
        list.retry()
        #expect(requests.pendingRequests == [2])
    }
}

extension PagingChange where Failure == UseCaseError {
    /// The change in words, with the snapshot's size.
    var summary: String {
        switch self {
        case .reset: "reset"
        case .appended(let range, let items): "appended \(range) of \(items.count)"
        case .refreshed(let items): "refreshed to \(items.count)"
        case .failed(let error): "failed \(error.message)"
        case .ended: "ended"
        }
    }
}

import Dispatch
import Foundation
import SignalsPhotoList
import SignalsPhotoData
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals
import SignalsTesting
import Testing

/// The search view model against the real embedded catalog, through `PhotoService(repository:)`:
/// real `Task`s answer on other threads and are received on a serial queue. Outputs are
/// awaited through `values`; nothing sleeps.
@Suite struct EmbeddedCatalogSearchTests {
    @Test(.timeLimit(.minutes(1)))
    func searchingTheCatalogPagesThroughItsResultsAcrossScopesAndCancels() async throws {
        let repository = try EmbeddedPhotoRepository()
        let pageSize = 10
        let photos1 = try await repository.search(.photos, query: "coffee", page: 1, perPage: pageSize)
        let photos2 = try await repository.search(.photos, query: "coffee", page: 2, perPage: pageSize)
        let collections = try await repository.search(.collections, query: "coffee", page: 1, perPage: pageSize)
        let users = try await repository.search(.users, query: "coffee", page: 1, perPage: pageSize)
        try #require(photos2.items.count == pageSize && !collections.items.isEmpty && users.items.isEmpty)

        let queue = DispatchQueue(label: "EmbeddedCatalogSearchTests")
        let viewModel = SearchViewModel(
            service: PhotoService(repository: repository),
            scheduler: DispatchQueueScheduler(queue: queue),
            pageSize: pageSize
        )
        let input = SearchViewModel.Input()
        let output = viewModel.transform(input: input)
        // Snapshots and pagers are read on the queue they are delivered on, and sent as IDs.
        var results = output.results.map { $0.map(\.id) }.values.makeAsyncIterator()
        var inserted = output.insertedIndexPaths.values.makeAsyncIterator()
        var hasResults = output.hasResults.values.makeAsyncIterator()
        var query = output.query.values.makeAsyncIterator()
        var details = output.detail.map { detail in detail.selectedIndex }.values.makeAsyncIterator()
        let errors = Recorder(output.error)   // thread-safe
        #expect(await results.next() == [])
        #expect(await hasResults.next() == true)
        #expect(await query.next() == "")

        // Inputs are sent on the view model's queue.
        func send(_ body: @escaping @Sendable () -> Void) { queue.async(execute: body) }
        let submitted = input.querySubmitted, nextPage = input.nextPageRequested
        let selected = input.itemSelected, scope = input.scopeSelected, cancel = input.cancelTapped

        send { submitted.send("  coffee ") }
        #expect(await query.next() == "coffee")
        #expect(await inserted.next() == (0..<pageSize).indexPaths())
        #expect(await results.next() == photos1.items.map(\.id))

        send { nextPage.send(()) }
        #expect(await inserted.next() == (pageSize..<(2 * pageSize)).indexPaths())
        #expect(await results.next() == (photos1.items + photos2.items).map(\.id))

        send { selected.send(3) }
        #expect(await details.next() == 3)

        send { scope.send(.collections) }
        #expect(await results.next() == [])
        #expect(await results.next() == collections.items.map(\.id))
        #expect(await inserted.next() == (0..<collections.items.count).indexPaths())

        // No user matches: the finished search says "no results".
        send { scope.send(.users) }
        #expect(await results.next() == [])
        #expect(await hasResults.next() == false)

        send { cancel.send(()) }
        #expect(await query.next() == "")
        #expect(await hasResults.next() == true)

        // Nothing failed along the way (read after everything queued so far has run).
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        #expect(errors.values.isEmpty)
    }
}

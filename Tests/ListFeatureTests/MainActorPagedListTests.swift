import Dispatch
import SignalsPhotoList
import SignalsPhotoDomain
import Signals
import SignalsTesting
import Testing

/// Marks the main dispatch queue (the main actor's executor), so a handler can record whether
/// main ran it without trapping, in release builds too (`Thread.isMainThread` is no clue on Linux).
private let mainQueueMarker: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

/// A `Paginator` over `PhotoDomain` pages driven from a `@MainActor` test, its pages coming from an `async` function
/// (`ScriptedFunction` with a `TestScheduler`) and received on that scheduler: every answer runs
/// the scheduler on the test's actor, so the handlers bound here (checked for the main actor in
/// debug builds) are called on it.
@MainActor
struct MainActorPagedListTests {
    struct Offline: Error {}

    @Test func pagingThroughAScheduledScriptedFunctionDeliversOnTheMainActor() async throws {
        let scheduler = TestScheduler()
        let pages = ScriptedFunction<Int, Page<Item>>(scheduler: scheduler)
        let list = photoPaginator(scheduler: scheduler) { number in
            Observable.task { try await pages(number) }
                .map { $0.mapError { _ in UseCaseError.network(.transportFailure(reason: "offline")) } }
        }
        var changes: [String] = []
        var changesOffMain = 0
        // Bound on the main actor: a debug build traps if a change arrives off it.
        let token = list.changes.bind { change in
            if DispatchQueue.getSpecific(key: mainQueueMarker) == nil { changesOffMain += 1 }
            switch change {
            case .reset: changes.append("reset")
            case .appended(let range, _): changes.append("appended \(range)")
            case .refreshed: changes.append("refreshed")
            case .failed: changes.append("failed")
            case .ended: changes.append("ended")
            }
        }
        let loading = Recorder(list.isLoading)

        list.loadNextPage()
        let first = try await pages.expectCall()
        await first.succeed(with: page([1, 2, 3], page: 1, totalPages: 3))
        list.itemDisplayed(at: 2)
        try await pages.expectCall().fail(with: Offline())
        list.retry()
        try await pages.expectCall().succeed(with: page([4, 5], page: 2, totalPages: 3))
        list.loadNextPage()
        try await pages.expectCall().succeed(with: page([6], page: 3, totalPages: 3))
        list.loadNextPage()

        #expect(pages.inputs == [1, 2, 2, 3])
        #expect(changes == ["appended 0..<3", "failed", "appended 3..<5", "appended 5..<6"])
        #expect(changesOffMain == 0)
        #expect(list.items.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(loading.values == [false, true, false, true, false, true, false, true, false])
        #expect(scheduler.pendingCount == 0)
        pages.expectNoPendingCalls()
        withExtendedLifetime(token) {}
    }
}

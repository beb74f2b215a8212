import Foundation
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals
import SignalsTesting
import Testing

/// The timing-sensitive flows as marble diagrams: one tick (`-`) is 100 ms of virtual time.
/// Inputs are played into the view model from diagrams; responses are answered at set ticks.
@Suite struct SearchViewModelMarbleTests {
    /// Marble symbols for the outputs.
    static func flag(_ value: Bool) -> String { value ? "t" : "f" }
    static func count(_ results: SearchResults) -> String { String(results.count) }
    static func scope(_ scope: SearchScope) -> String {
        switch scope {
        case .photos: "p"
        case .collections: "k"
        case .users: "u"
        }
    }

    /// Answers `request` with a page of `ids` at tick `tick`.
    static func answer(_ harness: SearchHarness, _ request: SearchRequest, ids: [String], atTick tick: Int) {
        let requests = harness.requests
        let response = Fixtures.page(ids, in: request.scope, page: request.page)
        harness.scheduler.schedule(after: harness.scheduler.ticks(tick)) {
            requests.respond(to: request, with: response)
        }
    }

    @Test func typingSearchesAfterAPauseAndSubmittingSupersedesThePendingSearch() throws {
        let harness = SearchHarness(instantSearchDelay: .milliseconds(300))
        harness.timeline.exhaustivity = .partial
        let scheduler = harness.scheduler
        let requests = Recorder(harness.requestLog.asObservable(), scheduler: scheduler)
        let isLoading = Recorder(harness.output.isLoading, scheduler: scheduler)
        let results = Recorder(harness.output.results, scheduler: scheduler)

        let typed = ["a": "c", "b": "ca", "c": "cat", "d": "cats"]
        try scheduler.send("abc-----d", values: typed, to: harness.input.queryChanged)
        try scheduler.send("---------s", values: ["s": "cats"], to: harness.input.querySubmitted)
        Self.answer(harness, harness.request("cat"), ids: ["a", "b", "c"], atTick: 7)
        Self.answer(harness, harness.request("cats"), ids: ["x", "y"], atTick: 11)
        scheduler.run()

        // "cat" is searched 300 ms after the last keystroke; "cats" is submitted before its
        // pause ends, so it is searched once, at once, and the pending instant search is dropped.
        expectMarbles(requests, "-----'cat'---'cats'") { $0.query }
        expectMarbles(isLoading, "f----t-f-t-f", symbol: Self.flag)
        expectMarbles(results, "0------3-0-2", symbol: Self.count)
        harness.timeline.finish()
    }

    @Test func aSlowResponseOvertakenByANewQueryIsNeverShown() throws {
        let harness = SearchHarness()
        harness.timeline.exhaustivity = .partial
        let scheduler = harness.scheduler
        let requests = Recorder(harness.requestLog.asObservable(), scheduler: scheduler)
        let isLoading = Recorder(harness.output.isLoading, scheduler: scheduler)
        let results = Recorder(harness.output.results, scheduler: scheduler)
        let errors = Recorder(harness.output.error, scheduler: scheduler)

        try scheduler.send("-a-b", values: ["a": "cats", "b": "dogs"], to: harness.input.querySubmitted)
        Self.answer(harness, harness.request("cats"), ids: ["c1", "c2", "c3"], atTick: 6)   // slow
        Self.answer(harness, harness.request("dogs"), ids: ["d1"], atTick: 4)
        scheduler.run()

        expectMarbles(requests, "-c-d") { String($0.query.prefix(1)) }
        expectMarbles(isLoading, "ft--f", symbol: Self.flag)
        expectMarbles(results, "0---1", symbol: Self.count)
        expectMarbles(errors, "")
        #expect(harness.requests.cancelledRequests == [harness.request("cats")])
        harness.timeline.finish()
    }

    @Test func switchingScopeWhileLoadingKeepsOnlyTheLastScope() throws {
        let harness = SearchHarness()
        harness.timeline.exhaustivity = .partial
        let scheduler = harness.scheduler
        let requests = Recorder(harness.requestLog.asObservable(), scheduler: scheduler)
        let isLoading = Recorder(harness.output.isLoading, scheduler: scheduler)
        let results = Recorder(harness.output.results, scheduler: scheduler)
        let scope = Recorder(harness.output.scope, scheduler: scheduler)

        try scheduler.send("-a", values: ["a": "cats"], to: harness.input.querySubmitted)
        try scheduler.send("--uk", values: ["u": SearchScope.users, "k": .collections], to: harness.input.scopeSelected)
        Self.answer(harness, harness.request("cats", in: .photos), ids: ["p1"], atTick: 4)
        Self.answer(harness, harness.request("cats", in: .users), ids: ["u1"], atTick: 4)
        Self.answer(harness, harness.request("cats", in: .collections), ids: ["k1", "k2"], atTick: 5)
        scheduler.run()

        expectMarbles(scope, "p-uk", symbol: Self.scope)
        expectMarbles(requests, "-puk") { Self.scope($0.scope) }
        expectMarbles(isLoading, "ft---f", symbol: Self.flag)
        expectMarbles(results, "0----2", symbol: Self.count)
        #expect(harness.requests.cancelledRequests == [harness.request("cats", in: .photos), harness.request("cats", in: .users)])
        harness.timeline.finish()
    }

    @Test func cancelDropsAPendingInstantSearch() throws {
        let harness = SearchHarness(instantSearchDelay: .milliseconds(300))
        harness.timeline.exhaustivity = .partial
        let scheduler = harness.scheduler
        let requests = Recorder(harness.requestLog.asObservable(), scheduler: scheduler)
        let query = Recorder(harness.output.query, scheduler: scheduler)

        try scheduler.send("ab-------c", values: ["a": "d", "b": "do", "c": "   "], to: harness.input.queryChanged)
        try scheduler.send("--x", values: ["x": ()], to: harness.input.cancelTapped)
        scheduler.run()

        // No ghost search for "do" after cancel, and blank text is never searched.
        expectMarbles(requests, "")
        expectMarbles(query, "''")
        harness.timeline.finish()
    }

    @Test func typingTheQueryAlreadyShownDoesNotSearchItAgain() throws {
        let harness = SearchHarness(instantSearchDelay: .milliseconds(300))
        harness.timeline.exhaustivity = .partial
        let scheduler = harness.scheduler
        let requests = Recorder(harness.requestLog.asObservable(), scheduler: scheduler)

        try scheduler.send("a---b-------c", values: ["a": "cats", "b": "cats ", "c": "dogs"], to: harness.input.queryChanged)
        Self.answer(harness, harness.request("cats"), ids: ["a"], atTick: 4)
        scheduler.run()

        expectMarbles(requests, "---c-----------d") { String($0.query.prefix(1)) }
        harness.timeline.finish()
    }
}

import Foundation
import Signals
import SignalsTesting
import Testing

/// What the docs say a block prints or does, checked on the block itself (the blocks are in
/// `Generated/`, one namespace per Markdown file; a block named `name=` in its annotation is a
/// method of that namespace).
@Suite(.timeLimit(.minutes(1)))
struct DocClaimsTests {
    @Test func gettingStartedsFirstStreamsPrintWhatTheirCommentsSay() async throws {
        let doc = GettingStartedDoc()
        try await doc.streamsInOneMinute()
        // `prints "loading: false" at once`, then `search for cats` and `loading: true`.
        #expect(doc.printed.all == ["loading: false", "search for cats", "loading: true"])
    }

    @Test func theRxSwiftGuidesSignalsSearchShowsResultsOnTheMainThreadAsADriverDoes() async throws {
        let screen = SearchScreen()
        try await screen.rxSwiftSearch()
        await withCheckedContinuation { (shown: CheckedContinuation<Void, Never>) in
            screen.onShow = { shown.resume() }
            screen.query.send("cats")
            // The debounce fires here; `api.search` answers on a background thread.
            screen.scheduler.advance(by: .milliseconds(300))
        }
        #expect(screen.shown.map(\.photos) == [[Photo(id: "cats")]])
        #expect(screen.shown.map(\.onMainThread) == [true])
    }

    @Test func theCombineGuidesSignalsSearchShowsResultsOnTheMainThreadToo() async throws {
        let screen = SearchScreen()
        try await screen.combineSearch()
        #expect(screen.shown.isEmpty)   // the block's own `query` property starts at "" (no pause yet)
        await withCheckedContinuation { (shown: CheckedContinuation<Void, Never>) in
            screen.onShow = { shown.resume() }
            screen.scheduler.advance(by: .milliseconds(300))
        }
        #expect(screen.shown.map(\.photos) == [[Photo(id: "")]])
        #expect(screen.shown.map(\.onMainThread) == [true])
    }

    @Test func aViewModelToCopysPagingRulesHold() async throws {
        try await AViewModelToCopyDoc().pagingStateRules()
    }

    @Test func aRemoveDuplicatesOutputDropsTheRepeatedFalse() async throws {
        try await InputOutputViewModelsDoc().changesOnlyOutput()
    }

    @Test func sessionOutputsGoSilentWhenTheBagCancelsAndTheStateKeepsItsLastValue() async throws {
        try await InputOutputViewModelsDoc().sessionOutputs()
    }

    @Test func thePagingArticlesActivityGoesFromRefreshToIdleWithoutShowingTheFooter() async throws {
        try await SignalsPagingDoc().pageActivity()
    }

    @Test func afterASecondTransformTheEarlierOutputsEmitNothingMore() {
        let viewModel = InputOutputViewModelsDoc.LoginViewModel()
        let firstInput = InputOutputViewModelsDoc.LoginViewModel.Input()
        let first = viewModel.transform(input: firstInput)
        let firstEnabled = Recorder(first.isSubmitEnabled)
        let firstSubmitted = Recorder(first.submitted)
        firstInput.email.send("ada@example.com")
        firstInput.password.send("12345678")
        firstInput.submitTapped.fire()
        #expect(firstEnabled.values == [false, true])
        #expect(firstSubmitted.values == ["ada@example.com"])

        let secondInput = InputOutputViewModelsDoc.LoginViewModel.Input()
        let second = viewModel.transform(input: secondInput)
        let secondSubmitted = Recorder(second.submitted)
        // The earlier input drives nothing, and the earlier outputs stay silent.
        firstInput.password.send("1")
        firstInput.submitTapped.fire()
        #expect(firstEnabled.values == [false, true])
        #expect(firstSubmitted.values == ["ada@example.com"])
        // The new session works on its own input.
        secondInput.email.send("grace@example.com")
        secondInput.submitTapped.fire()
        #expect(secondSubmitted.values == ["grace@example.com"])
    }
}

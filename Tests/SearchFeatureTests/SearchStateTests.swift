import PhotoDomain
@testable import SearchFeature
import Testing

/// The search screen's decisions, without a scheduler, a service or outputs.
@Suite struct SearchStateTests {
    func query(_ text: String) throws -> SearchQuery { try SearchQuery(validating: text) }

    @Test func aValidSubmitClearsTheMessageShowsTheQueryAndSearchesItInTheScope() throws {
        var state = SearchState(scope: .users, maximumQueryLength: 10)
        let effects = state.querySubmitted("  ada ", isLoading: false)
        #expect(effects == [.showValidationMessage(nil), .showQuery("ada"), .search(try query("ada"), in: .users)])
        #expect(state.activeQuery == (try query("ada")))
    }

    @Test func anInvalidSubmitOnlyShowsItsMessageAndKeepsTheSearch() throws {
        var state = SearchState(scope: .photos, maximumQueryLength: 3)
        _ = state.querySubmitted("cat", isLoading: false)
        let blank = state.querySubmitted("\u{200B}", isLoading: false)
        let long = state.querySubmitted("cats", isLoading: false)
        #expect(blank == [.showValidationMessage("Type something to search for.")])
        #expect(long == [.showValidationMessage("Searches can be at most 3 characters long.")])
        #expect(state.activeQuery == (try query("cat")))
    }

    @Test func submittingTheQueryThatIsLoadingSearchesNothingMore() {
        var state = SearchState(scope: .photos, maximumQueryLength: 200)
        _ = state.querySubmitted("cats", isLoading: false)
        let whileLoading = state.querySubmitted("cats", isLoading: true)
        let onceLoaded = state.querySubmitted("cats", isLoading: false)
        #expect(whileLoading == [.showValidationMessage(nil)])
        #expect(onceLoaded.contains(.search(try! query("cats"), in: .photos)))
    }

    @Test func typingPausedSearchesOnlyANewValidQuery() throws {
        var state = SearchState(scope: .photos, maximumQueryLength: 200)
        let first = state.typingPaused(on: "cats")
        let same = state.typingPaused(on: " cats ")
        let blank = state.typingPaused(on: "   ")
        #expect(first == [.showValidationMessage(nil), .showQuery("cats"), .search(try query("cats"), in: .photos)])
        #expect(same == [])
        #expect(blank == [])
    }

    @Test func cancelClearsTheQueryMessageAndResultsThenHidesTheCancelButton() {
        var state = SearchState(scope: .photos, maximumQueryLength: 200)
        let began = state.editingBegan()
        _ = state.querySubmitted("cats", isLoading: false)
        let cancelled = state.cancelTapped()
        #expect(began == [.showCancelButton(hidden: false)])
        #expect(cancelled == [.showQuery(""), .showValidationMessage(nil), .clear, .showCancelButton(hidden: true)])
        #expect(!state.isSearching)
    }

    @Test func anotherScopeRerunsTheShownQueryAndTheSameScopeDoesNothing() throws {
        var state = SearchState(scope: .photos, maximumQueryLength: 200)
        let withoutQuery = state.scopeSelected(.users)
        _ = state.querySubmitted("cats", isLoading: false)
        let withQuery = state.scopeSelected(.collections)
        let same = state.scopeSelected(.collections)
        #expect(withoutQuery == [.showScope(.users)])
        #expect(withQuery == [.showScope(.collections), .showQuery("cats"), .search(try query("cats"), in: .collections)])
        #expect(same == [])
    }
}

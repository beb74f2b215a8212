import SignalsPhotoDomain
@testable import SignalsPhotoSearch
import Testing

/// The search screen's decisions (the reducer the view model runs with `scan`), without a
/// scheduler, a service or outputs.
@Suite struct SearchStateTests {
    func query(_ text: String) throws -> SearchQuery { try SearchQuery(validating: text) }

    @Test func aValidSubmitClearsTheMessageShowsTheQueryAndSearchesItInTheScope() throws {
        var state = SearchState(scope: .users, maximumQueryLength: 10)
        state.handle(.querySubmitted("cats!!!!!!!"), isLoading: false)
        state.handle(.querySubmitted("  ada "), isLoading: false)
        #expect(state.validationMessage == nil)
        #expect(state.queryText == "ada")
        #expect(state.request == .search(try query("ada"), in: .users))
        #expect(state.query == (try query("ada")))
    }

    @Test func anInvalidSubmitOnlyShowsItsMessageAndKeepsTheSearch() throws {
        var state = SearchState(scope: .photos, maximumQueryLength: 3)
        state.handle(.querySubmitted("cat"), isLoading: false)
        state.handle(.querySubmitted("\u{200B}"), isLoading: false)
        #expect(state.validationMessage == "Type something to search for.")
        #expect(state.request == nil)
        state.handle(.querySubmitted("cats"), isLoading: false)
        #expect(state.validationMessage == "Searches can be at most 3 characters long.")
        #expect(state.request == nil)
        #expect(state.query == (try query("cat")))
    }

    @Test func submittingTheQueryThatIsLoadingSearchesNothingMore() throws {
        var state = SearchState(scope: .photos, maximumQueryLength: 200)
        state.handle(.querySubmitted("cats"), isLoading: false)
        state.handle(.querySubmitted("cats"), isLoading: true)
        #expect(state.request == nil)
        #expect(state.validationMessage == nil)
        state.handle(.querySubmitted("cats"), isLoading: false)
        #expect(state.request == .search(try query("cats"), in: .photos))
    }

    @Test func typingPausedSearchesOnlyANewValidQuery() throws {
        var state = SearchState(scope: .photos, maximumQueryLength: 200)
        state.handle(.typingPaused("cats"), isLoading: false)
        #expect(state.request == .search(try query("cats"), in: .photos))
        #expect(state.queryText == "cats")
        state.handle(.typingPaused(" cats "), isLoading: false)
        #expect(state.request == nil)
        state.handle(.typingPaused("   "), isLoading: false)
        #expect(state.request == nil)
        #expect(state.queryText == "cats")
    }

    @Test func cancelClearsTheQueryMessageAndResultsThenHidesTheCancelButton() {
        var state = SearchState(scope: .photos, maximumQueryLength: 200)
        #expect(state.isCancelButtonHidden)
        state.handle(.editingBegan, isLoading: false)
        #expect(!state.isCancelButtonHidden)
        state.handle(.querySubmitted("cats"), isLoading: false)
        state.handle(.querySubmitted(""), isLoading: false)
        state.handle(.cancelTapped, isLoading: true)
        #expect(state.queryText == "")
        #expect(state.query == nil)
        #expect(state.validationMessage == nil)
        #expect(state.request == .clear)
        #expect(state.isCancelButtonHidden)
    }

    @Test func anotherScopeRerunsTheShownQueryAndTheSameScopeDoesNothing() throws {
        var state = SearchState(scope: .photos, maximumQueryLength: 200)
        state.handle(.scopeSelected(.users), isLoading: false)
        #expect(state.scope == .users)
        #expect(state.request == nil)
        state.handle(.querySubmitted("cats"), isLoading: false)
        state.handle(.scopeSelected(.collections), isLoading: true)
        #expect(state.scope == .collections)
        #expect(state.request == .search(try query("cats"), in: .collections))
        state.handle(.scopeSelected(.collections), isLoading: true)
        #expect(state.request == nil)
    }

    @Test func pagingAndSelectionLeaveTheStateAsItIs() throws {
        var state = SearchState(scope: .photos, maximumQueryLength: 200)
        state.handle(.querySubmitted("cats"), isLoading: false)
        let searched = state
        for event: SearchEvent in [.nextPageRequested, .itemDisplayed(0), .itemSelected(0), .retryTapped] {
            state.handle(event, isLoading: true)
            #expect(state.request == nil)
            #expect(state.query == searched.query && state.scope == searched.scope)
        }
    }
}

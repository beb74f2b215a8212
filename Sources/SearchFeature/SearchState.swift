import SignalsPhotoDomain

/// A UI event of the search screen. `SearchViewModel` merges its inputs into one stream of
/// these, so that they are handled one at a time, in order.
enum SearchEvent {
    case editingBegan
    case querySubmitted(String)
    case typingPaused(String)
    case cancelTapped
    case scopeSelected(SearchScope)
    case nextPageRequested
    case itemDisplayed(Int)
    case itemSelected(Int)
    case retryTapped

    /// Whether the event is a tap on cancel.
    var isCancelTapped: Bool {
        if case .cancelTapped = self { true } else { false }
    }

    /// The index of the result selected, when the event is a selection.
    var selectedIndex: Int? {
        if case .itemSelected(let index) = self { index } else { nil }
    }
}

/// What the search screen decides by itself, free of threads, time and I/O: the search field's
/// state and the search shown. `SearchViewModel` runs it with `scan` over its events and binds
/// each part to an output; paging is the engine's (`SignalsPaging`'s `Paginator`).
struct SearchState: Equatable {
    /// What an event asks of the paging engine.
    enum Request: Equatable {
        /// Clear the results and search `query` in `scope` from page 1.
        case search(SearchQuery, in: SearchScope)
        /// Clear the results and stop searching.
        case clear
    }

    /// The longest query accepted, in characters.
    let maximumQueryLength: Int
    /// The query of the search shown, or `nil` before the first search and after cancel.
    private(set) var query: SearchQuery?
    /// The selected scope.
    private(set) var scope: SearchScope
    /// The message for the last invalid submit, until a search starts from the field or cancel.
    private(set) var validationMessage: String?
    /// Whether the cancel button is hidden.
    private(set) var isCancelButtonHidden = true
    /// What the last event asked of the paging engine, if anything.
    private(set) var request: Request?

    init(scope: SearchScope, maximumQueryLength: Int) {
        self.scope = scope
        self.maximumQueryLength = maximumQueryLength
    }

    /// The search field's text: the query shown, or `""` when there is none.
    var queryText: String { query?.text ?? "" }

    /// Moves to the state after `event`; `isLoading` says whether the search shown is loading.
    mutating func handle(_ event: SearchEvent, isLoading: Bool) {
        request = nil
        switch event {
        case .editingBegan:
            isCancelButtonHidden = false
        case .querySubmitted(let text):
            do {
                let query = try SearchQuery(validating: text, maximumLength: maximumQueryLength)
                validationMessage = nil
                // The query and scope that are loading: nothing more.
                if query != self.query || !isLoading { search(query) }
            } catch {
                validationMessage = error.message
            }
        case .typingPaused(let text):
            guard let query = try? SearchQuery(validating: text, maximumLength: maximumQueryLength),
                  query != self.query
            else { return }
            validationMessage = nil
            search(query)
        case .cancelTapped:
            query = nil
            validationMessage = nil
            request = .clear
            isCancelButtonHidden = true
        case .scopeSelected(let scope):
            guard scope != self.scope else { return }
            self.scope = scope
            if let query { search(query) }
        case .nextPageRequested, .itemDisplayed, .itemSelected, .retryTapped:
            break
        }
    }

    private mutating func search(_ query: SearchQuery) {
        self.query = query
        request = .search(query, in: scope)
    }
}

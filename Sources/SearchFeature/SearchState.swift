import PhotoDomain

/// What the search screen decides by itself, free of threads, time and I/O: the query being
/// shown, the scope, and what each UI event changes. Paging is the engine's (`SignalsPaging`'s `Paginator`).
///
/// Each event-named method returns its effects in the order the outputs show them.
struct SearchState {
    /// A change for the session to make, in order.
    enum Effect: Equatable {
        /// Set `isCancelButtonHidden`.
        case showCancelButton(hidden: Bool)
        /// Set `query` (the search field's text).
        case showQuery(String)
        /// Set `validationMessage`.
        case showValidationMessage(String?)
        /// Set `scope`.
        case showScope(SearchScope)
        /// Clear the results and search `query` in `scope` from page 1.
        case search(SearchQuery, in: SearchScope)
        /// Clear the results and stop searching.
        case clear
    }

    /// The longest query accepted, in characters.
    let maximumQueryLength: Int
    /// The query being shown, or `nil` before the first search and after cancel.
    private(set) var activeQuery: SearchQuery?
    /// The selected scope.
    private(set) var scope: SearchScope

    init(scope: SearchScope, maximumQueryLength: Int) {
        self.scope = scope
        self.maximumQueryLength = maximumQueryLength
    }

    /// Whether a search is shown (paging inputs continue it).
    var isSearching: Bool { activeQuery != nil }

    mutating func editingBegan() -> [Effect] {
        [.showCancelButton(hidden: false)]
    }

    /// The user submitted `text`; `isLoading` says whether the shown search is loading.
    mutating func querySubmitted(_ text: String, isLoading: Bool) -> [Effect] {
        let query: SearchQuery
        do {
            query = try SearchQuery(validating: text, maximumLength: maximumQueryLength)
        } catch {
            return [.showValidationMessage(error.message)]
        }
        if query == activeQuery, isLoading { return [.showValidationMessage(nil)] }
        return [.showValidationMessage(nil)] + search(query)
    }

    /// Typing paused on `text` (instant search): searches it if it is a new, valid query.
    mutating func typingPaused(on text: String) -> [Effect] {
        guard let query = try? SearchQuery(validating: text, maximumLength: maximumQueryLength),
              query != activeQuery
        else { return [] }
        return [.showValidationMessage(nil)] + search(query)
    }

    mutating func cancelTapped() -> [Effect] {
        activeQuery = nil
        return [.showQuery(""), .showValidationMessage(nil), .clear, .showCancelButton(hidden: true)]
    }

    mutating func scopeSelected(_ scope: SearchScope) -> [Effect] {
        guard scope != self.scope else { return [] }
        self.scope = scope
        guard let activeQuery else { return [.showScope(scope)] }
        return [.showScope(scope)] + search(activeQuery)
    }

    private mutating func search(_ query: SearchQuery) -> [Effect] {
        activeQuery = query
        return [.showQuery(query.text), .search(query, in: scope)]
    }
}

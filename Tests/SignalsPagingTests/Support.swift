import SignalsPaging

/// A row of a paged list in the tests.
struct Row: Identifiable, Hashable, Sendable {
    let id: Int
}

/// Why a page failed to load, in the tests.
struct LoadError: Error, Hashable, Sendable {
    let reason: String
}

/// A page of rows `ids` followed by the page at `next`.
func rows(_ ids: [Int], next: String?) -> PageResponse<Row, String?> {
    PageResponse(items: ids.map(Row.init), next: next.map { Optional($0) })
}

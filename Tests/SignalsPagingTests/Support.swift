import SignalsPaging

/// A row of a paged list in the tests.
struct Row: Identifiable, Hashable, Sendable {
    let id: Int
}

/// Why a page failed to load, in the tests.
struct LoadError: Error, Hashable, Sendable {
    let reason: String
}

/// A page of rows `ids` followed by the page at `next` (`nil`: the last page), in the
/// documented spelling.
func rows(_ ids: [Int], next: String?) -> PageResponse<Row, String?> {
    PageResponse(items: ids.map(Row.init), next: next)
}

/// A request for the page at `cursor` in `generation`.
func request(_ cursor: String?, generation: Int = 0) -> PagingRequest<String?> {
    PagingRequest(cursor: cursor, generation: generation)
}

/// The effect that starts `request` now.
func load(_ cursor: String?, generation: Int = 0) -> PagingEffect<String?> {
    .load(request(cursor, generation: generation), after: nil)
}

extension PagingChange {
    /// The change in words, with the snapshot's size.
    var summary: String {
        switch self {
        case .reset: "reset"
        case .appended(let range, let items): "appended \(range) of \(items.count)"
        case .refreshed(let items): "refreshed to \(items.count)"
        case .failed(let error): "failed \(error)"
        case .ended: "ended"
        }
    }
}

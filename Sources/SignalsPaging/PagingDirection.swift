import Signals

/// Which way a paged list grows on screen. A feed is ``forward``: its first page at the top,
/// later pages below. A chat is ``backward``: the source's first page is the newest, later
/// pages are older and go above, and live items (``Paginator/prepend(_:)``) go below, at the
/// newest end.
///
/// A ``Paginator`` keeps its items in the source's order (for a chat, newest first: index 0 is
/// the newest). A direction maps those indices to the rows of a list shown in its order (for a
/// chat, oldest first), so that a page of older messages inserts the rows at the top and a live
/// message the row at the bottom, and every row already shown keeps its item:
///
/// ```swift
/// let chat = Paginator<Message, APIError, String?>(firstCursor: nil, scheduler: .main) { cursor in
///     api.messages(before: cursor)          // newest first
/// }
/// chat.insertedRows(direction: .backward).bind { rows in tableView.insertRows(at: rows.map { IndexPath(row: $0, section: 0) }, with: .automatic) }.store(in: bag)
/// chat.prepend(liveMessages)                // the rows at the bottom
/// chat.itemDisplayed(atRow: 0, direction: .backward)   // the oldest row: loads older messages
/// let shown = chat.snapshot.reversed()      // the messages, oldest first, in O(1)
/// ```
public enum PagingDirection: Hashable, Sendable {
    /// The source's first page at the top; pages are appended below, live items go on top.
    case forward
    /// The source's first page at the bottom (a chat, whose first page is the newest); older
    /// pages go above it, live items below.
    case backward

    /// The rows that the items at `indices` (in the paginator's order) occupy in a list of
    /// `count` items shown in this direction.
    ///
    /// Backward, the paginator's index `i` is row `count - 1 - i`: a page appended at the end
    /// (`5..<8` of 8) is rows `0..<3`, and items prepended (`0..<2` of 8) are rows `6..<8`.
    public func rows(for indices: Range<Int>, count: Int) -> Range<Int> {
        switch self {
        case .forward: indices
        case .backward: (count - indices.upperBound)..<(count - indices.lowerBound)
        }
    }

    /// The paginator's index of the item shown at `row` in a list of `count` items shown in
    /// this direction (backward, row `0` is the oldest item: index `count - 1`).
    public func index(ofRow row: Int, count: Int) -> Int {
        switch self {
        case .forward: row
        case .backward: count - 1 - row
        }
    }
}

extension Paginator {
    /// Emits the rows each change inserted in a list shown in `direction` (never an empty
    /// range): each page's items (``inserted``) and the items ``prepend(_:)`` put at the newest
    /// end (``prepended``), as rows of the list once they are in place. Forward, these are the
    /// indices themselves; backward (a chat shown oldest first), a page of older items is rows
    /// at the top and prepended live items are rows at the bottom. Resets and refreshes are
    /// ``didReset`` and ``didRefresh``, in either direction.
    public func insertedRows(direction: PagingDirection) -> Observable<Range<Int>> {
        let pages = changes.compactMap { change -> Range<Int>? in
            guard case .appended(let range, let items) = change, !range.isEmpty else { return nil }
            return direction.rows(for: range, count: items.count)
        }
        let live = prepended.compactMap { [weak self] range -> Range<Int>? in
            guard let self else { return nil }
            return direction.rows(for: range, count: self.state.pages.count)
        }
        return Observable.merge([pages, live])
    }

    /// The item shown at `row` of a list shown in `direction` is about to be displayed: the
    /// same as ``itemDisplayed(at:)`` with the paginator's index of that row. Backward, the rows
    /// at the top (the oldest items) ask for the next (older) page.
    public func itemDisplayed(atRow row: Int, direction: PagingDirection) {
        let count = state.pages.count
        guard (0..<count).contains(row) else { return }
        itemDisplayed(at: direction.index(ofRow: row, count: count))
    }
}

/// One page as a source answered it: its items and the cursor of the page after it.
///
/// The cursor is whatever the source pages by: a page number, an offset, an opaque token.
/// `next == nil` says the source has no more pages; an empty page also ends the list unless
/// the policy says otherwise (``PagingPolicy/stopsAtEmptyPage``), because servers that report
/// more pages than they have are common.
///
/// ```swift
/// // A cursor-token API: `{ "items": […], "next_cursor": "abc" }`, null at the end.
/// PageResponse(items: body.items, next: body.nextCursor)
/// // A page-numbered API that reports how many pages there are.
/// PageResponse(items: body.results, page: 3, totalPages: body.totalPages)
/// // An API that says only whether there is more.
/// PageResponse(items: body.results, page: 3, hasMore: body.hasMore)
/// ```
public struct PageResponse<Item, Cursor> {
    /// The items of the page, in order.
    public var items: [Item]
    /// The cursor to ask for the next page with, or `nil` when this is the last page.
    public var next: Cursor?
    /// How many items the whole list holds, when the source says.
    public var total: Int?
    /// How many pages the whole list holds, when the source says.
    public var totalPages: Int?

    /// Creates a page with `items`, followed by the page at `next` (`nil`: the last page).
    public init(items: [Item], next: Cursor?, total: Int? = nil, totalPages: Int? = nil) {
        self.items = items
        self.next = next
        self.total = total
        self.totalPages = totalPages
    }

    /// The same page with each item transformed.
    public func map<Other>(_ transform: (Item) throws -> Other) rethrows -> PageResponse<Other, Cursor> {
        PageResponse<Other, Cursor>(items: try items.map(transform), next: next, total: total, totalPages: totalPages)
    }
}

extension PageResponse where Cursor == Int {
    /// Page `page` (counting from 1) of `totalPages`: the next page is `page + 1` unless this
    /// is the last one.
    public init(items: [Item], page: Int, totalPages: Int, total: Int? = nil) {
        self.init(items: items, next: page < totalPages ? page + 1 : nil, total: total, totalPages: totalPages)
    }

    /// Page `page` of a source that says only whether more pages follow.
    public init(items: [Item], page: Int, hasMore: Bool) {
        self.init(items: items, next: hasMore ? page + 1 : nil)
    }
}

extension PageResponse: Sendable where Item: Sendable, Cursor: Sendable {}
extension PageResponse: Equatable where Item: Equatable, Cursor: Equatable {}

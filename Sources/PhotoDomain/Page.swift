/// One page of a paged list, with the totals the server reported.
///
/// Pages count from 1. `totalPages` is what the source claims; a page can still come back
/// empty before it (servers lie), so pagers should also stop on an empty page.
public struct Page<Item> {
    /// The items on this page, in order.
    public var items: [Item]
    /// How many items the whole list holds.
    public var total: Int
    /// How many pages the whole list holds at this page size.
    public var totalPages: Int
    /// This page's number, counting from 1.
    public var page: Int

    /// Creates a page.
    public init(items: [Item], total: Int, totalPages: Int, page: Int) {
        self.items = items
        self.total = total
        self.totalPages = totalPages
        self.page = page
    }

    /// Whether a later page may hold more items: this page is non-empty and before `totalPages`.
    public var hasNextPage: Bool { !items.isEmpty && page < totalPages }

    /// The same page with each item transformed.
    public func map<Other>(_ transform: (Item) throws -> Other) rethrows -> Page<Other> {
        Page<Other>(items: try items.map(transform), total: total, totalPages: totalPages, page: page)
    }
}

extension Page: Sendable where Item: Sendable {}
extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}

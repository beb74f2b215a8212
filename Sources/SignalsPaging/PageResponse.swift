/// Where a list goes after a page: the cursor of the next page, or the end.
///
/// An explicit end cannot be mistaken for a cursor, whatever the cursor type: with `String?`
/// cursors (the first page has no token), `nil` is the *first* page, so an end spelled `nil`
/// would ask for page 1 again.
///
/// ```swift
/// PageResponse(items: body.items, next: body.nextCursor.map { .cursor($0) } ?? .end)
/// PageResponse(items: body.items, next: .end)
/// ```
public enum NextPage<Cursor> {
    /// The next page is at this cursor.
    case cursor(Cursor)
    /// There are no more pages.
    case end

    /// The cursor of the next page, or `nil` at the end.
    public var cursor: Cursor? {
        if case .cursor(let cursor) = self { cursor } else { nil }
    }

    /// Whether there are no more pages.
    public var isEnd: Bool {
        if case .end = self { true } else { false }
    }
}

extension NextPage: Equatable where Cursor: Equatable {}
extension NextPage: Hashable where Cursor: Hashable {}
extension NextPage: Sendable where Cursor: Sendable {}

/// An optional cursor type (`String?`, `Int?`): only `Optional` conforms. It lets a
/// ``PageResponse`` read a `nil` next cursor as the end of the list rather than as the `nil`
/// cursor of the first page.
public protocol OptionalPageCursor {
    /// The cursor type without the optional.
    associatedtype Wrapped
    /// The cursor as an optional of its wrapped type.
    var optionalCursor: Wrapped? { get }
}

extension Optional: OptionalPageCursor {
    /// `self`.
    public var optionalCursor: Wrapped? { self }
}

/// One page as a source answered it: its items and where the list goes next (``NextPage``).
///
/// The cursor is whatever the source pages by: a page number, an offset, an opaque token.
/// ``NextPage/end`` says the source has no more pages; an empty page also ends the list
/// unless the policy says otherwise (``PagingPolicy/stopsAtEmptyPage``), because servers that
/// report more pages than they have are common.
///
/// ```swift
/// // A cursor-token API: `{ "items": […], "next_cursor": "abc" }`, null at the end.
/// // With `String?` cursors (the first page has no token) a nil `next` is the end.
/// PageResponse(items: body.items, next: body.nextCursor)
/// // The same, with the end spelled out (any cursor type).
/// PageResponse(items: body.items, next: body.nextCursor.map { .cursor($0) } ?? .end)
/// // A page-numbered API that reports how many pages there are.
/// PageResponse(items: body.results, page: 3, totalPages: body.totalPages)
/// // An API that says only whether there is more.
/// PageResponse(items: body.results, page: 3, hasMore: body.hasMore)
/// ```
///
/// The end is never a cursor: for an optional cursor type (`String?`), `next: nil` and a
/// `nil` token both end the list (the `nil` cursor is the first page, never a next one).
public struct PageResponse<Item, Cursor> {
    /// The items of the page, in order.
    public var items: [Item]
    /// The cursor of the next page, or the end.
    public var nextPage: NextPage<Cursor>
    /// How many items the whole list holds, when the source says.
    public var total: Int?
    /// How many pages the whole list holds, when the source says.
    public var totalPages: Int?

    /// The cursor to ask for the next page with, or `nil` when this is the last page (see
    /// ``nextPage``, which cannot be mistaken for a cursor when the cursor type is optional).
    public var next: Cursor? {
        get { nextPage.cursor }
        set { nextPage = Self.nextPage(newValue) }
    }

    /// Creates a page with `items`, followed by the page at `next` (or the end).
    @inlinable public init(items: [Item], next: NextPage<Cursor>, total: Int? = nil, totalPages: Int? = nil) {
        self.items = items
        self.nextPage = next
        self.total = total
        self.totalPages = totalPages
    }

    /// Creates a page with `items`, followed by the page at `next` (`nil`: the last page; for
    /// an optional cursor type, a `nil` cursor is the last page too).
    @inlinable public init(items: [Item], next: Cursor?, total: Int? = nil, totalPages: Int? = nil) {
        self.init(items: items, next: Self.nextPage(next), total: total, totalPages: totalPages)
    }

    /// The same page with each item transformed.
    public func map<Other>(_ transform: (Item) throws -> Other) rethrows -> PageResponse<Other, Cursor> {
        PageResponse<Other, Cursor>(items: try items.map(transform), next: nextPage, total: total, totalPages: totalPages)
    }

    /// `next` as a ``NextPage``: `nil`, and a `nil` inside an optional cursor type (reached
    /// from generic code, where `Cursor` is not known to be optional), are the end.
    @usableFromInline static func nextPage(_ next: Cursor?) -> NextPage<Cursor> {
        guard let next else { return .end }
        if Cursor.self is any OptionalPageCursor.Type, let optional = next as? any OptionalPageCursor,
           isNone(optional) {
            return .end
        }
        return .cursor(next)
    }
}

/// Whether an optional cursor is `nil`.
private func isNone<Optional: OptionalPageCursor>(_ cursor: Optional) -> Bool {
    cursor.optionalCursor == nil
}

extension PageResponse where Cursor: OptionalPageCursor {
    /// Creates a page of a source with optional cursors (`String?`: the first page has no
    /// token) followed by the page at `next`, or the last page when `next` is `nil`: the `nil`
    /// cursor is the first page, never a next one.
    ///
    /// ```swift
    /// PageResponse(items: body.items, next: body.nextCursor)   // nextCursor: String?
    /// ```
    @inlinable public init(items: [Item], next: Cursor, total: Int? = nil, totalPages: Int? = nil) {
        self.init(
            items: items,
            next: next.optionalCursor == nil ? .end : .cursor(next),
            total: total,
            totalPages: totalPages
        )
    }
}

extension PageResponse where Cursor == Int {
    /// Page `page` (counting from 1) of `totalPages`: the next page is `page + 1` unless this
    /// is the last one.
    @inlinable public init(items: [Item], page: Int, totalPages: Int, total: Int? = nil) {
        self.init(items: items, next: page < totalPages ? .cursor(page + 1) : .end, total: total, totalPages: totalPages)
    }

    /// Page `page` of a source that says only whether more pages follow.
    @inlinable public init(items: [Item], page: Int, hasMore: Bool) {
        self.init(items: items, next: hasMore ? .cursor(page + 1) : .end)
    }
}

extension PageResponse: Sendable where Item: Sendable, Cursor: Sendable {}
extension PageResponse: Equatable where Item: Equatable, Cursor: Equatable {}

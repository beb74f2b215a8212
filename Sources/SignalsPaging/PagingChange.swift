/// What happened to a ``Paginator``'s items, in one stream: one change per reset and per
/// request that settled (a page, a refresh, a failure, or an end without either).
public enum PagingChange<Item, Failure: Error> {
    /// A reset (or a refresh that clears) emptied the items: a new generation started.
    case reset
    /// A page appended the items at these indices (an empty range when all of them were
    /// duplicates or not kept); the snapshot holds every item up to them.
    case appended(Range<Int>, PagedItems<Item>)
    /// A refresh's first page replaced every item with the snapshot's.
    case refreshed(PagedItems<Item>)
    /// The current request failed; paging pauses (by policy) until a retry.
    case failed(Failure)
    /// The current request ended without a page or an error (its source cancelled it).
    case ended
}

extension PagingChange: Equatable where Item: Equatable, Failure: Equatable {
    /// Changes are equal when they are the same kind, with the same range and items or error.
    public static func == (lhs: PagingChange, rhs: PagingChange) -> Bool {
        switch (lhs, rhs) {
        case (.reset, .reset), (.ended, .ended): true
        case let (.appended(left, leftItems), .appended(right, rightItems)):
            left == right && leftItems.elementsEqual(rightItems)
        case let (.refreshed(left), .refreshed(right)): left.elementsEqual(right)
        case let (.failed(left), .failed(right)): left == right
        default: false
        }
    }
}

extension PagingChange: Sendable where Item: Sendable, Failure: Sendable {}

/// A failure of a ``Paginator``'s current request, reported once (after any automatic
/// retries), with the request that failed: show a full-screen error for the first page, keep
/// the rows and end the pull-to-refresh for a refresh, show a footer for a next page.
public struct PagingFailure<Failure: Error> {
    /// The error the source reported.
    public let error: Failure
    /// The request that failed.
    public let request: PagingRequestKind

    /// A failure of `request` with `error`.
    public init(error: Failure, request: PagingRequestKind) {
        self.error = error
        self.request = request
    }
}

extension PagingFailure: Equatable where Failure: Equatable {}
extension PagingFailure: Hashable where Failure: Hashable {}
extension PagingFailure: Sendable where Failure: Sendable {}

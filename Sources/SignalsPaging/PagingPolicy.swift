/// How a ``Paginator`` decides when to ask for pages: prefetch distance, what a refresh shows
/// while page 1 loads, whether failures are retried by themselves, and whether paging pauses
/// after a failure.
///
/// ```swift
/// let policy = PagingPolicy(
///     prefetchDistance: 5,
///     refresh: .keepItemsUntilFirstPage,
///     retry: .automatic(attempts: 2, delay: .seconds(1))
/// )
/// ```
public struct PagingPolicy: Hashable, Sendable {
    /// What a refresh does with the items already shown.
    public enum Refresh: Hashable, Sendable {
        /// Clear the items at once (a `.reset` change), then load page 1.
        case clearItems
        /// Keep showing the items until page 1 arrives, then replace them all at once (a
        /// `.refreshed` change); a failed refresh leaves them in place.
        case keepItemsUntilFirstPage
    }

    /// What happens when a request fails.
    public enum Retry: Hashable, Sendable {
        /// Report the failure at once; only ``Paginator/retry()`` or
        /// ``Paginator/loadNextPage()`` asks again.
        case manual
        /// Ask for the same page again after `delay`, up to `attempts` more times, before
        /// reporting the failure. The list stays loading meanwhile.
        case automatic(attempts: Int, delay: Duration)
    }

    /// How close to the end (in items) a displayed item must be to ask for the next page.
    public var prefetchDistance: Int
    /// What a refresh shows while page 1 loads.
    public var refresh: Refresh
    /// Whether failed requests are retried by themselves before they are reported.
    public var retry: Retry
    /// Whether a reported failure pauses prefetching until a retry or an explicit next page,
    /// so that scrolling never loops on a failing request.
    public var pausesAfterFailure: Bool
    /// Whether an empty page ends the list even when the source gave a next cursor.
    public var stopsAtEmptyPage: Bool

    /// Creates a policy; the defaults are those of the reference view models.
    public init(
        prefetchDistance: Int = 3,
        refresh: Refresh = .clearItems,
        retry: Retry = .manual,
        pausesAfterFailure: Bool = true,
        stopsAtEmptyPage: Bool = true
    ) {
        self.prefetchDistance = max(0, prefetchDistance)
        self.refresh = refresh
        self.retry = retry
        self.pausesAfterFailure = pausesAfterFailure
        self.stopsAtEmptyPage = stopsAtEmptyPage
    }
}

/// What a paged list is loading: nothing, its first page, a refresh, or the next page. One
/// value drives every loading indicator of a list screen, so they can never disagree.
///
/// ```swift
/// feed.activity.bind { activity in
///     refreshControl.isRefreshing = activity == .refresh
///     footerSpinner.isHidden = activity != .nextPage
///     fullScreenSpinner.isHidden = activity != .firstPage
/// }.store(in: bag)
/// ```
///
/// Combining ``Paginator/isLoading`` and ``Paginator/isRefreshing`` in the view (a footer
/// spinner for "loading and not refreshing") sees a moment where the first has changed and the
/// second not yet, and the footer blinks at each refresh. ``Paginator/activity`` is one value:
/// it goes from one kind straight to the next, never through a combination that cannot be.
public enum PageActivity: Hashable, Sendable {
    /// No request is in flight.
    case idle
    /// The first page of a list that shows nothing yet is loading (on appear, after a reset,
    /// or the retry of a failed first page).
    case firstPage
    /// A refresh's first page is loading (pull to refresh; its automatic retries included).
    case refresh
    /// A page after the first is loading (by scrolling, an explicit next page, or a retry).
    case nextPage

    /// The activity of a request of this kind in flight.
    public init(_ request: PagingRequestKind) {
        switch request {
        case .firstPage: self = .firstPage
        case .refresh: self = .refresh
        case .nextPage: self = .nextPage
        }
    }

    /// Whether a request is in flight (any case but ``idle``).
    public var isLoading: Bool { self != .idle }
}

extension PaginationState {
    /// What the list is loading: ``PageActivity/idle``, or the kind of the request in flight
    /// (``requestInFlight``).
    @inlinable public var activity: PageActivity {
        requestInFlight.map(PageActivity.init) ?? .idle
    }
}

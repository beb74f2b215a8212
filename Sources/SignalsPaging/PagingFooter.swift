/// What a list's "load more" footer shows: nothing, a spinner while the next page loads, or the
/// failure of the next page with a retry button. One value, so the footer never passes through
/// a combination that cannot be (a spinner and an error at once, or a blink between them).
///
/// ```swift
/// feed.footer.bind { footer in
///     switch footer {
///     case .hidden: footerView.isHidden = true
///     case .loading: footerView.showSpinner()
///     case .failed(let error): footerView.showRetry(error.message)
///     }
/// }.store(in: bag)
/// ```
///
/// ``PaginationState/footer`` decides it: ``loading`` while a next page (not the first page,
/// not a refresh) is in flight, automatic retries included; ``failed(_:)`` from that page's
/// reported failure until the next request starts (a retry, an explicit next page, a refresh) or
/// a reset; ``hidden`` otherwise. The first page's failure and a refresh's are not the footer's:
/// a screen shows them full screen, or on the pull-to-refresh control (``Paginator/failures``).
public enum PagingFooter<Failure> {
    /// Nothing to show: no next page is loading, and none failed.
    case hidden
    /// The next page is loading.
    case loading
    /// The next page failed (after any automatic retries); a retry asks for it again.
    case failed(Failure)

    /// Whether the footer shows nothing.
    public var isHidden: Bool {
        if case .hidden = self { true } else { false }
    }

    /// Whether the footer shows its spinner.
    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    /// The failure the footer shows, or `nil`.
    public var failure: Failure? {
        if case .failed(let failure) = self { failure } else { nil }
    }

    /// The same footer with its failure transformed.
    public func mapFailure<Other>(_ transform: (Failure) throws -> Other) rethrows -> PagingFooter<Other> {
        switch self {
        case .hidden: .hidden
        case .loading: .loading
        case .failed(let failure): .failed(try transform(failure))
        }
    }
}

extension PagingFooter: Equatable where Failure: Equatable {}
extension PagingFooter: Hashable where Failure: Hashable {}
extension PagingFooter: Sendable where Failure: Sendable {}

extension PaginationState {
    /// Whether a page may follow the items: `true` until a page ends the list (its next page
    /// is ``NextPage/end``, or it came empty and ``PagingPolicy/stopsAtEmptyPage``), and again
    /// from a reset or a refresh until the new generation's pages say otherwise.
    @inlinable public var hasMore: Bool { !pages.isExhausted }

    /// What the "load more" footer shows (see ``PagingFooter``): ``PagingFooter/loading`` while
    /// a next page is in flight, ``PagingFooter/failed(_:)`` with the cursor of the next page
    /// whose failure was reported, until the next request or a reset, and
    /// ``PagingFooter/hidden`` otherwise. ``Paginator/footer`` carries the error instead.
    @inlinable public var footer: PagingFooter<Cursor> {
        if requestInFlight == .nextPage { return .loading }
        if _unresolvedFailure == .nextPage, let cursor = pages.nextCursor { return .failed(cursor) }
        return .hidden
    }
}

import SignalsPhotoDomain
import Signals
import SignalsPaging

extension PageResponse where Cursor == Int {
    /// `PhotoDomain`'s `page`, asked for as page `requested` (from 1), in the paging engine's
    /// terms: the next page is `requested + 1`, or the end at or past `totalPages`.
    public init(_ page: Page<Item>, requested: Int) {
        self.init(
            items: page.items,
            next: requested >= page.totalPages ? .end : .cursor(requested + 1),
            total: page.total,
            totalPages: page.totalPages
        )
    }
}

extension Observable {
    /// A `PhotoService` page request as a `Paginator` source's answer: each `Page` becomes
    /// the ``SignalsPaging/PageResponse`` of page `requested`.
    ///
    /// ```swift
    /// let photos = Paginator<Photo, UseCaseError, Int>(scheduler: scheduler) { page in
    ///     service.editorialPhotos(page, 30).pageResponses(requested: page)
    /// }
    /// ```
    public func pageResponses<Item>(
        requested: Int
    ) -> Observable<Result<PageResponse<Item, Int>, UseCaseError>> where Value == Result<Page<Item>, UseCaseError> {
        map { result in result.map { PageResponse($0, requested: requested) } }
    }
}

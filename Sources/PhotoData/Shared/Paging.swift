import SignalsPhotoDomain

/// Cuts one page out of a fully known, ordered list, the way the Unsplash API pages.
enum Paging {
    /// Returns page `page` (from 1, clamped) of `items` at `perPage` (clamped to `1...30`).
    /// A page past the end is empty but still reports the totals.
    static func page<Source: RandomAccessCollection, Item>(
        of items: Source,
        page: Int,
        perPage: Int,
        transform: (Source.Element) -> Item
    ) -> Page<Item> where Source.Index == Int {
        let page = PhotoRepositoryLimits.clampedPage(page)
        let perPage = PhotoRepositoryLimits.clampedPageSize(perPage)
        let total = items.count
        let totalPages = PageTotals.pages(total: total, perPage: perPage)
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, start < total else {
            return Page(items: [], total: total, totalPages: totalPages, page: page)
        }
        let lower = items.startIndex + start
        let upper = items.startIndex + min(total, start + perPage)
        return Page(items: items[lower..<upper].map(transform), total: total, totalPages: totalPages, page: page)
    }
}

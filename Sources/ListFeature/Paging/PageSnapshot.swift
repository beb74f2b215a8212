import SignalsPaging

/// The items of one paged list as an immutable snapshot that costs O(1) to take: the paging
/// engine's `PagedItems` (from `SignalsPaging`), under the name ListFeature has always used.
public typealias PageSnapshot<Item> = PagedItems<Item>

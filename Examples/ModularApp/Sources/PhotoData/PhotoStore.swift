import Core
import Networking
import PhotoDomain
import Signals
import SignalsPaging

/// Photos by page and by query, from a fixed list (the app would decode `HTTPClient` bytes).
public struct PhotoStore: Sendable {
    private let photos: [Photo]
    private let pageSize: Int

    /// Creates a store over `photos`, `pageSize` a page.
    public init(photos: [Photo], pageSize: Int = 3) {
        self.photos = photos
        self.pageSize = pageSize
    }

    /// The page of photos at `page` (1-based), whose title contains `query` (all if empty).
    public func page(_ page: Int, matching query: String = "") -> Loading<PageResponse<Photo, Int>> {
        let found = query.isEmpty ? photos : photos.filter { $0.title.contains(query) }
        let start = min((page - 1) * pageSize, found.count)
        let end = min(start + pageSize, found.count)
        let next: Int? = end < found.count ? page + 1 : nil
        return .just(.success(PageResponse(items: Array(found[start..<end]), next: next)))
    }
}

import Foundation

/// Where photos come from: an embedded catalog, the Unsplash API, or a test double.
///
/// Every method is `async` and honours task cancellation by throwing `CancellationError`
/// (never a `UseCaseError`). Any other failure is thrown as a `UseCaseError`. Pages count
/// from 1; sources clamp `perPage` to `1...PhotoRepositoryLimits.maximumPageSize`.
///
/// ```swift
/// let page = try await repository.search(.photos, query: "mountain lake", page: 1, perPage: 20)
/// ```
public protocol PhotoRepository: Sendable {
    /// Returns a page of the editorial feed, newest first (`GET /photos`).
    func editorialPhotos(page: Int, perPage: Int) async throws -> Page<Photo>

    /// Returns a page of results for `query` in `scope` (`GET /search/photos|collections|users`).
    ///
    /// Throws `UseCaseError.emptyQuery` when the query is empty or only whitespace.
    func search(_ scope: SearchScope, query: String, page: Int, perPage: Int) async throws -> Page<SearchResultItem>

    /// Returns everything known about one photo (`GET /photos/:id`).
    func photoDetail(id: String) async throws -> PhotoDetail

    /// Returns the bytes of the image at `url`, such as one of a photo's `urls`.
    func imageData(from url: URL) async throws -> Data
}

/// Paging limits shared by every `PhotoRepository`, matching the Unsplash API.
public enum PhotoRepositoryLimits {
    /// The largest page size a source returns; larger requests are clamped to it.
    public static let maximumPageSize = 30
    /// The page size used when the caller does not choose one (Unsplash's default).
    public static let defaultPageSize = 10

    /// Clamps a requested page size into `1...maximumPageSize`.
    public static func clampedPageSize(_ perPage: Int) -> Int {
        min(max(perPage, 1), maximumPageSize)
    }

    /// Clamps a requested page number to at least 1.
    public static func clampedPage(_ page: Int) -> Int {
        max(page, 1)
    }
}

extension PhotoRepository {
    /// Returns a page of the editorial feed at the default page size.
    public func editorialPhotos(page: Int) async throws -> Page<Photo> {
        try await editorialPhotos(page: page, perPage: PhotoRepositoryLimits.defaultPageSize)
    }

    /// Returns a page of search results at the default page size.
    public func search(_ scope: SearchScope, query: String, page: Int) async throws -> Page<SearchResultItem> {
        try await search(scope, query: query, page: page, perPage: PhotoRepositoryLimits.defaultPageSize)
    }
}

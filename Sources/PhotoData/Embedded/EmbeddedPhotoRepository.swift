import Foundation
import SignalsPhotoDomain

/// A `PhotoRepository` over the catalog shipped inside this package: 1,200 photos by 160
/// photographers in 64 collections. The default source, needing no network and no API key.
///
/// Searches are case- and diacritic-insensitive and match whole words or word prefixes in
/// descriptions, tags, photographer names and collection titles. Results rank by how many
/// query words matched, then likes (photo count for users and collections), then ID.
/// Paging follows the Unsplash API: pages from 1, `perPage` clamped to 1...30.
///
/// ```swift
/// let repository = try EmbeddedPhotoRepository(configuration: .init(latency: .milliseconds(300)))
/// let page = try await repository.search(.photos, query: "café", page: 1, perPage: 20)
/// ```
///
/// To make calls fail on purpose, wrap it in a ``FailureInjectingRepository``.
public final class EmbeddedPhotoRepository: PhotoRepository {
    private let catalog: Catalog
    private let configuration: Configuration

    /// Loads the bundled catalog; throws `UseCaseError.catalogUnavailable` if it cannot be read.
    ///
    /// The bundled file is read, parsed and indexed once per process, the first time a
    /// repository needs it; every later repository shares that immutable catalog (a test suite
    /// or an app that makes many repositories pays for one load).
    public convenience init(configuration: Configuration = Configuration()) throws {
        self.init(catalog: try Self.bundledCatalog.get(), configuration: configuration)
    }

    /// The bundled catalog, or why it could not be loaded: loaded once, on first use.
    private static let bundledCatalog: Result<Catalog, UseCaseError> = Result { () throws(UseCaseError) -> Catalog in
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
            throw UseCaseError.catalogUnavailable(reason: "catalog.json is missing from the PhotoData bundle.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UseCaseError.catalogUnavailable(reason: "catalog.json could not be read.")
        }
        return try Catalog(data: data)
    }

    /// Loads a catalog in the bundled file's format (Unsplash objects under `photos`, `users`,
    /// `collections`, and a `collection_photos` map); throws `UseCaseError.catalogUnavailable`.
    public convenience init(catalogData: Data, configuration: Configuration = Configuration()) throws {
        self.init(catalog: try Catalog(data: catalogData), configuration: configuration)
    }

    private init(catalog: Catalog, configuration: Configuration) {
        self.catalog = catalog
        self.configuration = configuration
    }

    /// A repository over the same loaded catalog with another configuration; costs no reload.
    public func reconfigured(_ configuration: Configuration) -> EmbeddedPhotoRepository {
        EmbeddedPhotoRepository(catalog: catalog, configuration: configuration)
    }

    /// How many photos the catalog holds.
    public var photoCount: Int { catalog.details.count }

    /// How many users (photographers and curators) the catalog holds.
    public var userCount: Int { catalog.users.count }

    /// How many collections the catalog holds.
    public var collectionCount: Int { catalog.collections.count }

    /// Returns a page of the catalog's photos, newest first.
    public func editorialPhotos(page: Int, perPage: Int) async throws -> Page<Photo> {
        try await simulateNetwork()
        return Paging.page(of: catalog.editorialOrder, page: page, perPage: perPage) { catalog.details[$0].photo }
    }

    /// Returns a page of photos, collections or users matching `query`; throws `.emptyQuery`
    /// for an empty or whitespace-only query. A query without letters or digits (only emoji or
    /// punctuation, say) matches nothing and returns an empty page.
    public func search(_ scope: SearchScope, query: String, page: Int, perPage: Int) async throws -> Page<SearchResultItem> {
        guard !query.allSatisfy(\.isWhitespace) else { throw UseCaseError.emptyQuery }
        try await simulateNetwork()
        switch scope {
        case .photos:
            let matches = catalog.photoSearch.search(query)
            return Paging.page(of: matches, page: page, perPage: perPage) { .photo(catalog.details[$0].photo) }
        case .collections:
            let matches = catalog.collectionSearch.search(query)
            return Paging.page(of: matches, page: page, perPage: perPage) { .collection(catalog.collections[$0]) }
        case .users:
            let matches = catalog.userSearch.search(query)
            return Paging.page(of: matches, page: page, perPage: perPage) { .user(catalog.users[$0]) }
        }
    }

    /// Returns the photo with EXIF, location, views and downloads; throws `.notFound` for an unknown ID.
    public func photoDetail(id: String) async throws -> PhotoDetail {
        try await simulateNetwork()
        guard let index = catalog.photoIndexByID[id] else { throw UseCaseError.notFound(id: id) }
        return catalog.details[index]
    }

    /// Returns stand-in image bytes (a small PPM in the photo's colour) for any image URL in the
    /// catalog; throws `.notFound` for other URLs.
    public func imageData(from url: URL) async throws -> Data {
        try await simulateNetwork()
        guard let image = catalog.images[url.absoluteString] else {
            throw UseCaseError.notFound(id: url.absoluteString)
        }
        return PlaceholderImage.data(for: image)
    }

    /// Waits out the latency (cancellably).
    private func simulateNetwork() async throws {
        try Task.checkCancellation()
        if configuration.latency > .zero {
            try await configuration.clock.sleep(for: configuration.latency)
        }
        try Task.checkCancellation()
    }
}

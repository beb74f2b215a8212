import Foundation
import SignalsPhotoData
import SignalsPhotoDomain
import Testing

/// The bundled catalog's contents, details and stand-in images.
@Suite struct EmbeddedCatalogTests {
    @Test func theBundledCatalogHasAThousandPhotosByOneHundredFiftyPhotographersInSixtyCollections() async throws {
        let repository = try BundledCatalog.repository()
        #expect(repository.photoCount >= 1_000)
        #expect(repository.userCount >= 150)
        #expect(repository.collectionCount >= 60)

        var photographers = Set<String>()
        var colors = Set<String>()
        var sizes = Set<String>()
        var page = 1
        while true {
            let result = try await repository.editorialPhotos(page: page, perPage: 30)
            for photo in result.items {
                photographers.insert(photo.user.id)
                colors.insert(photo.color ?? "")
                sizes.insert("\(photo.width)x\(photo.height)")
                #expect(!photo.tags.isEmpty)
                #expect(photo.altDescription != nil)
                #expect(photo.user.profileImage != nil, "photos carry their photographer's full profile")
            }
            guard result.hasNextPage else { break }
            page += 1
        }
        #expect(photographers.count >= 150)
        #expect(colors.count > 500)
        #expect(sizes.count > 5)
        let collections = try await repository.search(.collections, query: "a e i o u", page: 1, perPage: 30)
        #expect(collections.total > 0)
    }

    @Test func photoDetailReturnsExifLocationAndCountsForAKnownID() async throws {
        let repository = try BundledCatalog.repository()
        let photo = try #require(try await repository.editorialPhotos(page: 1, perPage: 1).items.first)
        let detail = try await repository.photoDetail(id: photo.id)
        #expect(detail.photo == photo)
        #expect(detail.location?.country != nil)
        #expect(detail.views != nil && detail.downloads != nil)
    }

    @Test func photoDetailForAnUnknownIDThrowsNotFound() async throws {
        let repository = try BundledCatalog.repository()
        await #expect(throws: UseCaseError.notFound(id: "no-such-photo")) {
            try await repository.photoDetail(id: "no-such-photo")
        }
    }

    @Test func imageBytesAreAPortablePixmapSizedByTheRequestedURL() async throws {
        let repository = try BundledCatalog.repository()
        let photo = try #require(try await repository.editorialPhotos(page: 1, perPage: 1).items.first)
        let thumb = try await repository.imageData(from: photo.urls.thumb)
        let regular = try await repository.imageData(from: photo.urls.regular)
        #expect(thumb.starts(with: Array("P6\n20 ".utf8)))
        #expect(regular.count > thumb.count)
        #expect(try await repository.imageData(from: photo.urls.thumb) == thumb)
        let avatar = try #require(photo.user.profileImage?.medium)
        #expect(try await repository.imageData(from: avatar).starts(with: Array("P6\n".utf8)))
    }

    @Test func imageBytesForAForeignURLThrowNotFound() async throws {
        let repository = try BundledCatalog.repository()
        let url = URL(string: "https://example.com/cat.jpg")!
        await #expect(throws: UseCaseError.notFound(id: url.absoluteString)) {
            try await repository.imageData(from: url)
        }
    }

    @Test func aDamagedCatalogFailsToLoadWithAMessageNamingTheField() throws {
        let broken = Data(#"{"photos":[{"id":"x","urls":{"thumb":"https://x"}}],"users":[],"collections":[],"collection_photos":{}}"#.utf8)
        #expect {
            try EmbeddedPhotoRepository(catalogData: broken)
        } throws: { error in
            guard case UseCaseError.catalogUnavailable(let reason) = error else { return false }
            return reason.contains("photos[0].user")
        }
        #expect(throws: UseCaseError.self) { try EmbeddedPhotoRepository(catalogData: Data("not json".utf8)) }
    }
}

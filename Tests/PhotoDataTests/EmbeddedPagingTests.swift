import SignalsPhotoData
import SignalsPhotoDomain
import Testing

/// Paging of the embedded source, which must match the Unsplash API's.
@Suite struct EmbeddedPagingTests {
    private func sevenPhotos() throws -> EmbeddedPhotoRepository {
        var catalog = TinyCatalog()
        catalog.photos = (1...7).map { TinyCatalog.photo("p\($0)", description: "boat", likes: 10 - $0, created: Double($0)) }
        return try catalog.repository()
    }

    @Test func pagesCountFromOneAndTheLastPageIsPartial() async throws {
        let repository = try sevenPhotos()
        let first = try await repository.search(.photos, query: "boat", page: 1, perPage: 3)
        let last = try await repository.search(.photos, query: "boat", page: 3, perPage: 3)
        #expect(first.entityIDs == ["p1", "p2", "p3"])
        #expect(first.total == 7 && first.totalPages == 3 && first.page == 1 && first.hasNextPage)
        #expect(last.entityIDs == ["p7"])
        #expect(last.page == 3 && !last.hasNextPage)
    }

    @Test func aPagePastTheEndIsEmptyButKeepsTheTotals() async throws {
        let repository = try sevenPhotos()
        for page in [4, 5, 1_000, Int.max] {
            let result = try await repository.search(.photos, query: "boat", page: page, perPage: 3)
            #expect(result == Page(items: [], total: 7, totalPages: 3, page: page))
        }
        let editorial = try await repository.editorialPhotos(page: 9, perPage: 30)
        #expect(editorial == Page(items: [], total: 7, totalPages: 1, page: 9))
    }

    @Test func pageZeroOrBelowIsTreatedAsPageOne() async throws {
        let repository = try sevenPhotos()
        let first = try await repository.search(.photos, query: "boat", page: 1, perPage: 3)
        for page in [0, -1, Int.min] {
            #expect(try await repository.search(.photos, query: "boat", page: page, perPage: 3) == first)
        }
    }

    @Test func perPageIsClampedToOneThroughThirty() async throws {
        let repository = try BundledCatalog.repository()
        let big = try await repository.editorialPhotos(page: 1, perPage: 100)
        #expect(big.items.count == 30)
        #expect(big.totalPages == (repository.photoCount + 29) / 30)
        #expect(try await repository.editorialPhotos(page: 1, perPage: Int.max).items.count == 30)
        for tiny in [0, -5, Int.min] {
            let page = try await repository.editorialPhotos(page: 2, perPage: tiny)
            #expect(page.items.count == 1)
            #expect(page.totalPages == repository.photoCount)
        }
        let search = try await repository.search(.users, query: "a", page: 1, perPage: 31)
        #expect(search.items.count == 30)
    }

    @Test func walkingEveryEditorialPageVisitsEachPhotoOnceNewestFirst() async throws {
        let repository = try BundledCatalog.repository()
        var photos: [Photo] = []
        var page = 1
        while true {
            let result = try await repository.editorialPhotos(page: page, perPage: 30)
            #expect(result.total == repository.photoCount)
            photos += result.items
            guard result.hasNextPage else { break }
            page += 1
        }
        #expect(photos.count == repository.photoCount)
        #expect(Set(photos.map(\.id)).count == photos.count)
        let dates = photos.compactMap(\.createdAt)
        #expect(dates.count == photos.count)
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $0 >= $1 })
    }
}

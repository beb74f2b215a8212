import Foundation
import SignalsPhotoData
import SignalsPhotoDomain
import Testing

/// Search over the embedded catalog: matching, ranking, odd queries.
@Suite struct EmbeddedSearchTests {
    private static let fox = TinyCatalog.user("u-fox", name: "Zoë Müller", username: "zoe_m", location: "Zürich, Switzerland", totalPhotos: 3)
    private static let other = TinyCatalog.user("u-other", name: "Ana López", location: "Málaga, Spain", totalPhotos: 9)

    private func tiny() throws -> EmbeddedPhotoRepository {
        var catalog = TinyCatalog()
        catalog.users = [Self.fox, Self.other]
        catalog.photos = [
            TinyCatalog.photo("a", description: "Red fox in the snow", likes: 5, by: Self.fox),
            TinyCatalog.photo("c", description: "A fox at dawn", likes: 10, by: Self.fox),
            TinyCatalog.photo("b", tags: ["fox"], likes: 10, by: Self.fox),
            TinyCatalog.photo("d", description: "Red door", likes: 100, by: Self.other),
            TinyCatalog.photo("e", description: "Café de Flore", by: Self.other),
            TinyCatalog.photo("f", description: "cafe racer motorbike", by: Self.other),
            TinyCatalog.photo("g", description: "Mountain lake", by: Self.other),
        ]
        catalog.collections = [
            PhotoCollection(id: "c1", title: "Nordic Light", description: "Soft northern evenings", totalPhotos: 1, user: Self.other),
            PhotoCollection(id: "c2", title: "Foxes", totalPhotos: 3, user: Self.fox),
        ]
        catalog.collectionPhotos = ["c1": ["g"], "c2": ["a", "b", "c"]]
        return try catalog.repository()
    }

    @Test func moreMatchedWordsRankFirstThenMoreLikesThenLowerID() async throws {
        let page = try await tiny().search(.photos, query: "red fox", page: 1, perPage: 30)
        // a matches both words; d (100 likes) beats b and c (10 likes each, b < c by ID).
        #expect(page.entityIDs == ["a", "d", "b", "c"])
        #expect(page.total == 4 && page.totalPages == 1 && page.page == 1)
    }

    @Test func accentsAndCaseAreIgnoredInBothDirections() async throws {
        let repository = try tiny()
        for query in ["cafe", "café", "CAFÉ", "Cafe\u{301}"] {
            let page = try await repository.search(.photos, query: query, page: 1, perPage: 30)
            #expect(Set(page.entityIDs) == ["e", "f"], "query \(query)")
        }
    }

    @Test func aWordPrefixMatchesButTheMiddleOfAWordDoesNot() async throws {
        let repository = try tiny()
        #expect(try await repository.search(.photos, query: "moun", page: 1, perPage: 30).entityIDs == ["g"])
        #expect(try await repository.search(.photos, query: "ountain", page: 1, perPage: 30).entityIDs == [])
    }

    @Test func photosAreFoundByPhotographerAndCollectionNames() async throws {
        let repository = try tiny()
        #expect(try await repository.search(.photos, query: "muller", page: 1, perPage: 30).entityIDs == ["b", "c", "a"])
        #expect(try await repository.search(.photos, query: "nordic", page: 1, perPage: 30).entityIDs == ["g"])
    }

    @Test func usersAndCollectionsAreFoundByTheirOwnFields() async throws {
        let repository = try tiny()
        #expect(try await repository.search(.users, query: "zurich", page: 1, perPage: 30).entityIDs == ["u-fox"])
        #expect(try await repository.search(.users, query: "lopez", page: 1, perPage: 30).entityIDs == ["u-other"])
        #expect(try await repository.search(.collections, query: "northern", page: 1, perPage: 30).entityIDs == ["c1"])
        #expect(try await repository.search(.collections, query: "zoe", page: 1, perPage: 30).entityIDs == ["c2"])
        let items = try await repository.search(.users, query: "zoe", page: 1, perPage: 30).items
        #expect(items == [.user(Self.fox)])
    }

    @Test(arguments: ["", " ", "   \t\n ", "\u{00A0}\u{2003}"])
    func emptyOrWhitespaceQueriesThrowEmptyQueryInEveryScope(query: String) async throws {
        let repository = try BundledCatalog.repository()
        for scope in SearchScope.allCases {
            await #expect(throws: UseCaseError.emptyQuery) {
                try await repository.search(scope, query: query, page: 1, perPage: 10)
            }
        }
    }

    @Test func theBundledCatalogIsDiacriticInsensitiveToo() async throws {
        let repository = try BundledCatalog.repository()
        let plain = try await repository.search(.photos, query: "zurich", page: 1, perPage: 30)
        let accented = try await repository.search(.photos, query: "Zürich", page: 1, perPage: 30)
        #expect(plain.total > 0)
        #expect(plain == accented)
        let cafe = try await repository.search(.photos, query: "cafe", page: 1, perPage: 30)
        #expect(cafe.total > 0)
        #expect(try await repository.search(.photos, query: "CAFÉ", page: 1, perPage: 30) == cafe)
    }

    @Test func searchingTwiceOrOnAnotherInstanceGivesTheSameResults() async throws {
        let repository = try BundledCatalog.repository()
        let other = repository.reconfigured(.init())
        for query in ["street night", "m", "fox owl whale", "coffee"] {
            for scope in SearchScope.allCases {
                let first = try await repository.search(scope, query: query, page: 2, perPage: 7)
                #expect(try await repository.search(scope, query: query, page: 2, perPage: 7) == first)
                #expect(try await other.search(scope, query: query, page: 2, perPage: 7) == first)
            }
        }
    }

    @Test func rankingIsOrderedByMatchedWordsThenLikesThenIDAcrossTheBundledCatalog() async throws {
        let repository = try BundledCatalog.repository()
        let query = "snow mountain"
        var photos: [Photo] = []
        var page = 1
        while true {
            let result = try await repository.search(.photos, query: query, page: page, perPage: 30)
            photos += result.items.compactMap(\.photo)
            if !result.hasNextPage { break }
            page += 1
        }
        #expect(photos.count > 30)
        #expect(Set(photos.map(\.id)).count == photos.count)
        // Within the single-word tail (the last photo matches one word at most), likes never rise.
        let tail = photos.suffix(10)
        for (earlier, later) in zip(tail, tail.dropFirst()) {
            #expect(earlier.likes > later.likes || (earlier.likes == later.likes && earlier.id < later.id))
        }
    }

    @Test func aTenThousandCharacterQueryGivesADefinedAnswer() async throws {
        let repository = try BundledCatalog.repository()
        let repeated = String(repeating: "mountain ", count: 1_111) + " "
        #expect(repeated.count == 10_000)
        let reference = try await repository.search(.photos, query: "mountain", page: 1, perPage: 30)
        #expect(try await repository.search(.photos, query: String(repeated), page: 1, perPage: 30) == reference)

        let oneLongWord = String(repeating: "x", count: 10_000)
        let nothing = try await repository.search(.photos, query: oneLongWord, page: 1, perPage: 30)
        #expect(nothing == Page(items: [], total: 0, totalPages: 0, page: 1))

        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz éü")
        let noise = String((0..<10_000).map { _ in letters.randomElement(using: &generator)! })
        let answer = try await repository.search(.photos, query: noise, page: 1, perPage: 30)
        #expect(answer.items.count <= 30)
    }

    @Test func emojiOnlyQueriesMatchNothingAndEmojiBesideWordsAreIgnored() async throws {
        let repository = try BundledCatalog.repository()
        for scope in SearchScope.allCases {
            let page = try await repository.search(scope, query: "🏔️🌊👩‍👩‍👧", page: 1, perPage: 30)
            #expect(page == Page(items: [], total: 0, totalPages: 0, page: 1))
        }
        let reference = try await repository.search(.photos, query: "ocean", page: 1, perPage: 30)
        #expect(try await repository.search(.photos, query: "🌊ocean🌊", page: 1, perPage: 30) == reference)
    }
}

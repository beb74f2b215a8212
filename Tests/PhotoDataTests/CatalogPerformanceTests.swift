import Foundation
import PhotoData
import PhotoDomain
import Testing

/// Load and first-search budgets for the embedded catalog. The figures are printed in every
/// build; the budgets are only enforced in release builds, where they are meaningful:
/// `swift test -c release --filter CatalogPerformanceTests`.
@Suite struct CatalogPerformanceTests {
    @Test func catalogLoadsAndAnswersItsFirstSearchWithinBudget() async throws {
        let clock = ContinuousClock()
        var repository: EmbeddedPhotoRepository?
        let load = try clock.measure { repository = try EmbeddedPhotoRepository() }
        let loaded = try #require(repository)
        var page: Page<SearchResultItem>?
        let firstSearch = try await clock.measure { page = try await loaded.search(.photos, query: "mountain lake", page: 1, perPage: 30) }
        var slowestSearch = Duration.zero
        for query in ["café", "c", "street night rain", "zürich", "fox", "a b c d e f g h i j"] {
            for scope in SearchScope.allCases {
                let elapsed = try await clock.measure { _ = try await loaded.search(scope, query: query, page: 1, perPage: 30) }
                slowestSearch = max(slowestSearch, elapsed)
            }
        }
        print("catalog: load \(load), first search \(firstSearch), slowest later search \(slowestSearch)")
        #expect(try #require(page).items.isEmpty == false)
        #if !DEBUG
        #expect(load < .milliseconds(150))
        #expect(firstSearch < .milliseconds(20))
        #endif
    }
}

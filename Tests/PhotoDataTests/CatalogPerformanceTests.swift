import Foundation
import PhotoData
import PhotoDomain
import Testing

/// Load and first-search budgets for the embedded catalog (150 ms and 20 ms). The figures are
/// printed in every build; the budgets are enforced only in release builds, where they mean
/// something: `swift test -c release --filter CatalogPerformanceTests`. Each figure is the best
/// of three fresh loads, so a busy machine does not fail the run on one unlucky sample.
@Suite struct CatalogPerformanceTests {
    @Test func catalogLoadsAndAnswersItsFirstSearchWithinBudget() async throws {
        let clock = ContinuousClock()
        var loads: [Duration] = []
        var firstSearches: [Duration] = []
        var slowestSearch = Duration.zero
        for _ in 0..<3 {
            var repository: EmbeddedPhotoRepository?
            loads.append(try clock.measure { repository = try EmbeddedPhotoRepository() })
            let loaded = try #require(repository)
            var page: Page<SearchResultItem>?
            firstSearches.append(try await clock.measure {
                page = try await loaded.search(.photos, query: "mountain lake", page: 1, perPage: 30)
            })
            #expect(try #require(page).items.count == 30)
            for query in ["café", "c", "street night rain", "zürich", "fox", "a b c d e f g h i j"] {
                for scope in SearchScope.allCases {
                    let elapsed = try await clock.measure { _ = try await loaded.search(scope, query: query, page: 1, perPage: 30) }
                    slowestSearch = max(slowestSearch, elapsed)
                }
            }
        }
        let load = loads.min()!, firstSearch = firstSearches.min()!
        print("catalog: load \(load) (all: \(loads)), first search \(firstSearch), slowest later search \(slowestSearch)")
        #if !DEBUG
        #expect(load < .milliseconds(150))
        #expect(firstSearch < .milliseconds(20))
        #endif
    }
}

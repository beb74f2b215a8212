import Foundation
import ListFeature
import PhotoDomain
import Testing

/// Snapshots of the items: O(1), and never changed by later pages or resets.
@Suite struct PageSnapshotTests {
    @Test func aSnapshotKeepsItsItemsThroughLaterPagesAndResets() throws {
        var pager = Pager<Item>()
        let firstRequest = pager.beginNextPage()
        let first = try #require(firstRequest)
        _ = pager.complete(first, with: page([1, 2], page: 1, totalPages: 3))
        let before = pager.snapshot
        let secondRequest = pager.beginNextPage()
        let second = try #require(secondRequest)
        _ = pager.complete(second, with: page([3], page: 2, totalPages: 3))
        let after = pager.snapshot
        pager.reset()
        #expect(before.map(\.id) == [1, 2])
        #expect(after.map(\.id) == [1, 2, 3])
        #expect(pager.snapshot.isEmpty)
        #expect(PageSnapshot<Item>().isEmpty)
    }

    @Test func copiesOfAPagerThatDivergeKeepTheirOwnItems() throws {
        var pager = Pager<Item>()
        let firstRequest = pager.beginNextPage()
        let first = try #require(firstRequest)
        _ = pager.complete(first, with: page([1, 2], page: 1, totalPages: 3))
        var copy = pager
        let mineRequest = pager.beginNextPage()
        let mine = try #require(mineRequest)
        _ = pager.complete(mine, with: page([3], page: 2, totalPages: 3))
        let theirsRequest = copy.beginNextPage()
        let theirs = try #require(theirsRequest)
        _ = copy.complete(theirs, with: page([4, 5], page: 2, totalPages: 3))
        #expect(pager.items.map(\.id) == [1, 2, 3])
        #expect(copy.items.map(\.id) == [1, 2, 4, 5])
        #expect(pager.snapshot.map(\.id) == [1, 2, 3])
    }
}

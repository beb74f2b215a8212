import SignalsPaging
import SignalsUIKit
import Testing

private struct Row: Identifiable, Equatable {
    let id: Int
    var title = ""
}

private struct Failure: Error, Equatable {}

private func page(_ rows: [Row]) -> PagedItems<Row> {
    PagedItems(storage: PageStorage(rows), count: rows.count)
}

@Suite struct SnapshotPlannerTests {
    @Test func theFirstListReloadsAndLaterListsAnimate() {
        var planner = SnapshotPlanner<Row, Int>()
        let result1 = planner.itemsArrived([Row(id: 1)])
        #expect(result1 == SnapshotPlan(items: [Row(id: 1)], update: .reload))
        let result2 = planner.itemsArrived([Row(id: 1), Row(id: 2)])
        #expect(result2 == SnapshotPlan(items: [Row(id: 1), Row(id: 2)], update: .animated))
    }

    @Test func anIdentifierGivenTwiceKeepsTheFirstItem() {
        var planner = SnapshotPlanner<Row, Int>()
        let plan = planner.itemsArrived([Row(id: 1, title: "a"), Row(id: 2), Row(id: 1, title: "b")])
        #expect(plan.items == [Row(id: 1, title: "a"), Row(id: 2)])
    }

    @Test func anAppendedPageAnimatesAsInsertionsAfterTheFirst() {
        var planner = SnapshotPlanner<Row, Int>()
        let first = planner.changeArrived(PagingChange<Row, Failure>.appended(0..<2, page([Row(id: 1), Row(id: 2)])))
        #expect(first == SnapshotPlan(items: [Row(id: 1), Row(id: 2)], update: .reload))
        let second = planner.changeArrived(PagingChange<Row, Failure>.appended(2..<3, page([Row(id: 1), Row(id: 2), Row(id: 3)])))
        #expect(second == SnapshotPlan(items: [Row(id: 1), Row(id: 2), Row(id: 3)], update: .animated))
    }

    @Test func aResetReloadsNothingAndARefreshReloadsItsItems() {
        var planner = SnapshotPlanner<Row, Int>()
        _ = planner.itemsArrived([Row(id: 1)])
        let result3 = planner.changeArrived(PagingChange<Row, Failure>.reset)
        #expect(result3 == SnapshotPlan(items: [], update: .reload))
        let result4 = planner.changeArrived(PagingChange<Row, Failure>.refreshed(page([Row(id: 4)])))
        #expect(result4 == SnapshotPlan(items: [Row(id: 4)], update: .reload))
    }

    @Test func aFailureAnEndAndAnEmptyAppendChangeNothing() {
        var planner = SnapshotPlanner<Row, Int>()
        let result5 = planner.changeArrived(PagingChange<Row, Failure>.failed(Failure()))
        #expect(result5 == nil)
        let result6 = planner.changeArrived(PagingChange<Row, Failure>.ended)
        #expect(result6 == nil)
        let result7 = planner.changeArrived(PagingChange<Row, Failure>.appended(1..<1, page([Row(id: 1)])))
        #expect(result7 == nil)
    }

    @Test func aPlanOfSectionsListsTheirItemsInOrder() {
        let plan = SnapshotPlan(sections: [.init(id: 0, items: [1, 2]), .init(id: 1, items: [3])], update: .animated)
        #expect(plan.items == [1, 2, 3])
    }
}

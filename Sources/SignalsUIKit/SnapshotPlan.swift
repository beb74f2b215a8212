import SignalsPaging

/// What a diffable data source applies, decided without UIKit: the sections with their items,
/// and whether to animate the difference or reload.
///
/// ``SnapshotPlanner`` makes plans from `[Item]` streams and SignalsPaging's changes; the UIKit
/// adapter turns each into an `NSDiffableDataSourceSnapshot` and applies it.
public struct SnapshotPlan<Item> {
    /// How the plan is applied.
    public enum Update: Equatable, Sendable {
        /// Animate the difference from what is shown (an appended page: insertions).
        case animated
        /// Replace what is shown without animating (a first load, a reset, a refresh).
        case reload
    }

    /// One section of the plan.
    public struct Section {
        /// The section's identifier (0 for the single section of a list).
        public var id: Int
        /// The section's items, in order, each identifier once.
        public var items: [Item]

        /// A section `id` holding `items`.
        public init(id: Int, items: [Item]) {
            self.id = id
            self.items = items
        }
    }

    /// The sections, in order.
    public var sections: [Section]
    /// How to apply them.
    public var update: Update

    /// A plan of `sections`, applied by `update`.
    public init(sections: [Section], update: Update) {
        self.sections = sections
        self.update = update
    }

    /// A plan of one section (id 0) holding `items`.
    public init(items: [Item], update: Update) {
        self.init(sections: [Section(id: 0, items: items)], update: update)
    }

    /// The items of every section, in order.
    public var items: [Item] { sections.flatMap(\.items) }
}

extension SnapshotPlan.Section: Equatable where Item: Equatable {}
extension SnapshotPlan: Equatable where Item: Equatable {}
extension SnapshotPlan.Section: Sendable where Item: Sendable {}
extension SnapshotPlan: Sendable where Item: Sendable {}

/// Turns what a list shows into ``SnapshotPlan``s: the first list reloads, later lists animate;
/// a paging append animates as insertions, a reset or refresh reloads, a failure or an end
/// changes nothing.
///
/// A diffable data source traps on an identifier given twice, so an item whose identifier is
/// already in the list is left out (the first one stays).
public struct SnapshotPlanner<Item, ID: Hashable> {
    private let id: (Item) -> ID
    private var hasApplied = false

    /// A planner identifying items with `id`.
    public init(id: @escaping (Item) -> ID) {
        self.id = id
    }

    /// The plan for showing `items` (an array, a paging snapshot): a reload the first time,
    /// animated after.
    public mutating func itemsArrived(_ items: some Sequence<Item>) -> SnapshotPlan<Item> {
        let update: SnapshotPlan<Item>.Update = hasApplied ? .animated : .reload
        hasApplied = true
        return SnapshotPlan(items: unique(items), update: update)
    }

    /// The plan for a paging change, or nil when the items did not change (a failure, an end,
    /// an append of nothing new).
    public mutating func changeArrived<Failure>(_ change: PagingChange<Item, Failure>) -> SnapshotPlan<Item>? {
        switch change {
        case .reset:
            hasApplied = true
            return SnapshotPlan(items: [], update: .reload)
        case .refreshed(let items):
            hasApplied = true
            return SnapshotPlan(items: unique(items), update: .reload)
        case .appended(let range, let items):
            guard !range.isEmpty else { return nil }
            let update: SnapshotPlan<Item>.Update = hasApplied ? .animated : .reload
            hasApplied = true
            return SnapshotPlan(items: unique(items), update: update)
        case .failed, .ended:
            return nil
        }
    }

    private func unique(_ items: some Sequence<Item>) -> [Item] {
        var seen = Set<ID>()
        seen.reserveCapacity(items.underestimatedCount)
        return items.filter { seen.insert(id($0)).inserted }
    }
}

extension SnapshotPlanner where Item: Identifiable, ID == Item.ID {
    /// A planner identifying items by their `id`.
    public init() {
        self.init(id: \.id)
    }
}

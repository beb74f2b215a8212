/// When a displayed item asks for the next page: it is one of the last `distance` items, and
/// the list has not asked at this length already (SignalsPaging's `prefetchDistance` rule,
/// once per length).
///
/// Scrolling up and down among the last items asks once; a page that lengthens the list, or a
/// reset that shortens it, lets the next near-end display ask again.
///
/// ```swift
/// var rule = NearEndRule(distance: 3)
/// rule.itemDisplayed(at: 17, count: 20)   // true: 17 is within 3 of the end
/// rule.itemDisplayed(at: 18, count: 20)   // false: already asked at 20 items
/// rule.itemDisplayed(at: 37, count: 40)   // true
/// ```
public struct NearEndRule: Equatable, Sendable {
    /// How many of the last items ask for more (3: the last three).
    public let distance: Int
    /// The item count at which the rule last asked.
    public private(set) var askedAtCount: Int?

    /// A rule asking when one of the last `distance` items is displayed (negative counts as 0).
    public init(distance: Int = 3) {
        self.distance = max(0, distance)
    }

    /// Whether displaying the item at `index` of `count` items asks for the next page.
    public mutating func itemDisplayed(at index: Int, count: Int) -> Bool {
        guard (0..<count).contains(index), index >= count - distance, askedAtCount != count else { return false }
        askedAtCount = count
        return true
    }
}

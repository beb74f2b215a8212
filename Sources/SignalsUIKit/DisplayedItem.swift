import Signals

/// An item that a list displayed (a collection view's or table view's will-display): its index
/// in the list and the list's item count then.
public struct DisplayedItem: Hashable, Sendable {
    /// The item's index (the row or item in its section).
    public let index: Int
    /// How many items the list held when the item was displayed.
    public let count: Int

    /// The item at `index` of `count` items.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}

extension ObservableConvertible where Value == DisplayedItem {
    /// Emits when an item within `distance` of the end is displayed, once per item count
    /// (``NearEndRule``: each binding keeps its own rule).
    ///
    /// ```swift
    /// collectionView.signals.willDisplay.nearEnd(within: 3)
    ///     .bind(to: input.nextPageRequested).store(in: bag)
    /// ```
    public func nearEnd(within distance: Int = 3) -> Observable<Void> {
        let displayed = asObservable()
        return Observable.deferred { () -> Observable<Void> in
            var rule = NearEndRule(distance: distance)
            return displayed.filter { rule.itemDisplayed(at: $0.index, count: $0.count) }.map { _ in () }
        }
    }
}

#if canImport(UIKit) && !os(watchOS)
import Signals
import SignalsPaging
import UIKit

@MainActor
extension SignalsExtension where Base: UICollectionView {
    /// Shows each list of `items` (an `[Item]`, a paging snapshot) in a diffable data source with one section: the first list
    /// reloads, later ones animate their difference (``SnapshotPlanner``). `cell` makes the cell
    /// of an item. The binding holds the data source; releasing the token ends both.
    ///
    /// ```swift
    /// collectionView.signals.items(output.photos) { view, indexPath, photo in
    ///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: photo)
    /// }.store(in: bag)
    /// ```
    public func items<Source: ObservableConvertible, Item: Identifiable>(
        _ items: Source,
        cell: @escaping (UICollectionView, IndexPath, Item) -> UICollectionViewCell
    ) -> Cancellable where Source.Value: Sequence<Item>, Item.ID: Sendable {
        let list = CollectionViewList<Item>(collectionView: base, cell: cell)
        return list.follow(items.asObservable()) { planner, items in planner.itemsArrived(items) }
    }

    /// Shows a paginator's items from its `changes`: an appended page animates as insertions,
    /// a reset or a refresh reloads, a failure or an end changes nothing.
    public func items<Item: Identifiable, Failure: Error>(
        changes: some ObservableConvertible<PagingChange<Item, Failure>>,
        cell: @escaping (UICollectionView, IndexPath, Item) -> UICollectionViewCell
    ) -> Cancellable where Item.ID: Sendable {
        let list = CollectionViewList<Item>(collectionView: base, cell: cell)
        return list.follow(changes.asObservable()) { planner, change in planner.changeArrived(change) }
    }

    /// Emits the index path of each item about to be displayed.
    public var willDisplay: Observable<IndexPath> {
        CollectionViewDelegateProxy.proxy(for: base).willDisplay.asObservable()
    }

    /// Emits the index path of each item the user selects.
    public var selected: Observable<IndexPath> {
        CollectionViewDelegateProxy.proxy(for: base).selected.asObservable()
    }

    /// Emits when an item within `distance` of its section's end is displayed, once per item
    /// count (``NearEndRule``): the next-page trigger.
    public func nearEnd(within distance: Int = 3) -> Observable<Void> {
        CollectionViewDelegateProxy.proxy(for: base).displayed.nearEnd(within: distance)
    }
}

/// A collection view's diffable data source and the items it shows, applying plans.
@MainActor
final class CollectionViewList<Item: Identifiable> where Item.ID: Sendable {
    private var planner = SnapshotPlanner<Item, Item.ID>()
    private var shown: [[Item]] = []
    private var dataSource: UICollectionViewDiffableDataSource<Int, Item.ID>?

    init(collectionView: UICollectionView, cell: @escaping (UICollectionView, IndexPath, Item) -> UICollectionViewCell) {
        // Unowned: the list owns the data source, which lives no longer than the list.
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { [unowned self] view, indexPath, _ in
            cell(view, indexPath, shown[indexPath.section][indexPath.item])
        }
    }

    /// Binds `source`, turning each value into a plan; the token holds the list.
    func follow<Value>(
        _ source: Observable<Value>,
        plan: @escaping (inout SnapshotPlanner<Item, Item.ID>, Value) -> SnapshotPlan<Item>?
    ) -> Cancellable {
        let binding = source.bind(to: Binder(self) { list, value in
            if let next = plan(&list.planner, value) { list.apply(next) }
        })
        // The token keeps the list (and its data source: the view holds it weakly). Held as
        // `any Sendable` so that the cleanup captures no generic metatype.
        let list: any Sendable = self
        return AnyCancellable {
            binding.cancel()
            withExtendedLifetime(list) {}
        }
    }

    private func apply(_ plan: SnapshotPlan<Item>) {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Item.ID>()
        for section in plan.sections {
            snapshot.appendSections([section.id])
            snapshot.appendItems(section.items.map(\.id), toSection: section.id)
        }
        shown = plan.sections.map(\.items)
        switch plan.update {
        case .animated: dataSource?.apply(snapshot, animatingDifferences: true)
        case .reload: dataSource?.applySnapshotUsingReloadData(snapshot)
        }
    }
}

/// The collection view's delegate while its events are bound: sends will-display and selection
/// into subjects and forwards each to the delegate the app set (on Apple's runtime, every
/// other delegate method too). One per collection view, as long as the view lives.
@MainActor
final class CollectionViewDelegateProxy: NSObject, UICollectionViewDelegate {
    private static let proxies = OwnerTable<UICollectionView, CollectionViewDelegateProxy>()

    weak var forwardee: (any UICollectionViewDelegate)?
    let willDisplay = Subject<IndexPath>()
    let displayed = Subject<DisplayedItem>()
    let selected = Subject<IndexPath>()

    static func proxy(for collectionView: UICollectionView) -> CollectionViewDelegateProxy {
        let proxy = proxies.helper(for: collectionView) { CollectionViewDelegateProxy() }
        if collectionView.delegate !== proxy {
            proxy.forwardee = collectionView.delegate
            collectionView.delegate = proxy
        }
        return proxy
    }

    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        willDisplay.send(indexPath)
        displayed.send(DisplayedItem(index: indexPath.item, count: collectionView.numberOfItems(inSection: indexPath.section)))
        #if _runtime(_ObjC)
        forwardee?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
        #else
        forwardee?.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
        #endif
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.send(indexPath)
        #if _runtime(_ObjC)
        forwardee?.collectionView?(collectionView, didSelectItemAt: indexPath)
        #else
        forwardee?.collectionView(collectionView, didSelectItemAt: indexPath)
        #endif
    }

    #if _runtime(_ObjC)
    // The delegate methods this proxy does not implement (scrolling, layout) go to the app's.
    override func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (forwardee?.responds(to: selector) ?? false)
    }

    override func forwardingTarget(for selector: Selector!) -> Any? {
        forwardee?.responds(to: selector) == true ? forwardee : super.forwardingTarget(for: selector)
    }
    #endif
}
#endif

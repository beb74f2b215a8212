#if canImport(UIKit) && !os(watchOS)
import Signals
import SignalsPaging
import UIKit

@MainActor
extension SignalsExtension where Base: UITableView {
    /// Shows each list of `items` (an `[Item]`, a paging snapshot) in a diffable data source with one section (rows): the first list
    /// reloads, later ones animate their difference (``SnapshotPlanner``). `cell` makes the cell
    /// of an item. The binding holds the data source; releasing the token ends both.
    ///
    /// ```swift
    /// tableView.signals.items(output.photos) { view, indexPath, photo in
    ///     let cell = view.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
    ///     cell.textLabel?.text = photo.description
    ///     return cell
    /// }.store(in: bag)
    /// ```
    public func items<Source: ObservableConvertible, Item: Identifiable>(
        _ items: Source,
        cell: @escaping (UITableView, IndexPath, Item) -> UITableViewCell
    ) -> Cancellable where Source.Value: Sequence<Item>, Item.ID: Sendable {
        let list = TableViewList<Item>(tableView: base, cell: cell)
        return list.follow(items.asObservable()) { planner, items in planner.itemsArrived(items) }
    }

    /// Shows a paginator's items from its `changes`: an appended page animates as insertions,
    /// a reset or a refresh reloads, a failure or an end changes nothing.
    public func items<Item: Identifiable, Failure: Error>(
        changes: some ObservableConvertible<PagingChange<Item, Failure>>,
        cell: @escaping (UITableView, IndexPath, Item) -> UITableViewCell
    ) -> Cancellable where Item.ID: Sendable {
        let list = TableViewList<Item>(tableView: base, cell: cell)
        return list.follow(changes.asObservable()) { planner, change in planner.changeArrived(change) }
    }

    /// Emits the index path of each row about to be displayed.
    public var willDisplay: Observable<IndexPath> {
        TableViewDelegateProxy.proxy(for: base).willDisplay.asObservable()
    }

    /// Emits the index path of each row the user selects.
    public var selected: Observable<IndexPath> {
        TableViewDelegateProxy.proxy(for: base).selected.asObservable()
    }

    /// Emits when an row within `distance` of its section's end is displayed, once per item
    /// count (``NearEndRule``): the next-page trigger.
    public func nearEnd(within distance: Int = 3) -> Observable<Void> {
        TableViewDelegateProxy.proxy(for: base).displayed.nearEnd(within: distance)
    }
}

/// A table view's diffable data source and the items it shows, applying plans.
@MainActor
final class TableViewList<Item: Identifiable> where Item.ID: Sendable {
    private var planner = SnapshotPlanner<Item, Item.ID>()
    private var shown: [[Item]] = []
    private var dataSource: UITableViewDiffableDataSource<Int, Item.ID>?

    init(tableView: UITableView, cell: @escaping (UITableView, IndexPath, Item) -> UITableViewCell) {
        // Unowned: the list owns the data source, which lives no longer than the list.
        dataSource = UITableViewDiffableDataSource(tableView: tableView) { [unowned self] view, indexPath, _ in
            cell(view, indexPath, shown[indexPath.section][indexPath.row])
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

/// The table view's delegate while its events are bound: sends will-display and selection
/// into subjects and forwards each to the delegate the app set (on Apple's runtime, every
/// other delegate method too). One per table view, as long as the view lives.
@MainActor
final class TableViewDelegateProxy: NSObject, UITableViewDelegate {
    private static let proxies = OwnerTable<UITableView, TableViewDelegateProxy>()

    weak var forwardee: (any UITableViewDelegate)?
    let willDisplay = Subject<IndexPath>()
    let displayed = Subject<DisplayedItem>()
    let selected = Subject<IndexPath>()

    static func proxy(for tableView: UITableView) -> TableViewDelegateProxy {
        let proxy = proxies.helper(for: tableView) { TableViewDelegateProxy() }
        if tableView.delegate !== proxy {
            proxy.forwardee = tableView.delegate
            tableView.delegate = proxy
        }
        return proxy
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        willDisplay.send(indexPath)
        displayed.send(DisplayedItem(index: indexPath.row, count: tableView.numberOfRows(inSection: indexPath.section)))
        #if _runtime(_ObjC)
        forwardee?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
        #else
        forwardee?.tableView(tableView, willDisplay: cell, forRowAt: indexPath)
        #endif
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected.send(indexPath)
        #if _runtime(_ObjC)
        forwardee?.tableView?(tableView, didSelectRowAt: indexPath)
        #else
        forwardee?.tableView(tableView, didSelectRowAt: indexPath)
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

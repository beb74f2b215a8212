// Stand-in for the part of Apple's `UIKit` the package meets: its additions to `IndexPath`
// (UICollectionView/UITableView, not on watchOS). Type-checking only.
@_exported import Foundation

#if !os(watchOS)
extension IndexPath {
    public init(item: Int, section: Int) { fatalError() }
    public init(row: Int, section: Int) { fatalError() }
    public var item: Int { get { fatalError() } set { fatalError() } }
    public var row: Int { get { fatalError() } set { fatalError() } }
    public var section: Int { get { fatalError() } set { fatalError() } }
}
#endif

// Stand-in for the part of Apple's `UIKit` the package meets: its additions to `IndexPath`.
// Apple's UIKit overlay is built for watchOS too and declares `init(item:section:)`, `item` and
// `section` there (documented from watchOS 2.0); `init(row:section:)` and `row` belong to
// UITableView, which watchOS does not have. Type-checking only.
@_exported import Foundation

@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
extension IndexPath {
    @available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
    public init(item: Int, section: Int) { fatalError() }
    @available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
    public var item: Int { get { fatalError() } set { fatalError() } }
    @available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
    public var section: Int { get { fatalError() } set { fatalError() } }
}

#if !os(watchOS)
extension IndexPath {
    @available(iOS 2.0, tvOS 9.0, *)
    public init(row: Int, section: Int) { fatalError() }
    @available(iOS 2.0, tvOS 9.0, *)
    public var row: Int { get { fatalError() } set { fatalError() } }
}
#endif

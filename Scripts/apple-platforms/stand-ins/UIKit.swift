// Stand-in for the part of Apple's `UIKit` the package meets: its additions to `IndexPath`.
// Apple's UIKit overlay is built for watchOS too and declares all five there (documented from
// iOS 7.0, tvOS 9.0, watchOS 2.0; iOS 8.0 here, bounded by Foundation's IndexPath). Type-checking only.
@_exported import Foundation

extension IndexPath {
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init(item: Int, section: Int) { fatalError() }
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public init(row: Int, section: Int) { fatalError() }
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var item: Int { get { fatalError() } set { fatalError() } }
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var row: Int { get { fatalError() } set { fatalError() } }
    @available(iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public var section: Int { get { fatalError() } set { fatalError() } }
}

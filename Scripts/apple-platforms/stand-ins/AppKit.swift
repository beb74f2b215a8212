// Stand-in for the part of Apple's `AppKit` the package meets: its additions to `IndexPath`
// (NSCollectionView, macOS 10.11). Type-checking only.
@_exported import Foundation

extension IndexPath {
    public init(item: Int, section: Int) { fatalError() }
    public var item: Int { get { fatalError() } set { fatalError() } }
    public var section: Int { get { fatalError() } set { fatalError() } }
}

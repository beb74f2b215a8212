// Stand-in for the part of Apple's `AppKit` the package meets: its additions to `IndexPath`
// (NSCollectionView; Apple's page says macOS 10.9, bounded here by Foundation's IndexPath, 10.10). Type-checking only.
@_exported import Foundation

extension IndexPath {
    @available(macOS 10.10, *)
    public init(item: Int, section: Int) { fatalError() }
    @available(macOS 10.10, *)
    public var item: Int { get { fatalError() } set { fatalError() } }
    @available(macOS 10.10, *)
    public var section: Int { get { fatalError() } set { fatalError() } }
}

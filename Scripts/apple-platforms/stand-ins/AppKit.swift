// Stand-in for the part of Apple's `AppKit` the package meets: its additions to `IndexPath`
// (NSCollectionView; documented from macOS 10.9). Type-checking only.
@_exported import Foundation

extension IndexPath {
    @available(macOS 10.9, *)
    public init(item: Int, section: Int) { fatalError() }
    @available(macOS 10.9, *)
    public var item: Int { get { fatalError() } set { fatalError() } }
    @available(macOS 10.9, *)
    public var section: Int { get { fatalError() } set { fatalError() } }
}

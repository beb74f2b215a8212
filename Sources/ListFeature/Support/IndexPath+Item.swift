import Foundation

// `IndexPath(item:section:)`, `.item` and `.section` are UIKit's (iOS, tvOS, visionOS, watchOS,
// Mac Catalyst: Apple's UIKit overlay declares them on watchOS too) and AppKit's (macOS)
// additions to Foundation's `IndexPath`. Where neither framework exists (Linux) the package
// supplies the same three members, so view-model outputs read the same everywhere. Where a
// system framework has them, the package declares none: a second public copy would make them
// ambiguous in every client file that imports UIKit or AppKit.
// The package's own code never relies on either: it uses `init(listItem:section:)` and
// `listItem`, below, which mean the same on every platform.
#if !canImport(UIKit) && !canImport(AppKit)
extension IndexPath {
    /// An index path for `item` in `section`, as UIKit spells it (two elements, section first).
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The item of a two-element index path (its last element).
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The section of a two-element index path (its first element).
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
}
#endif

extension IndexPath {
    /// An index path for `item` in `section` (two elements, section first), spelled the same on
    /// every platform, with or without UIKit or AppKit.
    package init(listItem item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The item of a two-element index path (its last element), on every platform.
    package var listItem: Int { self[1] }
}

extension Range where Bound == Int {
    /// The index paths of these items in `section` (section 0 by default).
    public func indexPaths(inSection section: Int = 0) -> [IndexPath] {
        map { IndexPath(listItem: $0, section: section) }
    }
}

import Foundation

#if !canImport(UIKit)
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

extension Range where Bound == Int {
    /// The index paths of these items in `section` (section 0 by default).
    public func indexPaths(inSection section: Int = 0) -> [IndexPath] {
        map { IndexPath(item: $0, section: section) }
    }
}

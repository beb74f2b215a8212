// A client file that imports ListFeature beside the system framework with the list views:
// `IndexPath(item:section:)`, `.item` and `.section` must resolve to exactly one declaration
// (UIKit's or AppKit's where they exist, the package's elsewhere), never be ambiguous, and the
// index paths a view model emits go straight into UIKit's collection and table views
// (`insertItems(at:)`, `insertRows(at:with:)`; UIKit on watchOS has no such views).
// Type-checked for each Apple platform by Scripts/check-apple-platforms.sh.
import Foundation
import SignalsPhotoList
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

func firstRows() -> [Int] {
    let paths = (0..<3).indexPaths(inSection: 1)
    let extra = IndexPath(item: 7, section: 1)
    return (paths + [extra]).map { $0.item + $0.section }
}

#if canImport(UIKit) && !os(watchOS)
@MainActor func insertFirstPage(into collectionView: UICollectionView, and tableView: UITableView) {
    collectionView.insertItems(at: (0..<30).indexPaths())
    tableView.insertRows(at: (0..<30).indexPaths(), with: .automatic)
}
#endif

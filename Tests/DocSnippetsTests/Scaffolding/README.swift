import Signals

// The screen the README's paging example drives, with UIKit's signatures
// (`UICollectionView.insertItems(at:)`, `IndexPath(item:section:)`): the block compiles unchanged
// against UIKit.
extension READMEDoc {
    final class CollectionView {
        func insertItems(at indexPaths: [IndexPath]) {}
    }

    struct IndexPath {
        init(item: Int, section: Int) {}
    }

    var collectionView: CollectionView { CollectionView() }
    var bag: CancellableBag { CancellableBag() }
}

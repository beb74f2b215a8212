import Signals

// The screen the SignalsPaging article's feed drives, with UIKit's signatures
// (`UITableView.insertRows(at:with:)`, `IndexPath(row:section:)`).
extension SignalsPagingDoc {
    final class TableView {
        enum RowAnimation { case automatic }
        func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
        func reloadData() {}
    }

    final class Spinner {
        var isHidden = true
    }

    struct IndexPath {
        let row: Int
        let section: Int
    }

    var tableView: TableView { TableView() }
    var spinner: Spinner { Spinner() }
    var indexPath: IndexPath { IndexPath(row: 0, section: 0) }
    var bag: CancellableBag { CancellableBag() }
    func showBanner<Failure>(_ failure: Failure) {}
}

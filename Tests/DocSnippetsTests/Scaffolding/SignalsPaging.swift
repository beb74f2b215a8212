import Signals

// The screen the SignalsPaging article's feed drives.
extension SignalsPagingDoc {
    final class TableView {
        func insertRows<Rows>(_ rows: Rows) {}
        func reloadData() {}
    }

    final class Spinner {
        var isHidden = true
    }

    struct IndexPath {
        let row: Int
    }

    var tableView: TableView { TableView() }
    var spinner: Spinner { Spinner() }
    var indexPath: IndexPath { IndexPath(row: 0) }
    var bag: CancellableBag { CancellableBag() }
    func showBanner<Failure>(_ failure: Failure) {}
}

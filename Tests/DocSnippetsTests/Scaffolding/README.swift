import Signals

// The screen the README's paging example drives.
extension READMEDoc {
    final class TableView {
        func insertRows<Rows>(_ rows: Rows) {}
    }

    var tableView: TableView { TableView() }
    var bag: CancellableBag { CancellableBag() }
}

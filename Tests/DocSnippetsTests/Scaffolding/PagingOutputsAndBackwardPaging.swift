import Signals
import SignalsPaging

// What the paging outputs article's blocks take for granted: a feed, the views it drives, and
// a chat's API and socket. The table view has UIKit's signatures
// (`UITableView.insertRows(at:with:)`, `IndexPath(row:section:)`).
extension PagingOutputsAndBackwardPagingDoc {
    final class TableView {
        enum RowAnimation { case automatic }
        func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
        func reloadData() {}
    }

    struct IndexPath {
        let row: Int
        let section: Int
    }

    final class DataSource {
        var items = PagedItems<Post>()
    }

    final class Button {
        var isHidden = false
    }

    final class FooterView {
        var isHidden = false
        func showSpinner() {}
        func showRetry(_ message: String) {}
    }

    /// A chat message.
    struct Message: Identifiable {
        let id: Int
    }

    /// A page of messages, newest first, and the cursor of the older ones.
    struct MessagesPage {
        let messages: [Message]
        let olderCursor: String?
    }

    struct ChatAPI {
        func messages(before cursor: String?) -> Observable<Result<MessagesPage, APIError>> { .never }
    }

    final class MessageCell {
        func show(_ message: Message) {}
    }

    struct Socket {
        let messages = Subject<[Message]>()
    }

    var feed: Paginator<Post, APIError, String?> { Paginator(firstCursor: nil, scheduler: ImmediateScheduler()) }
    var dataSource: DataSource { DataSource() }
    var tableView: TableView { TableView() }
    var loadMoreButton: Button { Button() }
    var footerView: FooterView { FooterView() }
    var api: ChatAPI { ChatAPI() }
    var socket: Socket { Socket() }
    var cell: MessageCell { MessageCell() }
    var indexPath: IndexPath { IndexPath(row: 0, section: 0) }
    var bag: CancellableBag { CancellableBag() }
}

extension APIError {
    /// What a screen shows for the error (the paging outputs article's retry footer).
    var message: String { "Something went wrong." }
}

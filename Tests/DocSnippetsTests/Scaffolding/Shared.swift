import Foundation
import Signals
import SignalsTesting

// What the documented blocks take for granted, shared by every article: a search API, the
// values it returns, a screen to show them on, and a print that tests can read.
// Keep it small: a block that needs more than a name or two should declare it itself.

/// What `print` wrote inside a block's statements, line by line.
final class PrintLog: Sendable {
    private let lines = Locked<[String]>([])

    /// Appends one printed line, as `Swift.print` would write it.
    func print(_ items: [Any], separator: String, terminator: String) {
        let text = items.map { "\($0)" }.joined(separator: separator)
        lines.withLock { $0.append(terminator == "\n" ? text : text + terminator) }
    }

    /// Every line printed so far.
    var all: [String] { lines.withLock { $0 } }
}

/// A search result of the examples.
struct Photo: Identifiable, Hashable, Sendable {
    let id: String
}

/// The examples' API error.
struct APIError: Error, Hashable, Sendable {}

/// A post of the paging examples.
struct Post: Identifiable, Hashable, Sendable {
    let id: Int
}

/// One page of posts and the token of the next one.
struct PostsPage: Sendable {
    let posts: [Post]
    let nextCursor: String?
}

/// The API the examples call. `search` answers on a background thread, as a network layer
/// does, so an example that shows results must move them to the main thread itself.
struct SnippetAPI: Sendable {
    func search(_ text: String) -> Observable<Result<[Photo], APIError>> {
        Observable.create { observer in
            DispatchQueue.global().async {
                observer.send(.success([Photo(id: text)]))
                observer.finish()
            }
            return AnyCancellable {}
        }
    }

    func posts(after cursor: String?) -> Observable<Result<PostsPage, APIError>> {
        .just(.success(PostsPage(posts: [Post(id: 1)], nextCursor: nil)))
    }
}

/// The `api` of the examples.
let api = SnippetAPI()

/// Marks the main queue, for `SearchScreen.show(_:)`.
let mainQueueKey = DispatchSpecificKey<Bool>()

/// The screen of the migration guides' search example: `query`, `searchText`, `scheduler`,
/// `bag` and `show(_:)`, which records each call and whether it ran on the main queue (the
/// main actor's executor; on Linux, `dispatch_main` may drain it on another thread than the
/// process's first, so the queue, not `Thread.isMainThread`, is what to check).
final class SearchScreen: @unchecked Sendable {
    // Read by the tests only after the deliveries they wait for.
    let query = Subject<String>()
    let searchText = Subject<String>()
    let scheduler = TestScheduler()
    let bag = CancellableBag()
    private let shownLog = Locked<[(photos: [Photo], onMainThread: Bool)]>([])
    var onShow: @Sendable () -> Void = {}

    func show(_ photos: [Photo]) {
        shownLog.withLock { $0.append((photos, DispatchQueue.getSpecific(key: mainQueueKey) == true)) }
        onShow()
    }

    var shown: [(photos: [Photo], onMainThread: Bool)] { shownLog.withLock { $0 } }

    init() {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    }
}

/// The login examples' credentials, user and error.
struct Credentials: Equatable, Sendable, CustomStringConvertible {
    let email: String
    let password: String
    var description: String { email }
}

/// The credentials the examples sign in with.
let ada = Credentials(email: "ada@example.com", password: "secret")

/// A signed-in user.
struct User: Equatable, Sendable {
    let email: String
}

/// Why a login failed.
enum LoginError: Error, Equatable {
    case wrongPassword
}

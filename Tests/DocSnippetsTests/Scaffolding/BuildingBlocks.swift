import Signals
import SignalsTesting

// The names the Building Blocks article's view-model excerpts use.
extension BuildingBlocksDoc {
    struct Input {
        let refresh = Subject<Void>()
        let retryTapped = Subject<Void>()
        let logInTapped = Subject<Void>()
    }

    /// One initializer per excerpt.
    struct Output {
        init(photos: Observable<[Photo]>, isLoading: Observable<Bool>) {}
        init(isLoggingIn: Observable<Bool>, isLogInEnabled: Observable<Bool>, signedIn: Observable<User>, error: Observable<String>, refused: Observable<Void>) {}
    }

    struct Repository: Sendable {
        func photos(page: Int) async throws -> [Photo] { [Photo(id: "\(page)")] }
    }

    struct LoginService: Sendable {
        func logIn(_ credentials: Credentials) async throws -> User { User(email: credentials.email) }
    }

    struct Uploader: Sendable {
        /// An upload's progress, a new one-shot stream per call.
        func upload(_ photo: Photo) -> AsyncThrowingStream<Double, any Error> {
            AsyncThrowingStream { continuation in
                continuation.yield(1)
                continuation.finish()
            }
        }
    }

    var uploader: Uploader { Uploader() }
    var photo: Photo { Photo(id: "1") }
    var input: Input { Input() }
    var repository: Repository { Repository() }
    var service: LoginService { LoginService() }
    var scheduler: TestScheduler { TestScheduler() }
    var errors: Subject<any Error> { Subject() }
    var canLogIn: Property<Bool> { Property(true) }
    var credentials: Property<Credentials> { Property(ada) }
    var bag: CancellableBag { CancellableBag() }
}

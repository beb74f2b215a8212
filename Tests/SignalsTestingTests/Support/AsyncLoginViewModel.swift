import Signals

/// What a login form submits.
struct Credentials: Equatable, Sendable, CustomStringConvertible {
    var email: String
    var password: String

    var description: String { email }
}

/// A login view model whose service is an ordinary `async throws` function, called through
/// `Observable.task`: the shape the scripted-function tests run on, written as production code
/// would be (no stream-returning closures for the sake of tests).
final class AsyncLoginViewModel: ViewModelType {
    struct Input {
        /// Send when the submit button is tapped, with the form's fields.
        let submitTapped = Subject<Credentials>()
    }

    struct Output {
        /// Emits whether a login request is in flight; replays.
        let isLoading: Observable<Bool>
        /// Emits the signed-in user's name when a login succeeds.
        let signedIn: Observable<String>
        /// Emits a message to show when a login fails.
        let errorMessage: Observable<String>
    }

    let bag = CancellableBag()
    private let login: @Sendable (Credentials) async throws -> String

    /// Creates the view model; `login` signs in and returns the user's name.
    init(login: @escaping @Sendable (Credentials) async throws -> String) {
        self.login = login
    }

    func transform(input: Input) -> Output {
        bag.cancelAll()
        let isLoading = Property(false)
        let signedIn = Subject<String>()
        let errorMessage = Subject<String>()
        let login = self.login

        input.submitTapped.asObservable()
            .flatMapLatest { credentials in
                isLoading.value = true
                return Observable.task { try await login(credentials) }
            }
            .bind { result in
                isLoading.value = false
                switch result {
                case .success(let name): signedIn.send(name)
                case .failure(let error): errorMessage.send("Login failed: \(error)")
                }
            }
            .store(in: bag)

        return Output(
            isLoading: isLoading.asObservable(),
            signedIn: signedIn.asObservable(),
            errorMessage: errorMessage.asObservable()
        )
    }
}

/// The same login as a `@MainActor` view model with an isolated conformance, as an iOS app
/// target writes it.
@MainActor
final class MainActorLoginViewModel: @MainActor ViewModelType {
    struct Input {
        /// Send when the submit button is tapped, with the form's fields.
        let submitTapped = Subject<Credentials>()
    }

    struct Output {
        /// Emits whether a login request is in flight; replays.
        let isLoading: Observable<Bool>
        /// Emits the signed-in user's name when a login succeeds.
        let signedIn: Observable<String>
    }

    let bag = CancellableBag()
    private let login: @Sendable (Credentials) async throws -> String
    /// The last name signed in, kept on the main actor.
    private(set) var userName: String?

    /// Creates the view model; `login` signs in and returns the user's name.
    init(login: @escaping @Sendable (Credentials) async throws -> String) {
        self.login = login
    }

    func transform(input: Input) -> Output {
        bag.cancelAll()
        let isLoading = Property(false)
        let signedIn = Subject<String>()
        let login = self.login

        input.submitTapped.asObservable()
            .flatMapLatest { credentials in
                isLoading.value = true
                return Observable.task { try await login(credentials) }
            }
            .bind { [weak self] result in
                isLoading.value = false
                if case .success(let name) = result {
                    self?.userName = name
                    signedIn.send(name)
                }
            }
            .store(in: bag)

        return Output(isLoading: isLoading.asObservable(), signedIn: signedIn.asObservable())
    }
}

import Signals

/// A signed-in user.
public struct User: Equatable, Sendable {
    /// The user's e-mail address.
    public let email: String

    /// Creates a user.
    public init(email: String) {
        self.email = email
    }
}

/// Why a login failed, in words the screen shows.
public enum LoginError: Error, Equatable, Sendable {
    /// The server rejected the e-mail and password.
    case wrongCredentials
    /// The request did not reach the server.
    case offline
}

/// The e-mail and password sent with a login request.
public struct Credentials: Equatable, Sendable {
    /// The e-mail address typed in.
    public let email: String
    /// The password typed in.
    public let password: String

    /// Creates credentials.
    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// The login screen's view model: a `@MainActor` class, as new app targets make them, that
/// conforms to `ViewModelType` with an isolated conformance (`@MainActor ViewModelType`) where
/// the compiler has them (6.2+), and with `@preconcurrency ViewModelType` before (Xcode 16's
/// Swift 6.0 and 6.1; see the extension below). CI builds and tests this package with real
/// Swift 6.0.3, 6.2.3 and 6.3 compilers.
///
/// Written with Combine habits: operators straight on the input subjects (no
/// `.asObservable()`), `combineLatest` of three; outputs that end with their session
/// (`state(initial:in:)` for state, `output(in:)` for events).
@MainActor
public final class LoginViewModel {
    /// The screen's events.
    public struct Input {
        /// Send when the e-mail field changes.
        public let email = Subject<String>()
        /// Send when the password field changes.
        public let password = Subject<String>()
        /// Send when the user taps "Log in".
        public let loginTapped = Subject<Void>()

        /// Creates the input subjects.
        public init() {}
    }

    /// What the screen shows.
    public struct Output {
        /// Emits whether the "Log in" button is enabled, now and on each change.
        public let isLoginEnabled: Observable<Bool>
        /// Emits whether a login request is running, now and on each change.
        public let isLoading: Observable<Bool>
        /// Emits the message to show under the form (`nil` hides it), now and on each change.
        public let errorMessage: Observable<String?>
        /// Emits the user once a login succeeds.
        public let loggedIn: Observable<User>
    }

    /// Holds the bindings `transform(input:)` makes.
    public let bag = CancellableBag()
    /// The login request, injected so tests answer it (the app passes a network call).
    private let logIn: (Credentials) -> Observable<Result<User, LoginError>>
    /// The number of login requests made, for the screen's analytics (main-actor state).
    public private(set) var attempts = 0

    /// Creates the view model around the login request.
    public init(logIn: @escaping (Credentials) -> Observable<Result<User, LoginError>>) {
        self.logIn = logIn
    }

    /// Wires `input` to a new output; a second call cancels what the first one wired.
    public func transform(input: Input) -> Output {
        bag.cancelAll()
        let isLoading = Property(false)
        let errorMessage = Property<String?>(nil)

        let credentials = input.email.combineLatest(input.password) {
            Credentials(email: $0, password: $1)
        }
        let isLoginEnabled = input.email.combineLatest(input.password, isLoading) { email, password, isLoading in
            email.contains("@") && password.count >= 8 && !isLoading
        }
        .state(initial: false, in: bag)    // state: replays, and ends with this session
        .removeDuplicates()

        let results = input.loginTapped
            .withLatestFrom(isLoginEnabled.combineLatest(credentials))
            .filter { isEnabled, _ in isEnabled }
            .handleEvents(onValue: { [weak self] _ in
                self?.attempts += 1
                isLoading.value = true
                errorMessage.value = nil
            })
            .flatMapLatest { [logIn] _, credentials in logIn(credentials) }
            .share()

        results
            .map { _ in false }
            .bind(to: isLoading)
            .store(in: bag)
        results
            .map { result -> String? in
                guard case .failure(let error) = result else { return nil }
                switch error {
                case .wrongCredentials: return "Wrong e-mail or password."
                case .offline: return "You are offline."
                }
            }
            .bind(to: errorMessage)
            .store(in: bag)

        let loggedIn = results.compactMap { try? $0.get() }.output(in: bag)   // an event: no replay

        return Output(
            isLoginEnabled: isLoginEnabled,
            isLoading: isLoading.asObservable(),
            errorMessage: errorMessage.asObservable(),
            loggedIn: loggedIn
        )
    }
}

// The conformance, spelled for each compiler: isolated (6.2+), or checked at run time before
// (`@preconcurrency` traps if `transform` is ever called off the main actor).
#if compiler(>=6.2)
extension LoginViewModel: @MainActor ViewModelType {}
#else
extension LoginViewModel: @preconcurrency ViewModelType {}
#endif

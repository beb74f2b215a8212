import Signals

/// A stand-in for the login view controller: main-actor state the outputs are assigned to.
@MainActor
public final class LoginScreen {
    /// Whether the "Log in" button is enabled.
    public var isButtonEnabled = false
    /// Whether the spinner shows.
    public var isSpinning = false
    /// The message under the form.
    public var message: String?
    /// The user greeted after login.
    public var greeting = ""

    private let bag = CancellableBag()

    /// Creates a screen showing `output`.
    public init(output: LoginViewModel.Output) {
        output.isLoginEnabled.assign(to: \.isButtonEnabled, on: self).store(in: bag)
        output.isLoading.assign(to: \.isSpinning, on: self).store(in: bag)
        output.errorMessage.assign(to: \.message, on: self).store(in: bag)
        output.loggedIn.bind(with: self) { screen, user in
            screen.greeting = "Welcome, \(user.email)"
        }
        .store(in: bag)
    }
}

/// The login request the app makes: a network call in an `Observable.task`, delivered on the
/// main actor because the stream is built there.
@MainActor
public func liveLogIn(
    _ service: @escaping @Sendable (Credentials) async throws -> User
) -> (Credentials) -> Observable<Result<User, LoginError>> {
    { credentials in
        Observable.task { try await service(credentials) }
            .map { result in result.mapError { _ in LoginError.offline } }
    }
}

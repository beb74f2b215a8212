import LoginFeature
import Signals
import SignalsTesting
import XCTest

/// The same view model tested from `@MainActor` XCTest tests.
final class LoginViewModelXCTests: XCTestCase {
    @MainActor
    func testLoginIsEnabledOnlyForValidInput() async {
        let requests = ScriptedRequests<Credentials, Result<User, LoginError>>()
        let viewModel = LoginViewModel { requests($0) }
        let input = LoginViewModel.Input()
        let output = viewModel.transform(input: input)
        let isLoginEnabled = Recorder(output.isLoginEnabled)
        input.email.send("ada@example.com")
        input.password.send("12345678")
        input.password.send("123")
        XCTAssertEqual(isLoginEnabled.values, [false, true, false])
    }

    @MainActor
    func testASuccessfulLoginGreetsTheUser() async {
        let requests = ScriptedRequests<Credentials, Result<User, LoginError>>()
        let viewModel = LoginViewModel { requests($0) }
        let input = LoginViewModel.Input()
        let screen = LoginScreen(output: viewModel.transform(input: input))
        input.email.send("ada@example.com")
        input.password.send("12345678")
        input.loginTapped.fire()
        XCTAssertTrue(screen.isSpinning)
        XCTAssertTrue(requests.respond(with: .success(User(email: "ada@example.com"))))
        XCTAssertFalse(screen.isSpinning)
        XCTAssertEqual(screen.greeting, "Welcome, ada@example.com")
    }

    @MainActor
    func testTheViewModelDoesNotLeak() async {
        let requests = ScriptedRequests<Credentials, Result<User, LoginError>>()
        expectNoLeaks { tracker in
            let viewModel = tracker.track(LoginViewModel { requests($0) })
            let input = LoginViewModel.Input()
            let output = viewModel.transform(input: input)
            tracker.track(viewModel.bag)
            output.isLoading.bind { _ in }.store(in: viewModel.bag)
        }
    }
}

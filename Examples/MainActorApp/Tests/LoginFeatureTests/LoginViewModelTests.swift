import Dispatch
import LoginFeature
import Signals
import SignalsTesting
import Testing

/// The login view model tested from `@MainActor` Swift Testing tests, with SignalsTesting.
@MainActor
@Suite struct LoginViewModelTests {
    let requests = ScriptedRequests<Credentials, Result<User, LoginError>>()

    func makeViewModel() -> LoginViewModel {
        let requests = requests
        return LoginViewModel { requests($0) }
    }

    @Test func loginIsEnabledOnlyForAnEmailAndAnEightCharacterPassword() {
        let viewModel = makeViewModel()
        let input = LoginViewModel.Input()
        let output = viewModel.transform(input: input)
        let isLoginEnabled = Recorder(output.isLoginEnabled)
        input.email.send("ada")
        input.password.send("12345678")
        input.email.send("ada@example.com")
        input.password.send("1234")
        #expect(isLoginEnabled.values == [false, true, false])
    }

    @Test func lateBindersSeeTheCurrentLoginEnabledState() {
        let viewModel = makeViewModel()
        let input = LoginViewModel.Input()
        let output = viewModel.transform(input: input)
        let first = Recorder(output.isLoginEnabled)
        input.email.send("ada@example.com")
        input.password.send("12345678")
        let late = Recorder(output.isLoginEnabled)
        #expect(first.values == [false, true])
        #expect(late.values == [true])
    }

    @Test func aSuccessfulLoginShowsTheSpinnerThenTheUser() {
        let viewModel = makeViewModel()
        let input = LoginViewModel.Input()
        let output = viewModel.transform(input: input)
        let isLoading = Recorder(output.isLoading)
        let loggedIn = Recorder(output.loggedIn)
        let isLoginEnabled = Recorder(output.isLoginEnabled)
        input.email.send("ada@example.com")
        input.password.send("12345678")
        input.loginTapped.fire()
        #expect(requests.pendingRequests == [Credentials(email: "ada@example.com", password: "12345678")])
        #expect(requests.respond(with: .success(User(email: "ada@example.com"))))
        #expect(isLoading.values == [false, true, false])
        #expect(isLoginEnabled.values == [false, true, false, true])
        #expect(loggedIn.values == [User(email: "ada@example.com")])
        #expect(viewModel.attempts == 1)
    }

    @Test func aRejectedLoginShowsTheMessageAndTappingWhileDisabledSendsNothing() {
        let viewModel = makeViewModel()
        let input = LoginViewModel.Input()
        let output = viewModel.transform(input: input)
        let errorMessage = Recorder(output.errorMessage)
        input.loginTapped.fire()
        #expect(requests.requests.isEmpty)
        input.email.send("ada@example.com")
        input.password.send("wrong-password")
        input.loginTapped.fire()
        #expect(requests.respond(with: .failure(.wrongCredentials)))
        #expect(errorMessage.values == [nil, nil, "Wrong e-mail or password."])
    }

    @Test func theScreenIsUpdatedThroughAssign() {
        let viewModel = makeViewModel()
        let input = LoginViewModel.Input()
        let screen = LoginScreen(output: viewModel.transform(input: input))
        input.email.send("ada@example.com")
        input.password.send("12345678")
        #expect(screen.isButtonEnabled)
        input.loginTapped.fire()
        #expect(screen.isSpinning)
        #expect(requests.respond(with: .success(User(email: "ada@example.com"))))
        #expect(!screen.isSpinning)
        #expect(screen.greeting == "Welcome, ada@example.com")
    }

    @Test func theViewModelAndItsScreenDoNotLeak() {
        let requests = requests
        expectNoLeaks { tracker in
            let viewModel = tracker.track(LoginViewModel { requests($0) })
            let input = LoginViewModel.Input()
            let screen = tracker.track(LoginScreen(output: viewModel.transform(input: input)))
            tracker.track(viewModel.bag)
            input.email.send("ada@example.com")
            input.password.send("12345678")
            input.loginTapped.fire()
            _ = requests.respond(with: .failure(.offline))
            _ = screen
        }
    }

    @Test func aLoginRunInATaskIsDeliveredOnTheMainActor() async {
        let viewModel = LoginViewModel(logIn: liveLogIn { credentials in
            User(email: credentials.email)   // runs off the main actor
        })
        let input = LoginViewModel.Input()
        let screen = LoginScreen(output: viewModel.transform(input: input))
        let user: User = await withCheckedContinuation { continuation in
            var token: Cancellable?
            // Bound on the main actor: in a debug build a delivery off main would trap here.
            token = viewModel.transform(input: input).loggedIn.bind { user in
                continuation.resume(returning: user)
                withExtendedLifetime(token) {}
            }
            input.email.send("ada@example.com")
            input.password.send("12345678")
            input.loginTapped.fire()
        }
        #expect(user == User(email: "ada@example.com"))
        _ = screen
    }

    @Test func valuesSentFromABackgroundThreadReachTheScreenOnMainWithReceiveOn() async {
        let answers = Subject<Result<User, LoginError>>()
        let viewModel = LoginViewModel { _ in answers.receive(on: .main).first() }
        let input = LoginViewModel.Input()
        let output = viewModel.transform(input: input)
        let screen = LoginScreen(output: output)
        var token: Cancellable?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            token = output.loggedIn.bind { _ in continuation.resume() }
            input.email.send("ada@example.com")
            input.password.send("12345678")
            input.loginTapped.fire()
            DispatchQueue.global().async {
                answers.send(.success(User(email: "ada@example.com")))
            }
        }
        withExtendedLifetime(token) {}
        #expect(screen.greeting == "Welcome, ada@example.com")
    }

    // Exit tests arrived in Swift Testing 6.2: with a 6.0 or 6.1 compiler this test is left out.
    #if DEBUG && compiler(>=6.2)
    @Test func aBackgroundValueDeliveredToTheScreenTrapsNamingTheBinding() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let answers = Subject<Result<User, LoginError>>()
            await MainActor.run {
                let viewModel = LoginViewModel { _ in answers.first() }   // no receive(on: .main)
                let input = LoginViewModel.Input()
                let screen = LoginScreen(output: viewModel.transform(input: input))
                input.email.send("ada@example.com")
                input.password.send("12345678")
                input.loginTapped.fire()
                // Keep everything alive past this block.
                _ = Unmanaged.passRetained(viewModel)
                _ = Unmanaged.passRetained(screen)
            }
            // The answer arrives on a cooperative-pool thread, not the main actor.
            answers.send(.success(User(email: "ada@example.com")))
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("a handler bound on the main actor at LoginFeature/LoginScreen.swift:"))
        #expect(standardError.contains("was called off the main actor"))
    }
    #endif
}

import Signals

/// Why a login failed.
enum LoginError: Error, Equatable, CustomStringConvertible {
    case wrongPassword

    var description: String { "Wrong email or password." }
}

/// A small input/output view model to test the testing tools on: a login form.
final class LoginViewModel: ViewModelType {
    struct Input {
        /// Send when the email field's text changes.
        let emailChanged = Subject<String>()
        /// Send when the password field's text changes.
        let passwordChanged = Subject<String>()
        /// Send when the submit button is tapped.
        let submitTapped = Subject<Void>()
    }

    struct Output {
        /// Emits whether the submit button is enabled (both fields filled); replays.
        let isSubmitEnabled: Observable<Bool>
        /// Emits whether a login request is in flight; replays.
        let isLoading: Observable<Bool>
        /// Emits a message to show when a login fails.
        let errorMessage: Observable<String>
        /// Emits the signed-in user's email when a login succeeds.
        let signedIn: Observable<String>
    }

    let bag = CancellableBag()
    private let authenticate: (String, String) -> Observable<Result<String, LoginError>>

    /// Creates the view model; `authenticate(email, password)` performs the login.
    init(authenticate: @escaping (String, String) -> Observable<Result<String, LoginError>>) {
        self.authenticate = authenticate
    }

    /// A view model whose login takes `latency` on `scheduler` and accepts the password "secret".
    convenience init(scheduler: some Scheduler, latency: Duration = .milliseconds(300)) {
        self.init { email, password in
            Observable.just(password == "secret" ? .success(email) : .failure(.wrongPassword))
                .delay(for: latency, scheduler: scheduler)
        }
    }

    func transform(input: Input) -> Output {
        bag.cancelAll()
        let isSubmitEnabled = Property(false)
        let isLoading = Property(false)
        let errorMessage = Subject<String>()
        let signedIn = Subject<String>()
        let authenticate = self.authenticate

        let credentials = input.emailChanged.asObservable()
            .combineLatest(input.passwordChanged.asObservable())
        credentials
            .map { email, password in !email.isEmpty && !password.isEmpty }
            .removeDuplicates()
            .bind { isSubmitEnabled.value = $0 }
            .store(in: bag)

        input.submitTapped.asObservable()
            .withLatestFrom(credentials)
            .filter { _ in isSubmitEnabled.value && !isLoading.value }
            .flatMapLatest { email, password in
                isLoading.value = true
                return authenticate(email, password)
            }
            .bind { result in
                isLoading.value = false
                switch result {
                case .success(let email): signedIn.send(email)
                case .failure(let error): errorMessage.send(error.description)
                }
            }
            .store(in: bag)

        return Output(
            isSubmitEnabled: isSubmitEnabled.asObservable(),
            isLoading: isLoading.asObservable(),
            errorMessage: errorMessage.asObservable(),
            signedIn: signedIn.asObservable()
        )
    }
}

/// A counter that leaks on purpose: its binding captures `self` strongly and lives in `bag`.
final class LeakyCounterViewModel: ViewModelType {
    struct Input {
        /// Send when the increment button is tapped.
        let incrementTapped = Subject<Void>()
    }

    struct Output {
        /// Emits the count; replays.
        let count: Observable<Int>
    }

    let bag = CancellableBag()
    private let count = Property(0)

    func transform(input: Input) -> Output {
        bag.cancelAll()
        input.incrementTapped.asObservable()
            .bind { self.count.value += 1 }   // the cycle: self → bag → binding → self
            .store(in: bag)
        return Output(count: count.asObservable())
    }
}

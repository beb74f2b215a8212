import Signals
import SignalsTesting
import Testing

// The examples of the DocC articles and README, compiled and run.

private final class LoginViewModel: ViewModelType {
    struct Input {
        let email = Subject<String>()
        let password = Subject<String>()
        let submitTapped = Subject<Void>()
    }

    struct Output {
        let isSubmitEnabled: Observable<Bool>
        let submitted: Observable<String>
    }

    let bag = CancellableBag()

    func transform(input: Input) -> Output {
        bag.cancelAll()
        let isValid = Property(false)
        input.email
            .combineLatest(input.password) { $0.contains("@") && $1.count >= 8 }
            .bind(to: isValid)
            .store(in: bag)
        // Hold inputs the outputs need in properties: an output bound later still sees them.
        let email = Property("")
        input.email.bind(to: email).store(in: bag)
        let submitted = input.submitTapped
            .withLatestFrom(email)
            .filter { !$0.isEmpty }
        return Output(
            isSubmitEnabled: isValid.removeDuplicates(),
            submitted: submitted
        )
    }
}

@Suite(.deadlockWatchdog) struct DocumentationExampleTests {
    @Test func submitCarriesTheLatestEmail() {
        let viewModel = LoginViewModel()
        let input = LoginViewModel.Input()
        let output = viewModel.transform(input: input)
        input.submitTapped.fire()
        input.email.send("ada@example.com")
        let submitted = Recorder(output.submitted)   // bound after the email was typed
        input.submitTapped.fire()
        #expect(submitted.values == ["ada@example.com"])
    }
}

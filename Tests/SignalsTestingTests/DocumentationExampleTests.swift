import Signals
import SignalsTesting
import Testing

// The examples of the SignalsTesting DocC articles and the proposed README section, compiled
// and run. Keep them in step with the docs.

@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test func searchWaitsForTheUserToStopTyping() throws {
        let scheduler = TestScheduler()                        // one tick = 100 ms
        let query = try scheduler.hotObservable("a-b-c---|")
        let results = Recorder(query.debounce(for: .milliseconds(200), scheduler: scheduler),
                               scheduler: scheduler)
        scheduler.run()
        expectMarbles(results, "------c-|")
    }

    @Test func debounceWithAPendingValueAtFinishDeliversItOnTheFinishTick() throws {
        let scheduler = TestScheduler()
        let input = try scheduler.hotObservable("a-b-c---|")
        let output = Recorder(input.debounce(for: scheduler.ticks(5), scheduler: scheduler),
                              scheduler: scheduler)
        scheduler.run()
        expectMarbles(output, "--------[c|]")
    }

    @Test func inputsAreDrivenFromDiagrams() throws {
        let scheduler = TestScheduler()
        let viewModel = LoginViewModel(scheduler: scheduler)
        let input = LoginViewModel.Input()
        let output = viewModel.transform(input: input)
        let isLoading = Recorder(output.isLoading, scheduler: scheduler)
        try scheduler.send("'ada@example.com'", to: input.emailChanged)
        try scheduler.send("'secret'", to: input.passwordChanged)
        try scheduler.send("-x---x", values: ["x": ()], to: input.submitTapped)
        scheduler.run()
        // Submitted at tick 1, signed in 3 ticks (300 ms) later; submitted again at tick 5.
        expectMarbles(isLoading, "ft--ft--f", values: ["t": true, "f": false])
    }

    @Test func successfulLoginShowsLoadingThenSignsIn() {
        let scheduler = TestScheduler()
        let viewModel = LoginViewModel(scheduler: scheduler)   // logins take 300 ms
        let input = LoginViewModel.Input()
        let timeline = Timeline(scheduler: scheduler)
        timeline.recordAll(of: viewModel.transform(input: input))

        timeline.expect {
            ("isSubmitEnabled", false)
            ("isLoading", false)
        }
        input.emailChanged.send("ada@example.com")
        input.passwordChanged.send("secret")
        timeline.expect { ("isSubmitEnabled", true) }

        input.submitTapped.fire()
        timeline.expect { ("isLoading", true) }

        scheduler.advance(by: .milliseconds(300))
        timeline.expect {
            ("isLoading", false)
            ("signedIn", "ada@example.com", at: .milliseconds(300))
        }
        timeline.finish()
    }

    @Test func loginViewModelIsReleasedWithItsBindings() {
        let scheduler = TestScheduler()
        expectNoLeaks { tracker in
            let viewModel = tracker.track(LoginViewModel(scheduler: scheduler))
            tracker.track(viewModel.bag)
            let input = LoginViewModel.Input()
            let output = viewModel.transform(input: input)
            let token = output.isLoading.bind { _ in }
            input.emailChanged.send("ada@example.com")
            input.passwordChanged.send("secret")
            input.submitTapped.fire()
            scheduler.run()
            token.cancel()
        }
    }
}

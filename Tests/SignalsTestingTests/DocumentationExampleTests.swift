import Signals
import SignalsTesting
import Testing

// Variants of the SignalsTesting DocC articles' examples. The examples themselves are compiled
// and run from the Markdown by DocSnippetsTests; these check the edges the articles describe.

@Suite("Documentation examples")
struct DocumentationExampleTests {
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

}

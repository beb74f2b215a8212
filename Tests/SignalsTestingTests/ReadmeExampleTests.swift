import Signals
import SignalsTesting
import Testing

// View-model examples in the README's style, run. (The README's own blocks are compiled and run
// by DocSnippetsTests, from the Markdown itself.)

private final class CounterViewModel: ViewModelType {
    struct Input { let increment = Subject<Void>() }
    struct Output { let count: Observable<Int> }
    let bag = CancellableBag()

    func transform(input: Input) -> Output {
        bag.cancelAll()
        let count = Property(0)
        input.increment.asObservable()
            .bind { count.value += 1 }
            .store(in: bag)
        return Output(count: count.asObservable())
    }
}

@Suite struct ReadmeExampleTests {
    @Test func incrementCountsUp() {
        let viewModel = CounterViewModel()
        let input = CounterViewModel.Input()
        let output = viewModel.transform(input: input)
        let count = Recorder(output.count)
        input.increment.fire()
        input.increment.fire()
        #expect(count.values == [0, 1, 2])
    }

    @Test func aViewModelThatIsNotKeptTakesItsBindingsWithIt() {
        let input = CounterViewModel.Input()
        let output = CounterViewModel().transform(input: input)
        let count = Recorder(output.count)
        input.increment.fire()
        #expect(count.values == [0])
        #expect(input.increment.bindingCount == 0)
    }

    @Test func marblesTimelineAndLeakCheck() throws {
        let scheduler = TestScheduler()
        let query = try scheduler.hotObservable("a-b-c---|")
        let results = Recorder(query.debounce(for: .milliseconds(200), scheduler: scheduler), scheduler: scheduler)
        scheduler.run()
        expectMarbles(results, "------c-|")

        let viewModel = CounterViewModel()
        let input = CounterViewModel.Input()
        let timeline = Timeline(scheduler: scheduler)
        timeline.recordAll(of: viewModel.transform(input: input))
        input.increment.fire()
        timeline.expect {
            ("count", 0)
            ("count", 1)
        }
        timeline.finish()

        expectNoLeaks { tracker in _ = tracker.track(CounterViewModel()).transform(input: .init()) }
    }
}

import Signals
import SignalsTesting
import Testing

/// A small input/output view model, written the way the package documents.
private final class CounterViewModel: ViewModelType {
    struct Input {
        let increment = Subject<Void>()
        let reset = Subject<Void>()
    }

    struct Output {
        let count: Observable<Int>
        let didReset: Observable<Void>
    }

    let bag = CancellableBag()

    func transform(input: Input) -> Output {
        bag.cancelAll()
        let count = Property(0)
        let didReset = Subject<Void>()
        input.increment.bind { count.value += 1 }.store(in: bag)
        input.reset.bind {
            count.value = 0
            didReset.fire()
        }.store(in: bag)
        return Output(count: count.asObservable(), didReset: didReset.asObservable())
    }
}

@Suite(.deadlockWatchdog) struct ViewModelTypeTests {
    @Test func stateOutputsReplayAndEventOutputsDoNot() {
        let viewModel = CounterViewModel()
        let input = CounterViewModel.Input()
        let output = viewModel.transform(input: input)
        input.increment.fire()
        let count = Recorder(output.count)
        let resets = Recorder(output.didReset)
        input.reset.fire()
        #expect(count.values == [1, 0])
        #expect(resets.values.count == 1)
    }

    @Test func callingTransformTwiceStartsAFreshSessionAndRetiresTheFirst() {
        let viewModel = CounterViewModel()
        let firstInput = CounterViewModel.Input()
        let firstOutput = viewModel.transform(input: firstInput)
        let firstCount = Recorder(firstOutput.count)
        firstInput.increment.fire()

        let secondInput = CounterViewModel.Input()
        let secondOutput = viewModel.transform(input: secondInput)
        let secondCount = Recorder(secondOutput.count)
        firstInput.increment.fire()       // drives nothing any more
        secondInput.increment.fire()

        #expect(firstCount.values == [0, 1])
        #expect(secondCount.values == [0, 1])
        #expect(firstInput.increment.bindingCount == 0)
        #expect(viewModel.bag.count == 2)
    }

    @Test func theViewModelAndItsBindingsAreReleasedTogether() {
        weak var weakViewModel: CounterViewModel?
        let input = CounterViewModel.Input()
        do {
            let viewModel = CounterViewModel()
            weakViewModel = viewModel
            _ = viewModel.transform(input: input)
            #expect(input.increment.bindingCount == 1)
        }
        #expect(weakViewModel == nil)
        #expect(input.increment.bindingCount == 0)
    }
}

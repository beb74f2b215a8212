import Signals
import SignalsTesting
import Testing

/// `output(in:)` and `state(initial:in:)`: a view model's outputs that end with their session.
@Suite(.deadlockWatchdog) struct SessionOutputTests {
    @Test func anEventOutputDeliversWhatComesAfterABindingWithoutReplay() {
        let taps = Subject<Int>()
        let bag = CancellableBag()
        let output = taps.map { $0 * 10 }.output(in: bag)
        #expect(taps.bindingCount == 1)                  // bound now, through the bag
        taps.send(1)                                     // nobody is bound yet: not kept
        let early = Recorder(output)
        taps.send(2)
        let late = Recorder(output)
        taps.send(3)
        #expect(early.events == [.value(20), .value(30)])
        #expect(late.events == [.value(30)])
    }

    @Test func anEventOutputGoesSilentWithoutFinishingWhenTheBagCancels() {
        let taps = Subject<Int>()
        let bag = CancellableBag()
        let recorder = Recorder(taps.output(in: bag))
        taps.send(1)
        bag.cancelAll()
        taps.send(2)
        #expect(recorder.events == [.value(1)])
        #expect(taps.bindingCount == 0)
    }

    @Test func anEventOutputDoesNotPassOnTheStreamsFinish() {
        let taps = Subject<Int>()
        let bag = CancellableBag()
        let recorder = Recorder(taps.first().output(in: bag))
        taps.send(1)
        taps.send(2)
        #expect(recorder.events == [.value(1)])
    }

    @Test func aStateOutputReplaysItsInitialValueThenEachValue() {
        let loading = Subject<Bool>()
        let bag = CancellableBag()
        let output = loading.state(initial: false, in: bag)
        let early = Recorder(output)
        loading.send(true)
        let late = Recorder(output)
        loading.send(true)                               // equal values are delivered
        #expect(early.values == [false, true, true])
        #expect(late.values == [true, true])
    }

    @Test func aStateOutputKeepsItsLastValueAndChangesNoMoreWhenTheBagCancels() {
        let loading = Subject<Bool>()
        let bag = CancellableBag()
        let output = loading.state(initial: false, in: bag)
        let early = Recorder(output)
        loading.send(true)
        bag.cancelAll()
        loading.send(false)
        let late = Recorder(output)
        #expect(early.events == [.value(false), .value(true)])
        #expect(late.events == [.value(true)])
        #expect(loading.bindingCount == 0)
    }

    @Test func aStateOutputStaysAtItsLastValueWhenTheStreamFinishes() {
        let bag = CancellableBag()
        let output = Observable.just(7).state(initial: 0, in: bag)
        #expect(Recorder(output).events == [.value(7)])
    }

    @Test func releasingTheBagEndsTheSessionToo() {
        let taps = Subject<Int>()
        var bag: CancellableBag? = CancellableBag()
        let events = Recorder(taps.output(in: bag!))
        let state = Recorder(taps.state(initial: 0, in: bag!))
        taps.send(1)
        bag = nil
        taps.send(2)
        #expect(events.values == [1])
        #expect(state.values == [0, 1])
        #expect(taps.bindingCount == 0)
    }

    @Test func aSecondTransformSilencesTheFirstSessionsOutputs() {
        let viewModel = CounterViewModel()
        let firstInput = CounterViewModel.Input()
        let first = viewModel.transform(input: firstInput)
        let firstCount = Recorder(first.count)
        let firstTapped = Recorder(first.tapped)
        firstInput.tap.fire()
        let secondInput = CounterViewModel.Input()
        let second = viewModel.transform(input: secondInput)
        let secondCount = Recorder(second.count)
        firstInput.tap.fire()
        secondInput.tap.fire()
        secondInput.tap.fire()
        #expect(firstCount.values == [0, 1])
        #expect(firstTapped.values == [1])
        #expect(secondCount.values == [0, 1, 2])
    }
}

/// A re-transformable view model whose outputs are each one call.
private final class CounterViewModel: ViewModelType {
    struct Input {
        let tap = Subject<Void>()
    }

    struct Output {
        let count: Observable<Int>                       // state: replays
        let tapped: Observable<Int>                      // event: does not
    }

    let bag = CancellableBag()

    func transform(input: Input) -> Output {
        bag.cancelAll()
        let counts = input.tap.scan(0) { count, _ in count + 1 }.share(in: bag)
        return Output(
            count: counts.state(initial: 0, in: bag),
            tapped: counts.output(in: bag)
        )
    }

    /// A transform as a view model writes it: a side effect bound on the tap, then the outputs
    /// inside `return Output(…)`; the log shows what a view bound to both sees, in order.
    @Test func anOutputMadeInsideReturnOutputArrivesAfterTheSameEventsSideEffects() {
        let taps = Subject<Int>()
        let bag = CancellableBag()
        let log = LockedList<String>()
        let isLoading = Property(false)
        taps.bind { _ in isLoading.value = true }.store(in: bag)
        let submitted = taps.map { "submitted \($0)" }.output(in: bag)   // as in `return Output(…)`
        isLoading.bind { log.append("isLoading \($0)") }.store(in: bag)
        submitted.bind { log.append($0) }.store(in: bag)
        taps.send(1)
        #expect(log.elements == ["isLoading false", "isLoading true", "submitted 1"])
    }

    @Test func anOutputMadeBeforeASideEffectsBindingArrivesFirst() {
        let taps = Subject<Int>()
        let bag = CancellableBag()
        let log = LockedList<String>()
        let isLoading = Property(false)
        let submitted = taps.map { "submitted \($0)" }.output(in: bag)
        taps.bind { _ in isLoading.value = true }.store(in: bag)
        isLoading.bind { log.append("isLoading \($0)") }.store(in: bag)
        submitted.bind { log.append($0) }.store(in: bag)
        taps.send(1)
        #expect(log.elements == ["isLoading false", "submitted 1", "isLoading true"])
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct ShareTests {
    @Test func bindsUpstreamOnceForManyBindings() {
        let binds = Counter()
        let subject = Subject<Int>()
        let shared = subject.asObservable().handleEvents(onBind: { binds.increment() }).map { $0 * 2 }.share()
        let first = Recorder(shared)
        let second = Recorder(shared)
        subject.send(1)
        #expect(binds.value == 1)
        #expect(subject.bindingCount == 1)
        #expect(first.values == [2])
        #expect(second.values == [2])
    }

    @Test func disconnectsWhenTheLastBindingGoesAndReconnectsLater() {
        let subject = Subject<Int>()
        let shared = subject.asObservable().share()
        let first = Recorder(shared)
        first.cancel()
        #expect(subject.bindingCount == 0)
        let second = Recorder(shared)
        #expect(subject.bindingCount == 1)
        subject.send(5)
        #expect(second.values == [5])
    }

    @Test func upstreamFinishFinishesEveryBindingAndALaterBindingStartsAfresh() {
        let binds = Counter()
        let subject = Subject<Int>()
        let shared = subject.asObservable().handleEvents(onBind: { binds.increment() }).share()
        let first = Recorder(shared)
        subject.send(1)
        subject.finish()
        #expect(first.events == [.value(1), .finished])
        let second = Recorder(shared)
        #expect(binds.value == 2)
        #expect(second.events == [.finished])   // the subject itself stays finished
    }
}

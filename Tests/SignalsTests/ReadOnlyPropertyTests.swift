import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct ReadOnlyPropertyTests {
    @Test func readsTheCurrentValueAndReplaysItThenEachChange() {
        let storage = Property(1)
        let view = ReadOnlyProperty(storage)
        let recorder = Recorder(view.asObservable())
        #expect(view.value == 1)
        storage.value = 2
        storage.value = 3
        #expect(view.value == 3)
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func aPartOfAPropertyDeliversOnlyChangesOfThatPart() {
        let storage = Property([String]())
        let isEmpty = ReadOnlyProperty(storage) { $0.isEmpty }
        let recorder = Recorder(isEmpty.asObservable())
        storage.value = ["a"]
        storage.value = ["a", "b"]      // still not empty: nothing delivered
        storage.value = []
        #expect(recorder.values == [true, false, true])
        #expect(isEmpty.value)
    }

    @Test func anActionsStateIsReadableNowWithoutBinding() {
        let scheduler = TestScheduler()
        let action = Action { (n: Int) in Observable.just(n).delay(for: .milliseconds(10), scheduler: scheduler) }
        #expect(action.isEnabled.value)
        #expect(!action.isExecuting.value)
        action.apply(1)
        #expect(!action.isEnabled.value)
        #expect(action.isExecuting.value)
        scheduler.run()
        #expect(action.isEnabled.value)
        #expect(!action.isExecuting.value)
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct PrependTests {
    @Test func prependDeliversItsValuesFirst() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.asObservable().prepend(-1, 0))
        subject.send(1)
        subject.finish()
        #expect(recorder.events == [.value(-1), .value(0), .value(1), .finished])
    }
}

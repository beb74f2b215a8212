import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct ScanTests {
    @Test func scanDeliversRunningResults() {
        let recorder = Recorder(Observable.sequence([1, 2, 3]).scan(10, +))
        #expect(recorder.events == [.value(11), .value(13), .value(16), .finished])
    }
}

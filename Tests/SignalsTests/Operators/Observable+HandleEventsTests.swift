import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct HandleEventsTests {
    @Test func reportsEachStageInOrder() {
        let subject = Subject<Int>()
        var log: [String] = []
        let recorder = Recorder(subject.asObservable().handleEvents(
            onBind: { log.append("bind") },
            onValue: { log.append("value \($0)") },
            onFinish: { log.append("finish") }
        ))
        subject.send(1)
        subject.finish()
        #expect(log == ["bind", "value 1", "finish"])
        #expect(recorder.events == [.value(1), .finished])
    }

    @Test func onCancelRunsOnlyWhenCancelledBeforeFinishing() {
        let cancels = Counter()
        let subject = Subject<Int>()
        let token = subject.asObservable().handleEvents(onCancel: { cancels.increment() }).bind { _ in }
        token.cancel()
        token.cancel()
        #expect(cancels.value == 1)
        let finishing = Observable.just(1).handleEvents(onCancel: { cancels.increment() }).bind { _ in }
        finishing.cancel()
        #expect(cancels.value == 1)
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct SubjectTests {
    @Test func deliversValuesSentAfterBindingOnly() {
        let subject = Subject<Int>()
        subject.send(0)
        let recorder = Recorder(subject.asObservable())
        subject.send(1)
        subject.send(2)
        #expect(recorder.events == [.value(1), .value(2)])
    }

    @Test func finishIsDeliveredOnceAndLaterSendsAreIgnored() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.asObservable())
        subject.send(1)
        subject.finish()
        subject.send(2)
        subject.finish()
        #expect(recorder.events == [.value(1), .finished])
    }

    @Test func bindingAfterFinishIsFinishedAtOnce() {
        let subject = Subject<Int>()
        subject.finish()
        let recorder = Recorder(subject.asObservable())
        #expect(recorder.events == [.finished])
        #expect(subject.bindingCount == 0)
    }

    @Test func fireSendsVoid() {
        let subject = Subject<Void>()
        var count = 0
        let token = subject.bind { count += 1 }
        subject.fire()
        subject.fire()
        #expect(count == 2)
        token.cancel()
    }

    @Test func bindingsAreCalledInTheOrderTheyWereMade() {
        let subject = Subject<Int>()
        var calls: [String] = []
        var tokens: [any Cancellable] = []
        for name in ["a", "b", "c", "d"] {
            tokens.append(subject.bind { calls.append("\(name)\($0)") })
        }
        // Removing and re-adding puts a binding last.
        tokens[1].cancel()
        tokens.append(subject.bind { calls.append("e\($0)") })
        subject.send(1)
        #expect(calls == ["a1", "c1", "d1", "e1"])
    }

    @Test func orderIsKeptAcrossCompaction() {
        let subject = Subject<Int>()
        var calls: [Int] = []
        var tokens: [any Cancellable] = []
        for index in 0..<200 {
            tokens.append(subject.bind { _ in calls.append(index) })
        }
        for index in stride(from: 0, to: 200, by: 2) { tokens[index].cancel() }
        subject.send(0)
        #expect(calls == Array(stride(from: 1, to: 200, by: 2)))
        #expect(subject.bindingCount == 100)
    }

    @Test func bindingCountFollowsBindAndCancel() {
        let subject = Subject<Int>()
        let first = subject.bind { _ in }
        let second = subject.bind { _ in }
        #expect(subject.bindingCount == 2)
        first.cancel()
        first.cancel()
        #expect(subject.bindingCount == 1)
        second.cancel()
        #expect(subject.bindingCount == 0)
    }
}

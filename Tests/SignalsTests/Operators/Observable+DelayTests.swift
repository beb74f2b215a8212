import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct DelayTests {
    @Test func shiftsValuesAndFinishByTheInterval() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable().delay(for: .seconds(1), scheduler: scheduler), scheduler: scheduler)
        subject.send("a")
        scheduler.advance(by: .milliseconds(500))
        subject.send("b")
        subject.finish()
        scheduler.advance(by: .milliseconds(499))
        #expect(recorder.events == [])
        scheduler.run()
        #expect(timeline(recorder) == ["1000ms a", "1500ms b", "1500ms |"])
    }
}

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct ReceiveOnTests {
    @Test func deliversOnTheSchedulerInOrder() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable().receive(on: scheduler))
        subject.send("a")
        subject.send("b")
        subject.finish()
        #expect(recorder.events == [])
        scheduler.advance()
        #expect(recorder.events == [.value("a"), .value("b"), .finished])
    }

    @Test func immediateSchedulerDeliversSynchronously() {
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable().receive(on: .immediate))
        subject.send("a")
        #expect(recorder.values == ["a"])
    }

    @Test func cancelledBindingGetsNothingFromWorkAlreadyScheduled() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable().receive(on: scheduler))
        subject.send("a")
        recorder.cancel()
        scheduler.run()
        #expect(recorder.events == [])
    }

    @Test func dispatchQueueSchedulerDeliversOnItsQueue() async {
        let subject = Subject<Int>()
        let stream = subject.asObservable().receive(on: DispatchQueueScheduler(queue: .init(label: "test"))).values
        subject.send(1)
        subject.send(2)
        subject.finish()
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [1, 2])
    }
}

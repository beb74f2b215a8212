import Signals
import SignalsTesting
import Testing

private typealias Entry = (Duration, Event<String>)

private func timeline(_ recorder: Recorder<String>) -> [String] {
    recorder.entries.map { entry in
        switch entry.event {
        case .value(let value): "\(entry.time.nanoseconds / 1_000_000)ms \(value)"
        case .finished: "\(entry.time.nanoseconds / 1_000_000)ms |"
        }
    }
}

@Suite struct DebounceTests {
    @Test func deliversOnlyAfterAQuietPeriod() {
        let scheduler = TestScheduler()
        let query = Subject<String>()
        let recorder = Recorder(query.asObservable().debounce(for: .milliseconds(300), scheduler: scheduler), scheduler: scheduler)
        query.send("c")
        scheduler.advance(by: .milliseconds(100))
        query.send("ca")
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.values == [])
        scheduler.advance(by: .milliseconds(1))
        query.send("cat")
        scheduler.advance(by: .milliseconds(300))
        #expect(timeline(recorder) == ["400ms ca", "700ms cat"])
    }

    @Test func aPendingValueIsDeliveredAtOnceWhenUpstreamFinishes() {
        let scheduler = TestScheduler()
        let query = Subject<String>()
        let recorder = Recorder(query.asObservable().debounce(for: .milliseconds(300), scheduler: scheduler), scheduler: scheduler)
        query.send("a")
        scheduler.advance(by: .milliseconds(100))
        query.finish()
        #expect(timeline(recorder) == ["100ms a", "100ms |"])
        scheduler.run()
        #expect(recorder.events == [.value("a"), .finished])
    }

    @Test func cancellingStopsThePendingValue() {
        let scheduler = TestScheduler()
        let query = Subject<String>()
        let recorder = Recorder(query.asObservable().debounce(for: .milliseconds(300), scheduler: scheduler))
        query.send("a")
        recorder.cancel()
        scheduler.run()
        #expect(recorder.events == [])
        #expect(scheduler.pendingCount == 0)
    }
}

@Suite struct ThrottleTests {
    @Test func latestDeliversTheFirstAtOnceThenTheLatestPerInterval() {
        let scheduler = TestScheduler()
        let taps = Subject<String>()
        let recorder = Recorder(taps.asObservable().throttle(for: .milliseconds(100), scheduler: scheduler, latest: true), scheduler: scheduler)
        taps.send("a")
        scheduler.advance()
        taps.send("b")
        scheduler.advance(by: .milliseconds(50))
        taps.send("c")
        scheduler.advance(by: .milliseconds(50))
        scheduler.advance(by: .milliseconds(200))
        taps.send("d")
        scheduler.advance()
        #expect(timeline(recorder) == ["0ms a", "100ms c", "300ms d"])
    }

    @Test func firstKeepsTheFirstValueOfEachInterval() {
        let scheduler = TestScheduler()
        let taps = Subject<String>()
        let recorder = Recorder(taps.asObservable().throttle(for: .milliseconds(100), scheduler: scheduler, latest: false), scheduler: scheduler)
        taps.send("a")
        scheduler.advance()
        taps.send("b")
        taps.send("c")
        scheduler.advance(by: .milliseconds(100))
        #expect(timeline(recorder) == ["0ms a", "100ms b"])
    }

    @Test func finishTravelsWithThePendingValue() {
        let scheduler = TestScheduler()
        let taps = Subject<String>()
        let recorder = Recorder(taps.asObservable().throttle(for: .milliseconds(100), scheduler: scheduler, latest: true), scheduler: scheduler)
        taps.send("a")
        scheduler.advance()
        taps.send("b")
        taps.finish()
        scheduler.run()
        #expect(timeline(recorder) == ["0ms a", "100ms b", "100ms |"])
    }
}

@Suite struct DelayTests {
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

@Suite struct ReceiveOnTests {
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

@Suite struct TestSchedulerTests {
    @Test func equalTimesRunInTheOrderScheduled() {
        let scheduler = TestScheduler()
        let log = LockedList<String>()
        scheduler.schedule(after: .seconds(1)) { log.append("a") }
        scheduler.schedule(after: .seconds(1)) { log.append("b") }
        scheduler.schedule { log.append("now") }
        scheduler.schedule(after: .seconds(1)) { log.append("c") }
        scheduler.advance(by: .seconds(1))
        #expect(log.elements == ["now", "a", "b", "c"])
        #expect(scheduler.now == .seconds(1))
    }

    @Test func workScheduledByWorkRunsWhenDue() {
        let scheduler = TestScheduler()
        let log = LockedList<Duration>()
        scheduler.schedule(after: .seconds(1)) {
            log.append(scheduler.now)
            scheduler.schedule(after: .seconds(1)) { log.append(scheduler.now) }
        }
        scheduler.advance(by: .milliseconds(1_500))
        #expect(log.elements == [.seconds(1)])
        scheduler.run()
        #expect(log.elements == [.seconds(1), .seconds(2)])
    }

    @Test func cancelledWorkDoesNotRun() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let token = scheduler.schedule(after: .seconds(1)) { counter.increment() }
        token.cancel()
        scheduler.run()
        #expect(counter.value == 0)
    }
}

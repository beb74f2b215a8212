import SignalsVirtualTime
import Signals
import SignalsTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct VirtualNetworkTests {
    @Test func responsesArriveAtTheirDueTimeInRequestOrderWhateverOrderTheyCompleteIn() async {
        let driver = VirtualTimeDriver(latency: .milliseconds(200))
        let first = Subject<Int>()
        let second = Subject<Int>()
        let firstRecorder = Recorder(driver.network.route(first.asObservable()), scheduler: driver.scheduler)
        let secondRecorder = Recorder(driver.network.route(second.asObservable()), scheduler: driver.scheduler)
        let order = Recorder(
            driver.network.route(first.asObservable()).map { "first \($0)" }
                .merge(with: driver.network.route(second.asObservable()).map { "second \($0)" }),
            scheduler: driver.scheduler
        )

        second.send(2)
        second.finish()
        first.send(1)
        first.finish()
        await driver.advance(by: .milliseconds(199))
        #expect(firstRecorder.events.isEmpty)
        #expect(secondRecorder.events.isEmpty)

        await driver.advance(by: .milliseconds(1))
        #expect(firstRecorder.events == [.value(1), .finished])
        #expect(secondRecorder.events == [.value(2), .finished])
        #expect(firstRecorder.entries.map(\.time) == [.milliseconds(200), .milliseconds(200)])
        #expect(order.values == ["first 1", "second 2"])
        #expect(!driver.network.hasLiveRequests)
    }

    @Test func theDriverWaitsForRequestsThatFinishOnOtherThreads() async {
        let driver = VirtualTimeDriver(latency: .milliseconds(100))
        let gate = Gate()
        let request = Observable<Result<Int, any Error>>.task {
            await gate.wait()
            return 42
        }
        let recorder = Recorder(driver.network.route(request), scheduler: driver.scheduler)
        #expect(driver.network.hasLiveRequests)
        Task.detached { gate.open() }

        let finished = await driver.runUntilIdle()
        #expect(finished)
        #expect(recorder.values.count == 1)
        #expect((try? recorder.values.first?.get()) == 42)
        #expect(recorder.entries.first?.time == .milliseconds(100))
    }

    @Test func aCancelledRequestIsForgottenAndNeverDelivered() async {
        let driver = VirtualTimeDriver(latency: .milliseconds(100))
        let source = Subject<Int>()
        let recorder = Recorder(driver.network.route(source.asObservable()), scheduler: driver.scheduler)
        source.send(1)
        recorder.cancel()
        #expect(!driver.network.hasLiveRequests)
        source.finish()
        #expect(await driver.runUntilIdle())
        await driver.advance(by: .seconds(1))
        #expect(recorder.events.isEmpty)
        #expect(driver.network.startedCount == 1)
    }

    @Test func zeroLatencyDeliversAsSoonAsTheResponseIsThere() async {
        let driver = VirtualTimeDriver()
        let recorder = Recorder(driver.network.route(Observable.just(7)), scheduler: driver.scheduler)
        #expect(recorder.events.isEmpty)
        await driver.settle()
        #expect(recorder.events == [.value(7), .finished])
        #expect(driver.now == .zero)
    }

    @Test func requestsStartedByAResponseAreDeliveredToo() async {
        let driver = VirtualTimeDriver(latency: .milliseconds(100))
        let network = driver.network
        let chained = network.route(Observable.just(1))
            .flatMap { value in network.route(Observable.just(value + 1)) }
        let recorder = Recorder(chained, scheduler: driver.scheduler)
        #expect(await driver.runUntilIdle())
        #expect(recorder.values == [2])
        #expect(recorder.entries.first?.time == .milliseconds(200))
        #expect(network.startedCount == 2)
    }
}

/// A one-shot gate an async operation waits on until another thread opens it.
private final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

import Signals
import SignalsTesting
import Testing

/// `Observable(elements:)`: any AsyncSequence, on every supported system.
@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct AsyncElementsBridgeTests {
    private struct Boom: Error {}

    /// Collects a stream's events until it finishes.
    private func events<Value: Sendable>(of stream: Observable<Value>) async -> [Event<Value>] {
        var events: [Event<Value>] = []
        for await value in stream.values { events.append(.value(value)) }
        events.append(.finished)
        return events
    }

    @Test func theElementsOfAMappedAsyncStreamArriveThenTheStreamFinishes() async {
        let (source, continuation) = AsyncStream<Int>.makeStream()
        for number in 1...3 { continuation.yield(number) }
        continuation.finish()
        let doubled = source.map { $0 * 2 }
        #expect(await events(of: Observable(elements: doubled)) == [.value(2), .value(4), .value(6), .finished])
    }

    @Test func aThrownErrorFinishesTheStreamAndReachesOnFailure() async {
        let (source, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish(throwing: Boom())
        let failures = Locked<[String]>([])
        let stream = Observable(elements: source, onFailure: { error in
            failures.withLock { $0.append(error is Boom ? "boom" : "other") }
        })
        #expect(await events(of: stream) == [.value(1), .value(2), .finished])
        #expect(failures.withLock { $0 } == ["boom"])
    }

    @Test func aThrownErrorIsIgnoredByDefault() async {
        let (source, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
        continuation.yield("a")
        continuation.finish(throwing: Boom())
        #expect(await events(of: Observable(elements: source)) == [.value("a"), .finished])
    }

    @Test func cancellingTheBindingCancelsTheIteration() async {
        let (source, continuation) = AsyncStream<Int>.makeStream()
        let (terminated, terminatedContinuation) = AsyncStream<Void>.makeStream()
        continuation.onTermination = { _ in terminatedContinuation.finish() }
        let failures = Locked(0)
        let stream = Observable(elements: source.map { $0 + 1 }, onFailure: { _ in failures.withLock { $0 += 1 } })
        let (firstValue, firstValueContinuation) = AsyncStream<Int>.makeStream()
        let token = stream.bind { firstValueContinuation.yield($0) }
        continuation.yield(1)
        var iterator = firstValue.makeAsyncIterator()
        #expect(await iterator.next() == 2)
        token.cancel()
        for await _ in terminated {}
        #expect(failures.withLock { $0 } == 0)
    }

    @MainActor
    @Test func builtOnTheMainActorItDeliversOnTheMainActor() async {
        let (source, continuation) = AsyncStream<Int>.makeStream()
        continuation.yield(5)
        continuation.finish()
        var received: [Int] = []
        var token: (any Cancellable)?
        let finished: Void? = await awaitBounded("the finish on main") { done in
            token = Observable(elements: source.map { $0 * 10 }).bind(onValue: { value in
                MainActor.assertIsolated()
                received.append(value)
            }, onFinish: {
                MainActor.assertIsolated()
                done(())
            })
        }
        token?.cancel()
        guard finished != nil else { return }
        #expect(received == [50])
    }
}

import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct SourceTests {
    @Test func justDeliversOneValueThenFinishes() {
        #expect(Recorder(Observable.just(3)).events == [.value(3), .finished])
    }

    @Test func emptyFinishesAtOnce() {
        #expect(Recorder(Observable<Int>.empty).events == [.finished])
    }

    @Test func neverDoesNothing() {
        #expect(Recorder(Observable<Int>.never).events == [])
    }

    @Test func createRunsPerBindingAndCleansUpOnCancel() {
        let starts = Counter()
        let cleanups = Counter()
        let stream = Observable<Int>.create { observer in
            starts.increment()
            observer.send(1)
            return AnyCancellable { cleanups.increment() }
        }
        let first = Recorder(stream)
        let second = Recorder(stream)
        #expect(starts.value == 2)
        #expect(first.values == [1] && second.values == [1])
        first.cancel()
        #expect(cleanups.value == 1)
    }

    @Test func createIgnoresEverythingAfterFinish() {
        let recorder = Recorder(Observable<Int>.create { observer in
            observer.send(1)
            observer.finish()
            observer.send(2)
            observer.finish()
            return AnyCancellable()
        })
        #expect(recorder.events == [.value(1), .finished])
    }

    @Test func createObserverIsSafeFromManyThreads() async {
        let stream = Observable<Int>.create { observer in
            Task.detached {
                await withTaskGroup(of: Void.self) { group in
                    for base in 0..<4 {
                        group.addTask { for step in 0..<1_000 { observer.send(base * 1_000 + step) } }
                    }
                }
                observer.finish()
            }
            return AnyCancellable()
        }
        var received: [Int] = []
        for await value in stream.values { received.append(value) }
        #expect(received.count == 4_000)
        #expect(Set(received).count == 4_000)
    }
}

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct TaskSourceTests {
    @Test func deliversTheResultThenFinishes() async {
        let stream = Observable.task { try await Task.sleep(for: .zero); return 42 }
        var events: [String] = []
        for await result in stream.values {
            events.append((try? result.get()).map(String.init) ?? "error")
        }
        #expect(events == ["42"])
    }

    @Test func deliversAThrownErrorAsAFailure() async {
        struct Boom: Error {}
        let stream = Observable<Result<Int, any Error>>.task { throw Boom() }
        var failures = 0
        for await result in stream.values {
            if case .failure(let error) = result, error is Boom { failures += 1 }
        }
        #expect(failures == 1)
    }

    @Test func cancellingTheBindingCancelsTheTask() async {
        let started = AsyncStream<Void>.makeStream()
        let cancelled = AsyncStream<Bool>.makeStream()
        let stream = Observable.task { () async -> Int in
            started.continuation.yield()
            while !Task.isCancelled { await Task.yield() }
            cancelled.continuation.yield(true)
            return 1
        }
        let delivered = Counter()
        let token = stream.bind { _ in delivered.increment() }
        for await _ in started.stream { break }
        token.cancel()
        var sawCancel = false
        for await value in cancelled.stream { sawCancel = value; break }
        #expect(sawCancel)
        #expect(delivered.value == 0)
    }
}

@Suite(.deadlockWatchdog, .timeLimit(.minutes(1))) struct AsyncSequenceBridgeTests {
    @Test func valuesIteratesUntilTheStreamFinishes() async {
        let stream = Observable.sequence([1, 2, 3]).map { $0 * 2 }
        var received: [Int] = []
        for await value in stream.values { received.append(value) }
        #expect(received == [2, 4, 6])
    }

    @Test func releasingTheAsyncStreamCancelsTheBinding() async {
        let subject = Subject<Int>()
        do {
            let values = subject.values
            #expect(subject.bindingCount == 1)
            subject.send(1)
            for await _ in values { break }
        }
        #expect(subject.bindingCount == 0)
    }

    @Test func cancellingTheConsumingTaskCancelsTheBinding() async {
        let subject = Subject<Int>()
        let task = Task {
            for await _ in subject.values {}
        }
        task.cancel()
        await task.value
        #expect(subject.bindingCount == 0)
    }

    @Test func anAsyncSequenceBecomesAStream() async {
        let (source, continuation) = AsyncStream<Int>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
        var received: [Int] = []
        for await value in Observable(source).values { received.append(value) }
        #expect(received == [1, 2])
    }

    @Test func aThrowingAsyncSequenceDeliversItsErrorAsAFailure() async {
        struct Boom: Error {}
        let (source, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.finish(throwing: Boom())
        let stream: Observable<Result<Int, any Error>>
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            stream = Observable(source)  // the typed-throws initializer
        } else {
            stream = Observable(results: source)  // the same, before typed throws (macOS 13, 14)
        }
        var received: [String] = []
        for await result in stream.values {
            switch result {
            case .success(let value): received.append("\(value)")
            case .failure(let error): received.append(error is Boom ? "boom" : "other")
            }
        }
        #expect(received == ["1", "boom"])
    }
}

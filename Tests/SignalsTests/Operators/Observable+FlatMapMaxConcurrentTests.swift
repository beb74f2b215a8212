import Dispatch
@testable import Signals
import SignalsTesting
import Testing

private func describe(_ step: FlatMapMaxConcurrentStateMachine<String>.Step) -> String {
    switch step {
    case .bind(let inner, let id): "bind \(inner) #\(id)"
    case .finish: "finish"
    case .idle: "idle"
    }
}

/// The decisions of `flatMap(maxConcurrent:)`, without threads or time.
@Suite(.deadlockWatchdog) struct FlatMapMaxConcurrentStateMachineTests {
    @Test func valuesBeyondTheLimitWaitAndEachFinishedInnerAdmitsTheOldest() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 2)
        #expect(describe(machine.valueArrived("a")) == "bind a #1")
        #expect(describe(machine.admitted()) == "idle")
        #expect(describe(machine.valueArrived("b")) == "bind b #2")
        #expect(describe(machine.admitted()) == "idle")
        #expect(describe(machine.valueArrived("c")) == "idle")
        #expect(describe(machine.valueArrived("d")) == "idle")
        #expect(machine.waitingCount == 2)
        #expect(describe(machine.innerFinished(id: 2)) == "bind c #3")
        #expect(describe(machine.admitted()) == "idle")
        #expect(describe(machine.innerFinished(id: 1)) == "bind d #4")
        #expect(describe(machine.admitted()) == "idle")
        #expect(machine.waitingCount == 0)
        #expect(machine.running == 2)
    }

    @Test func workArrivingWhileSomeoneAdmitsIsLeftToTheAdmitter() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 1)
        #expect(describe(machine.valueArrived("a")) == "bind a #1")
        // While `a` is being bound it finishes (a `just`) and upstream sends `b`: both only
        // update the counts; the admitter binds `b` when it asks for its next step.
        #expect(describe(machine.innerFinished(id: 1)) == "idle")
        #expect(describe(machine.valueArrived("b")) == "idle")
        #expect(describe(machine.outerFinished()) == "idle")
        #expect(describe(machine.admitted()) == "bind b #2")
        #expect(describe(machine.innerFinished(id: 2)) == "idle")
        #expect(describe(machine.admitted()) == "finish")
        #expect(!machine.isAdmitting)
    }

    @Test func finishesOnlyWhenUpstreamAndEveryInnerWaitingOnesIncludedHaveFinished() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 1)
        _ = machine.valueArrived("a")
        _ = machine.admitted()
        _ = machine.valueArrived("b")
        #expect(describe(machine.outerFinished()) == "idle")
        #expect(describe(machine.innerFinished(id: 1)) == "bind b #2")
        #expect(describe(machine.admitted()) == "idle")
        #expect(describe(machine.innerFinished(id: 2)) == "finish")
        #expect(describe(machine.valueArrived("late")) == "idle")
    }

    @Test func upstreamFinishingWithNothingRunningFinishesAtOnce() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 3)
        #expect(describe(machine.outerFinished()) == "finish")
    }

    @Test func cancellingDropsTheWaitingInnersAndHandsBackTheRunningOnesTokens() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 1)
        _ = machine.valueArrived("a")
        #expect(machine.innerBound(AnyCancellable(), id: 1, isFinished: false) == nil)
        _ = machine.admitted()
        _ = machine.valueArrived("b")
        #expect(machine.cancelled().count == 1)
        #expect(machine.waitingCount == 0)
        #expect(describe(machine.innerFinished(id: 1)) == "idle")
        #expect(describe(machine.valueArrived("c")) == "idle")
        #expect(describe(machine.outerFinished()) == "idle")
    }

    @Test func theTokenOfAnInnerThatFinishedWhileBeingBoundIsHandedBack() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 1)
        _ = machine.valueArrived("a")
        _ = machine.innerFinished(id: 1)
        #expect(machine.innerBound(AnyCancellable(), id: 1, isFinished: true) != nil)
        #expect(machine.tokens.isEmpty)
    }

    @Test func aLongQueueIsCompactedAsItDrains() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 1)
        _ = machine.valueArrived("0")
        _ = machine.admitted()
        for index in 1...1_000 { _ = machine.valueArrived("\(index)") }
        var bound: [String] = []
        for id in 1...1_000 {
            if case .bind(let inner, _) = machine.innerFinished(id: id) { bound.append(inner) }
            _ = machine.admitted()
            #expect(machine.waiting.count <= 1_000)
        }
        #expect(bound == (1...1_000).map { "\($0)" })
        #expect(machine.waiting.count - machine.head == 0)
    }
}

/// `flatMap(maxConcurrent:)`: whole histories on virtual time.
@Suite(.deadlockWatchdog) struct FlatMapMaxConcurrentTests {
    @Test func atMostTheLimitRunAndTheRestWaitInArrivalOrder() throws {
        let scheduler = TestScheduler()
        let uploads = try scheduler.hotObservable("abcd|")
        // Each upload sends its name at once, its name again 3 ticks later, then finishes.
        let recorder = Recorder(
            uploads.flatMap(maxConcurrent: 2) { name in
                (try? scheduler.coldObservable("x--y|", values: ["x": name, "y": name.uppercased()])) ?? .empty
            },
            scheduler: scheduler
        )
        scheduler.run()
        // a and b bound at once; c waits until a finishes (400 ms), d until b does (500 ms).
        #expect(stamped(recorder) == [
            "0ms a", "100ms b", "300ms A", "400ms B", "400ms c", "500ms d", "700ms C", "800ms D", "900ms |",
        ])
    }

    @Test func transformRunsWhenAValueArrivesAndTheStreamIsBoundWhenAPlaceIsFree() {
        let outer = Subject<Int>()
        let inners = (0..<3).map { _ in Subject<Int>() }
        var transformed: [Int] = []
        let recorder = Recorder(outer.flatMap(maxConcurrent: 1) { index in
            transformed.append(index)
            return inners[index].asObservable()
        })
        outer.send(0)
        outer.send(1)
        outer.send(2)
        #expect(transformed == [0, 1, 2])
        #expect(inners.map(\.bindingCount) == [1, 0, 0])
        inners[0].send(10)
        inners[1].send(-1)          // not bound yet: lost, as any subject's send without a binding
        inners[0].finish()
        #expect(inners.map(\.bindingCount) == [0, 1, 0])
        inners[1].send(11)
        inners[1].finish()
        inners[2].send(12)
        #expect(recorder.events == [.value(10), .value(11), .value(12)])
    }

    @Test func finishesWhenUpstreamAndEveryInnerWaitingOnesIncludedHaveFinished() {
        let outer = Subject<Int>()
        let inners = (0..<3).map { _ in Subject<Int>() }
        let recorder = Recorder(outer.flatMap(maxConcurrent: 2) { inners[$0].asObservable() })
        for index in 0..<3 { outer.send(index) }
        outer.finish()
        inners[0].finish()
        inners[1].finish()
        #expect(recorder.events == [])
        inners[2].send(2)
        inners[2].finish()
        #expect(recorder.events == [.value(2), .finished])
    }

    @Test func cancellingCancelsTheRunningInnersAndNeverBindsTheWaitingOnes() {
        let outer = Subject<Int>()
        let inners = (0..<4).map { _ in Subject<Int>() }
        let recorder = Recorder(outer.flatMap(maxConcurrent: 2) { inners[$0].asObservable() })
        for index in 0..<4 { outer.send(index) }
        #expect(inners.map(\.bindingCount) == [1, 1, 0, 0])
        recorder.cancel()
        #expect(inners.map(\.bindingCount) == [0, 0, 0, 0])
        #expect(outer.bindingCount == 0)
        inners[0].finish()
        #expect(inners.map(\.bindingCount) == [0, 0, 0, 0])
        #expect(recorder.events == [])
    }

    @Test func synchronousInnersBehindALongQueueAreBoundInALoopNotARecursion() {
        let outer = Subject<Int>()
        let first = Subject<Int>()
        var count = 0
        let token = outer.concatMap { $0 == 0 ? first.asObservable() : .just($0) }.bind { _ in count += 1 }
        for value in 0...100_000 { outer.send(value) }
        #expect(count == 0)
        first.finish()
        #expect(count == 100_000)
        token.cancel()
    }

    @Test func anInnerThatSendsIntoUpstreamWhileBeingBoundQueuesTheNewValueInOrder() {
        let outer = Subject<Int>()
        let recorder = Recorder(outer.flatMap(maxConcurrent: 1) { value in
            Observable<Int>.create { observer in
                observer.send(value)
                if value < 3 { outer.send(value + 1) }
                observer.finish()
                return AnyCancellable()
            }
        })
        outer.send(1)
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func aLimitAsLargeAsTheValuesMergesLikeTheUnlimitedFlatMap() {
        let recorder = Recorder(Observable.sequence([1, 2, 3]).flatMap(maxConcurrent: 3) { .sequence([$0, $0 * 10]) })
        #expect(recorder.events == [.value(1), .value(10), .value(2), .value(20), .value(3), .value(30), .finished])
    }

    @Test func theResultIsReleasedWhenEverythingHasFinished() {
        weak var weakInner: Subject<Int>?
        do {
            let inner = Subject<Int>()
            weakInner = inner
            let outer = Subject<Int>()
            let recorder = Recorder(outer.flatMap(maxConcurrent: 1) { _ in inner.asObservable() })
            outer.send(0)
            outer.send(1)
            recorder.cancel()
        }
        #expect(weakInner == nil)
    }
}

/// `flatMap(maxConcurrent:)` with values and inner streams on several threads.
@Suite(.deadlockWatchdog) struct FlatMapMaxConcurrentThreadTests {
    @Test(.timeLimit(.minutes(1)))
    func valuesSentFromFourThreadsAreAllDeliveredAndNoMoreThanTheLimitRunAtOnce() async {
        let outer = Subject<Int>()
        let running = Locked((now: 0, most: 0))
        let received = Locked(0)
        let (finished, finish) = AsyncStream<Void>.makeStream()
        let token = outer.flatMap(maxConcurrent: 2) { value in
            Observable<Int>.create { observer in
                running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                DispatchQueue.global().async {
                    observer.send(value)
                    running.withLock { $0.now -= 1 }
                    observer.finish()
                }
                return AnyCancellable()
            }
        }.bind(onValue: { _ in received.withLock { $0 += 1 } }, onFinish: { finish.finish() })
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for value in 0..<2_000 { outer.send(thread * 10_000 + value) }
                }
            }
        }
        outer.finish()
        for await _ in finished {}
        #expect(received.withLock { $0 } == 8_000)
        #expect(running.withLock { $0.most } <= 2)
        token.cancel()
    }
}

/// `concatMap`: `flatMap(maxConcurrent: 1)`.
@Suite(.deadlockWatchdog) struct ConcatMapTests {
    @Test func runsOneInnerStreamAfterAnotherInArrivalOrder() throws {
        let scheduler = TestScheduler()
        let saves = try scheduler.hotObservable("ab-c|")
        let recorder = Recorder(
            saves.concatMap { name in
                (try? scheduler.coldObservable("-x|", values: ["x": name])) ?? .empty
            },
            scheduler: scheduler
        )
        scheduler.run()
        // a runs 0–200 ms; b waits, runs 200–400 ms; c arrives at 300 ms, waits, runs 400–600 ms.
        #expect(stamped(recorder) == ["100ms a", "300ms b", "500ms c", "600ms |"])
    }

    @Test func anEmptyUpstreamFinishesAtOnce() {
        let recorder = Recorder(Observable<Int>.empty.concatMap { Observable.just($0) })
        #expect(recorder.events == [.finished])
    }
}

@testable import Signals
import SignalsTesting
import Testing

/// The drop decisions of `flatMap(maxConcurrent:)`'s machine, without threads or time.
@Suite(.deadlockWatchdog) struct FlatMapDroppingQueuedStateMachineTests {
    private func describe(_ step: FlatMapMaxConcurrentStateMachine<String>.Step) -> String {
        switch step {
        case .bind(let inner, let id): "bind \(inner) #\(id)"
        case .finish: "finish"
        case .idle: "idle"
        }
    }

    @Test func droppedWaitingInnersAreNeverBoundAndTheRestKeepTheirOrder() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 1)
        _ = machine.valueArrived("a")
        _ = machine.admitted()
        for name in ["b", "c", "d"] { _ = machine.valueArrived(name) }
        let snapshot = machine.waitingSnapshot().map { "\($0.number):\($0.inner)" }
        #expect(snapshot == ["1:b", "2:c", "3:d"])
        let (dropped, step) = machine.dropWaiting([2])
        #expect(dropped == ["c"])
        #expect(describe(step) == "idle")
        #expect(machine.waitingCount == 2)
        let next = describe(machine.innerFinished(id: 1))
        _ = machine.admitted()
        let last = describe(machine.innerFinished(id: 2))
        #expect([next, last] == ["bind b #2", "bind d #3"])
    }

    @Test func droppingTheLastWaitingInnerAfterUpstreamFinishedFinishesWhenNothingRuns() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 1)
        _ = machine.valueArrived("a")
        _ = machine.admitted()
        _ = machine.valueArrived("b")
        _ = machine.outerFinished()
        _ = machine.innerFinished(id: 1)
        _ = machine.admitted()   // binds b
        _ = machine.valueArrived("never")
        let running = describe(machine.dropWaiting([]).step)
        _ = machine.innerFinished(id: 2)
        #expect(running == "idle")
    }

    @Test func numbersStillNameTheRightInnerAfterTheQueueIsCompacted() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 1)
        _ = machine.valueArrived("first")
        _ = machine.admitted()
        for index in 0..<100 { _ = machine.valueArrived("w\(index)") }
        for id in 1...40 {
            _ = machine.innerFinished(id: id)
            _ = machine.admitted()
        }
        // w0…w38 were admitted (and the queue compacted); w39 runs; w40 is the oldest waiting.
        let oldest = machine.waitingSnapshot().first.map { "\($0.number):\($0.inner)" }
        #expect(oldest == "41:w40")
        let (dropped, _) = machine.dropWaiting([41, 99, 38, 1000])
        #expect(dropped == ["w40", "w98"])
        #expect(machine.waitingCount == 58)
    }

    @Test func droppingAfterCancelDropsNothing() {
        var machine = FlatMapMaxConcurrentStateMachine<String>(limit: 1)
        _ = machine.valueArrived("a")
        _ = machine.valueArrived("b")
        _ = machine.cancelled()
        #expect(machine.waitingSnapshot().isEmpty)
        let dropped = machine.dropWaiting([1]).dropped
        #expect(dropped.isEmpty)
    }
}

/// `flatMap(maxConcurrent:droppingQueued:…)`: whole histories of an upload queue.
@Suite(.deadlockWatchdog) struct FlatMapDroppingQueuedTests {
    struct Photo: Equatable {
        let id: Int
        let album: String
    }

    @Test func aQueuedUploadCancelledBeforeItsTurnIsNeverStarted() {
        let picked = Subject<Photo>()
        let cancelTapped = Subject<Int>()
        let uploads = (0..<4).map { _ in Subject<String>() }
        var started: [Int] = []
        let recorder = Recorder(picked.flatMap(maxConcurrent: 1, droppingQueued: cancelTapped, by: \.id) { photo in
            uploads[photo.id].asObservable().handleEvents(onBind: { started.append(photo.id) })
        })
        for id in 0..<4 { picked.send(Photo(id: id, album: "trip")) }
        cancelTapped.send(2)
        cancelTapped.send(0)          // running: not touched
        uploads[0].send("0 done")
        uploads[0].finish()
        uploads[1].send("1 done")
        uploads[1].finish()
        uploads[3].send("3 done")
        picked.finish()
        uploads[3].finish()
        #expect(started == [0, 1, 3])
        #expect(uploads[2].bindingCount == 0)
        #expect(recorder.events == [.value("0 done"), .value("1 done"), .value("3 done"), .finished])
        #expect(cancelTapped.bindingCount == 0)
    }

    @Test func aPredicateDropsEveryWaitingUploadItPicks() {
        let picked = Subject<Photo>()
        let albumDeleted = Subject<String>()
        var started: [Int] = []
        let recorder = Recorder(
            picked.flatMap(maxConcurrent: 1, droppingQueued: albumDeleted, where: { album, photo in photo.album == album }) { photo in
                Observable<Int>.never.handleEvents(onBind: { started.append(photo.id) }).prepend(photo.id)
            }
        )
        picked.send(Photo(id: 0, album: "trip"))
        picked.send(Photo(id: 1, album: "trip"))
        picked.send(Photo(id: 2, album: "work"))
        albumDeleted.send("trip")
        #expect(started == [0])
        #expect(recorder.values == [0])
        recorder.cancel()
        #expect(albumDeleted.bindingCount == 0)
    }

    @Test func droppingTheLastWaitingInnerLetsTheResultFinish() {
        let picked = Subject<Photo>()
        let cancelTapped = Subject<Int>()
        let running = Subject<Int>()
        let recorder = Recorder(picked.flatMap(maxConcurrent: 1, droppingQueued: cancelTapped, by: \.id) { photo in
            photo.id == 0 ? running.asObservable() : .just(photo.id)
        })
        picked.send(Photo(id: 0, album: "a"))
        picked.send(Photo(id: 1, album: "a"))
        picked.finish()
        running.finish()
        #expect(recorder.events == [.value(1), .finished])

        let secondPicked = Subject<Photo>()
        let secondRunning = Subject<Int>()
        let second = Recorder(secondPicked.flatMap(maxConcurrent: 1, droppingQueued: cancelTapped, by: \.id) { photo in
            photo.id == 0 ? secondRunning.asObservable() : .just(photo.id)
        })
        secondPicked.send(Photo(id: 0, album: "a"))
        secondPicked.send(Photo(id: 1, album: "a"))
        secondPicked.finish()
        cancelTapped.send(1)
        secondRunning.finish()
        #expect(second.events == [.finished])
    }

    @Test func aDropRequestMatchingNothingChangesNothing() {
        let recorder = Recorder(
            Observable.sequence([1, 2, 3])
                .flatMap(maxConcurrent: 1, droppingQueued: Observable.just(9), by: { $0 }) { .just($0 * 10) }
        )
        #expect(recorder.events == [.value(10), .value(20), .value(30), .finished])
    }

    @Test func everythingIsReleasedWhenCancelled() {
        weak var weakDrops: Subject<Int>?
        weak var weakInner: Subject<Int>?
        do {
            let drops = Subject<Int>()
            weakDrops = drops
            let inner = Subject<Int>()
            weakInner = inner
            let outer = Subject<Int>()
            let recorder = Recorder(outer.flatMap(maxConcurrent: 1, droppingQueued: drops, by: { $0 }) { _ in inner.asObservable() })
            outer.send(0)
            outer.send(1)
            drops.send(1)
            recorder.cancel()
        }
        #expect(weakDrops == nil)
        #expect(weakInner == nil)
    }
}

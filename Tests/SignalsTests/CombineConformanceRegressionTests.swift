import Signals
import SignalsTesting
import Testing

// Behaviours the conformance check (`Conformance/`, compared with OpenCombine) found where
// OpenCombine and Signals part ways, pinned on the Signals side. Each names the entry of the
// DocC article "Semantics and differences from Combine" it belongs to, or the note on the
// reference there.

/// `value@ms` and `|@ms`, one string per event.
private func stamped(_ recorder: Recorder<Int>) -> [String] {
    recorder.entries.map { entry in
        let ms = entry.time.nanoseconds / 1_000_000
        switch entry.event {
        case .value(let value): return "\(value)@\(ms)"
        case .finished: return "|@\(ms)"
        }
    }
}

@Suite(.deadlockWatchdog) struct CombineConformanceRegressionTests {
    /// Notes on the reference: Combine's `prefix(_:)` finishes with its last value
    /// (OpenCombine 0.14.0 waits for the next one).
    @Test func takeFinishesWithItsLastValueNotWhenTheNextOneArrives() {
        let scheduler = TestScheduler()
        let source = Subject<Int>()
        let recorder = Recorder(source.take(2), scheduler: scheduler)
        scheduler.advance(to: .milliseconds(5))
        source.send(1)
        scheduler.advance(to: .milliseconds(10))
        source.send(2)
        scheduler.advance(to: .milliseconds(25))
        source.send(3)
        #expect(stamped(recorder) == ["1@5", "2@10", "|@10"])
    }

    /// `throttle-keeps-value-received-during-bind`.
    @Test func throttleDeliversAPropertysCurrentValueThatArrivesWhileBinding() {
        let scheduler = TestScheduler()
        let property = Property(3)
        let recorder = Recorder(
            property.throttle(for: .milliseconds(40), scheduler: scheduler, latest: true),
            scheduler: scheduler
        )
        scheduler.advance(to: .milliseconds(10))
        property.value = 5
        scheduler.advance(to: .milliseconds(100))
        #expect(stamped(recorder) == ["3@0", "5@40"])
    }

    /// Notes on the reference: `zip` bound after a source finished finishes at once, and the
    /// operator after it passes that finish on (OpenCombine's never arrives).
    @Test func zipBoundAfterASourceFinishedFinishesThroughTheNextOperator() {
        let scheduler = TestScheduler()
        let first = Subject<Int>()
        let second = Subject<Int>()
        first.finish()
        scheduler.advance(to: .milliseconds(20))
        let recorder = Recorder(
            first.zip(second.asObservable()).map { $0 * 100 + $1 }
                .delay(for: .milliseconds(30), scheduler: scheduler),
            scheduler: scheduler
        )
        scheduler.advance(to: .milliseconds(40))
        second.send(1)
        scheduler.advance(to: .milliseconds(200))
        #expect(stamped(recorder) == ["|@50"])
    }

    /// `share-disconnects-when-cancelled-while-connecting`: the only binding ends during the
    /// replay its connection delivers, so the next binding connects afresh and gets the replay.
    @Test func shareReconnectsWhenItsOnlyBindingEndsDuringItsConnectionsReplay() {
        let property = Property(1)
        let shared = property.share()
        let first = Recorder(shared.first())
        property.value = 2
        let second = Recorder(shared)
        property.value = 3
        #expect(first.events == [.value(1), .finished])
        #expect(second.values == [2, 3])
        #expect(property.bindingCount == 1)
    }

    /// A `flatMap` inner stream bound to the subject that is delivering gets only values sent
    /// after it was bound, as a `PassthroughSubject` subscriber does.
    @Test func aFlatMapInnerBoundToTheDeliveringSubjectGetsOnlyLaterValues() {
        let source = Subject<Int>()
        let recorder = Recorder(source.flatMap { value in
            source.map { value * 100 + $0 }.take(1)
        })
        source.send(1)
        source.send(2)
        source.send(3)
        #expect(recorder.values.sorted() == [102, 203])
    }
}

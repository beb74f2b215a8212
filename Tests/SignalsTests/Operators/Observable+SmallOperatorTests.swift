import Signals
import SignalsTesting
import Testing

@Suite(.deadlockWatchdog) struct SmallOperatorTests {
    @Test func ignoreValuesKeepsOnlyTheFinish() {
        let save = Subject<Int>()
        let recorder = Recorder(save.ignoreValues())
        save.send(1)
        save.send(2)
        save.finish()
        #expect(recorder.events == [.finished])
    }

    @Test func ignoreValuesThenAppendSignalsCompletion() {
        let recorder = Recorder(Observable.sequence([1, 2]).ignoreValues().append(0))
        #expect(recorder.events == [.value(0), .finished])
    }

    @Test func mapToReplacesEveryValue() {
        let taps = Subject<Void>()
        let recorder = Recorder(taps.map(to: true))
        taps.fire()
        taps.fire()
        taps.finish()
        #expect(recorder.events == [.value(true), .value(true), .finished])
    }

    @Test func compactMapUnwrapsOptionals() {
        let selection = Property<Int?>(nil)
        let recorder = Recorder(selection.compactMap())
        selection.value = 1
        selection.value = nil
        selection.value = 2
        #expect(recorder.events == [.value(1), .value(2)])
    }

    @Test func removeDuplicatesByKeyComparesTheKeys() {
        struct Session: Equatable { let user: Int; let token: String }
        let sessions = Subject<Session>()
        let recorder = Recorder(sessions.removeDuplicates(by: \.user).map(\.token))
        sessions.send(Session(user: 1, token: "a"))
        sessions.send(Session(user: 1, token: "b"))
        sessions.send(Session(user: 2, token: "c"))
        sessions.send(Session(user: 1, token: "d"))
        sessions.finish()
        #expect(recorder.events == [.value("a"), .value("c"), .value("d"), .finished])
    }

    @Test func materializeTurnsTheFinishIntoAValue() {
        let upload = Subject<Int>()
        let recorder = Recorder(upload.materialize())
        upload.send(50)
        upload.finish()
        #expect(recorder.events == [.value(.value(50)), .value(.finished), .finished])
    }

    @Test func dematerializeUndoesMaterialize() {
        let recorder = Recorder(Observable.sequence([1, 2]).materialize().dematerialize())
        #expect(recorder.events == [.value(1), .value(2), .finished])
    }

    @Test func dematerializeFinishesAtTheFirstFinishedEvent() {
        let events = Subject<Event<Int>>()
        let recorder = Recorder(events.dematerialize())
        events.send(.value(1))
        events.send(.finished)
        events.send(.value(2))
        #expect(recorder.events == [.value(1), .finished])
    }

    @Test func propertyChangesSkipTheCurrentValue() {
        let count = Property(0)
        let recorder = Recorder(count.changes)
        #expect(recorder.events == [])
        count.value = 1
        count.value = 1
        count.modify { $0 += 1 }
        #expect(recorder.events == [.value(1), .value(1), .value(2)])
    }

    @Test func propertyChangesBoundDuringADeliveryGetOnlyLaterChanges() {
        let count = Property(0)
        var late: Recorder<Int>?
        let token = count.bind { value in
            if value == 1, late == nil { late = Recorder(count.changes) }
        }
        count.value = 1
        count.value = 2
        #expect(late?.events == [.value(2)])
        _ = token
    }
}

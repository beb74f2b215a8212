@testable import Signals
import SignalsTesting
import Testing

/// The N-source machines behind the static and array forms, without threads or time.
@Suite(.deadlockWatchdog) struct ManySourceStateMachineTests {
    @Test func combineLatestWaitsForEverySourceThenDeliversEachChange() {
        var machine = CombineLatestManyStateMachine<Int>(count: 3)
        #expect(describe(machine.received(1, at: 0)) == "none")
        #expect(describe(machine.received(2, at: 2)) == "none")
        #expect(describe(machine.received(3, at: 0)) == "none")
        #expect(describe(machine.received(4, at: 1)) == "value [3, 4, 2]")
        #expect(describe(machine.received(5, at: 2)) == "value [3, 4, 5]")
    }

    @Test func combineLatestFinishesOnlyWhenEverySourceHasFinished() {
        var machine = CombineLatestManyStateMachine<Int>(count: 3)
        #expect(describe(machine.finished(at: 1)) == "none")
        #expect(describe(machine.received(1, at: 0)) == "none")
        #expect(describe(machine.finished(at: 0)) == "none")
        #expect(describe(machine.finished(at: 2)) == "finish")
    }

    @Test func zipDeliversTheOldestValueOfEachSourceTogether() {
        var machine = ZipManyStateMachine<Int>(count: 3)
        #expect(describe(machine.received(1, at: 0)) == "none")
        #expect(describe(machine.received(2, at: 0)) == "none")
        #expect(describe(machine.received(10, at: 1)) == "none")
        #expect(describe(machine.received(100, at: 2)) == "value [1, 10, 100]")
        #expect(describe(machine.received(200, at: 2)) == "none")
        #expect(describe(machine.received(20, at: 1)) == "value [2, 20, 200]")
    }

    @Test func zipFinishesOnceAFinishedSourceHasNothingLeft() {
        var machine = ZipManyStateMachine<Int>(count: 3)
        #expect(describe(machine.received(1, at: 0)) == "none")
        #expect(describe(machine.finished(at: 0)) == "none")
        #expect(describe(machine.received(10, at: 1)) == "none")
        #expect(describe(machine.received(100, at: 2)) == "value [1, 10, 100] finish")
    }

    @Test func zipFinishesAtOnceWhenAnEmptySourceFinishes() {
        var machine = ZipManyStateMachine<Int>(count: 2)
        #expect(describe(machine.received(1, at: 0)) == "none")
        #expect(describe(machine.finished(at: 1)) == "finish")
    }
}

@Suite(.deadlockWatchdog) struct StaticCombineLatestTests {
    @Test func combinesTwoStreamsOfDifferentTypes() {
        let a = Subject<Int>()
        let b = Subject<String>()
        let recorder = Recorder(Observable.combineLatest(a, b).map { "\($0)\($1)" })
        a.send(1)
        b.send("x")
        a.send(2)
        b.send("y")
        a.finish()
        b.send("z")
        #expect(recorder.events == [.value("1x"), .value("2x"), .value("2y"), .value("2z")])
        b.finish()
        #expect(recorder.events == [.value("1x"), .value("2x"), .value("2y"), .value("2z"), .finished])
    }

    @Test func combinesMoreStreamsThanTheInstanceFormsCap() {
        let subjects = (0..<8).map { _ in Subject<Int>() }
        let name = Subject<String>()
        let combined = Observable.combineLatest(
            subjects[0], subjects[1], subjects[2], subjects[3],
            subjects[4], subjects[5], subjects[6], subjects[7], name
        )
        let recorder = Recorder(combined.map { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)\($7)\($8)" })
        for (index, subject) in subjects.enumerated() { subject.send(index) }
        #expect(recorder.values == [])
        name.send("!")
        subjects[3].send(9)
        #expect(recorder.values == ["01234567!", "01294567!"])
    }

    @Test func appliesTheTransformToTheLatestValues() {
        let email = Property("")
        let password = Property("")
        let isLoading = Property(false)
        let canLogIn = Observable.combineLatest(email, password, isLoading) { email, password, isLoading in
            !email.isEmpty && password.count >= 8 && !isLoading
        }
        let recorder = Recorder(canLogIn)
        email.value = "ada@example.com"
        password.value = "correct horse"
        isLoading.value = true
        #expect(recorder.values == [false, false, true, false])
    }

    @Test func cancellingUnbindsEverySource() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let c = Subject<Int>()
        let recorder = Recorder(Observable.combineLatest(a, b, c))
        #expect([a.bindingCount, b.bindingCount, c.bindingCount] == [1, 1, 1])
        recorder.cancel()
        #expect([a.bindingCount, b.bindingCount, c.bindingCount] == [0, 0, 0])
    }

    @Test func theInstanceFormOfFourStreamsMatchesTheStaticForm() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let c = Subject<Int>()
        let d = Subject<Int>()
        let instance = Recorder(a.combineLatest(b, c, d).map { [$0, $1, $2, $3] })
        let staticForm = Recorder(Observable.combineLatest(a, b, c, d).map { [$0, $1, $2, $3] })
        a.send(1)
        b.send(2)
        c.send(3)
        d.send(4)
        b.send(5)
        for subject in [a, b, c, d] { subject.finish() }
        #expect(instance.events == [.value([1, 2, 3, 4]), .value([1, 5, 3, 4]), .finished])
        #expect(staticForm.events == instance.events)
    }
}

@Suite(.deadlockWatchdog) struct StaticZipTests {
    @Test func zipsTheNthValuesOfThreeStreams() {
        let ids = Subject<Int>()
        let titles = Subject<String>()
        let flags = Subject<Bool>()
        let recorder = Recorder(Observable.zip(ids, titles, flags).map { "\($0)\($1)\($2)" })
        ids.send(1)
        ids.send(2)
        titles.send("a")
        flags.send(true)
        titles.send("b")
        #expect(recorder.values == ["1atrue"])
        ids.finish()
        flags.send(false)
        #expect(recorder.events == [.value("1atrue"), .value("2bfalse"), .finished])
    }

    @Test func appliesTheTransformToEachTuple() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let c = Subject<Int>()
        let recorder = Recorder(Observable.zip(a, b, c) { $0 + $1 + $2 })
        a.send(1)
        b.send(10)
        c.send(100)
        a.send(2)
        #expect(recorder.events == [.value(111)])
        b.finish()
        #expect(recorder.events == [.value(111), .finished])
    }

    @Test func zipsSevenStreams() {
        let subjects = (0..<7).map { _ in Subject<Int>() }
        let zipped = Observable.zip(
            subjects[0], subjects[1], subjects[2], subjects[3], subjects[4], subjects[5], subjects[6]
        )
        let recorder = Recorder(zipped.map { $0 + $1 + $2 + $3 + $4 + $5 + $6 })
        for round in 1...2 {
            for subject in subjects { subject.send(round) }
        }
        #expect(recorder.values == [7, 14])
    }
}

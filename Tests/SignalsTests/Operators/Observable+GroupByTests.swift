@testable import Signals
import SignalsTesting
import Testing

private func describeGroupStep(_ step: GroupByStateMachine<String>.ValueStep) -> String {
    switch step {
    case .ignore: "ignore"
    case .send(let group): "send to \(group)"
    case .open(let group, let id): "open \(group) #\(id)"
    }
}

private func bind(_ machine: inout GroupByStateMachine<String>, _ id: Int) -> Bool { machine.groupBound(id: id) }
private func end(_ machine: inout GroupByStateMachine<String>, _ id: Int) -> GroupByStateMachine<String>.EndStep {
    machine.groupBindingEnded(id: id)
}
private func upstream(_ machine: inout GroupByStateMachine<String>) -> (any Cancellable)? {
    machine.upstreamBound(AnyCancellable())
}

/// The decisions of `groupBy`, without threads or time.
@Suite(.deadlockWatchdog) struct GroupByStateMachineTests {
    @Test func aNewKeyOpensAGroupAndLaterValuesOfItGoToThatGroup() {
        var machine = GroupByStateMachine<String>()
        let result1 = describeGroupStep(machine.valueArrived(key: "a") { "A" })
        #expect(result1 == "open A #1")
        let result2 = describeGroupStep(machine.valueArrived(key: "b") { "B" })
        #expect(result2 == "open B #2")
        let result3 = describeGroupStep(machine.valueArrived(key: "a") { "A2" })
        #expect(result3 == "send to A")
        #expect(machine.openGroupCount == 2)
    }

    @Test func aGroupEndsWhenItsLastBindingGoesAndItsKeyThenOpensANewOne() {
        var machine = GroupByStateMachine<String>()
        _ = machine.valueArrived(key: "a") { "A" }
        #expect(bind(&machine, 1))
        #expect(bind(&machine, 1))
        #expect(end(&machine, 1).finishing == [])
        let step = machine.groupBindingEnded(id: 1)
        #expect(step.finishing == ["A"])
        #expect(step.cancelling == nil)
        #expect(!bind(&machine, 1))
        let result4 = describeGroupStep(machine.valueArrived(key: "a") { "A2" })
        #expect(result4 == "open A2 #2")
    }

    @Test func afterTheOuterBindingGoesBoundGroupsKeepUpstreamAndNewKeysAreDropped() {
        var machine = GroupByStateMachine<String>()
        #expect(upstream(&machine) == nil)
        _ = machine.valueArrived(key: "a") { "A" }
        _ = machine.valueArrived(key: "b") { "B" }
        #expect(bind(&machine, 1))
        let outer = machine.outerCancelled()
        #expect(outer.cancelling == nil)
        #expect(outer.finishing == [])
        let result5 = describeGroupStep(machine.valueArrived(key: "a") { "-" })
        #expect(result5 == "send to A")
        let result6 = describeGroupStep(machine.valueArrived(key: "c") { "C" })
        #expect(result6 == "ignore")
        let last = machine.groupBindingEnded(id: 1)
        #expect(last.cancelling != nil)
        #expect(last.finishing == ["A", "B"])
        #expect(machine.isEnded)
    }

    @Test func cancellingTheOuterBindingWithNoGroupBoundCancelsUpstreamAndEndsEveryGroup() {
        var machine = GroupByStateMachine<String>()
        #expect(upstream(&machine) == nil)
        _ = machine.valueArrived(key: "a") { "A" }
        let step = machine.outerCancelled()
        #expect(step.cancelling != nil)
        #expect(step.finishing == ["A"])
        #expect(upstream(&machine) != nil)
    }

    @Test func upstreamFinishingFinishesEveryGroupInTheOrderTheyOpened() {
        var machine = GroupByStateMachine<String>()
        for key in ["c", "a", "b"] { _ = machine.valueArrived(key: key) { key.uppercased() } }
        let finishing = machine.upstreamFinished()
        #expect(finishing == ["C", "A", "B"])
        let result7 = describeGroupStep(machine.valueArrived(key: "a") { "A" })
        #expect(result7 == "ignore")
        #expect(end(&machine, 1).finishing == [])
    }
}

/// `groupBy`: whole histories of the outer stream and of each group.
@Suite(.deadlockWatchdog) struct GroupByTests {
    struct Message: Equatable {
        let room: String
        let text: String
    }

    /// Binds each group as it arrives, recording "room: text" and "room |".
    final class Rooms {
        let bag = CancellableBag()
        var log: [String] = []
        var groups: [GroupedObservable<String, Message>] = []
        var tokens: [String: any Cancellable] = [:]
        var outer: (any Cancellable)?

        init(_ messages: some ObservableConvertible<Message>, bindGroups: Bool = true) {
            outer = messages.groupBy(\.room).bind(
                onValue: { [unowned self] room in
                    groups.append(room)
                    log.append("open \(room.key)")
                    if bindGroups { bind(room) }
                },
                onFinish: { [unowned self] in log.append("outer |") }
            )
        }

        func bind(_ room: GroupedObservable<String, Message>) {
            tokens[room.key] = room.bind(
                onValue: { [unowned self] in log.append("\($0.room): \($0.text)") },
                onFinish: { [unowned self] in log.append("\(room.key) |") }
            )
        }
    }

    @Test func eachKeyOpensOneGroupThatGetsItsFirstValueAndEveryLaterOne() {
        let messages = Subject<Message>()
        let rooms = Rooms(messages)
        messages.send(Message(room: "dev", text: "hi"))
        messages.send(Message(room: "ops", text: "paging"))
        messages.send(Message(room: "dev", text: "lunch?"))
        messages.finish()
        #expect(rooms.log == [
            "open dev", "dev: hi", "open ops", "ops: paging", "dev: lunch?", "dev |", "ops |", "outer |",
        ])
    }

    @Test func cancellingOneGroupLeavesTheOthersAndTheOuterStreamRunning() {
        let messages = Subject<Message>()
        let rooms = Rooms(messages)
        messages.send(Message(room: "dev", text: "1"))
        messages.send(Message(room: "ops", text: "2"))
        rooms.tokens["dev"]?.cancel()
        messages.send(Message(room: "ops", text: "3"))
        messages.finish()
        #expect(rooms.log == ["open dev", "dev: 1", "open ops", "ops: 2", "ops: 3", "ops |", "outer |"])
    }

    @Test func aKeyWhoseGroupLostItsLastBindingOpensANewGroupAndTheOldOneFinishesAtOnce() {
        let messages = Subject<Message>()
        let rooms = Rooms(messages)
        messages.send(Message(room: "dev", text: "1"))
        rooms.tokens["dev"]?.cancel()
        messages.send(Message(room: "dev", text: "2"))
        #expect(rooms.log == ["open dev", "dev: 1", "open dev", "dev: 2"])
        let old = Recorder(rooms.groups[0].map(\.text))
        #expect(old.events == [.finished])
    }

    @Test func aGroupNeverBoundStaysOpenAndLosesItsValuesLikeASubject() {
        let messages = Subject<Message>()
        let rooms = Rooms(messages, bindGroups: false)
        messages.send(Message(room: "dev", text: "lost"))
        let late = Recorder(rooms.groups[0].map(\.text))
        messages.send(Message(room: "dev", text: "kept"))
        messages.finish()
        #expect(rooms.log == ["open dev", "outer |"])
        #expect(late.events == [.value("kept"), .finished])
    }

    @Test func boundGroupsOutliveTheOuterBindingAndUpstreamGoesWithTheirLastBinding() {
        let messages = Subject<Message>()
        let rooms = Rooms(messages)
        messages.send(Message(room: "dev", text: "1"))
        rooms.outer?.cancel()
        messages.send(Message(room: "dev", text: "2"))
        messages.send(Message(room: "ops", text: "dropped"))
        #expect(messages.bindingCount == 1)
        rooms.tokens["dev"]?.cancel()
        #expect(messages.bindingCount == 0)
        #expect(rooms.log == ["open dev", "dev: 1", "dev: 2"])
    }

    @Test func takeOnTheOuterStreamLetsTheGroupsItDeliveredRunOn() {
        let messages = Subject<Message>()
        var log: [String] = []
        var tokens: [any Cancellable] = []
        let outer = messages.groupBy(\.room).take(1).bind { room in
            tokens.append(room.bind { log.append("\($0.room): \($0.text)") })
        }
        messages.send(Message(room: "dev", text: "1"))
        messages.send(Message(room: "ops", text: "dropped"))
        messages.send(Message(room: "dev", text: "2"))
        #expect(log == ["dev: 1", "dev: 2"])
        tokens.removeAll()
        #expect(messages.bindingCount == 0)
        outer.cancel()
    }

    @Test func cancellingTheOuterBindingWithNoGroupBoundCancelsUpstream() {
        let messages = Subject<Message>()
        let recorder = Recorder(messages.groupBy(\.room).map(\.key))
        messages.send(Message(room: "dev", text: "1"))
        #expect(recorder.values == ["dev"])
        recorder.cancel()
        #expect(messages.bindingCount == 0)
    }

    @Test func everythingIsReleasedWhenTheLastBindingGoes() {
        weak var weakSubject: Subject<Message>?
        do {
            let messages = Subject<Message>()
            weakSubject = messages
            let rooms = Rooms(messages)
            messages.send(Message(room: "dev", text: "1"))
            rooms.outer?.cancel()
            rooms.tokens = [:]
            rooms.groups = []
        }
        #expect(weakSubject == nil)
    }
}

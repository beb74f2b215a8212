import Signals

/// Drives the engine's pure state machine (`StreamState`) through every interleaving of a small
/// scenario, checking the contract after every step.
///
/// Logical threads run *steps*: one transition under the (modelled) lock, or one handler call
/// outside it. A scenario's threads each run a short program of operations (send, bind,
/// cancel, finish); a binding's handler may react to a value with a re-entrant send or a
/// cancel, which runs on the delivering thread as further steps. The explorer performs the
/// transitions' actions exactly as `StreamCore` does, but one sink at a time, so that other
/// threads can interleave between handler calls.
///
/// The search is a depth-first walk of the state graph: each successor of a state is a copy of
/// its world stepped once (`ExploredWorld.copy()`; the state is a value, `StreamState.copy()`),
/// states are recognised by a fingerprint of everything that decides the future, and the
/// number of complete interleavings below each state is summed, so that `interleavings` counts
/// every schedule while each state is expanded once. A cycle in the graph is a livelock. Only a
/// violation's report replays its schedule, to print what each thread did.
struct InterleavingExplorer {
    enum Op: CustomStringConvertible {
        case send(Int)
        case bind(Int)
        case cancel(Int)
        case finish
        /// `Property.modify { $0 += delta }`, or with `nil`, an `update` whose closure declines
        /// (as `setIfChanged` with an equal value): the closure runs with the lock held.
        case modify(Int?)

        var description: String {
            switch self {
            case .modify(let delta?): return "modify(+\(delta))"
            case .modify(nil): return "update(unchanged)"
            case .send(let value): return "send(\(value))"
            case .bind(let id): return "bind(b\(id))"
            case .cancel(let id): return "cancel(b\(id))"
            case .finish: return "finish"
            }
        }
    }

    /// What binding `binding`'s handler does when it receives `value`, on the delivering thread.
    enum Reaction {
        case send(Int)
        /// Several re-entrant sends, one after another.
        case sendMany([Int])
        case cancel(Int)
        case finish
        /// The handler sends into another, flooded stream whose drainer is thread `index`
        /// (0-based), and parks there until that thread's program is done, unless that thread
        /// is itself parked (`ParkedSenders`): the shape of two streams whose handlers send into
        /// each other from two threads.
        case parkElsewhere(untilDone: Int)
    }

    struct Scenario: NamedScenario {
        var name: String
        /// A `Property`'s initial value, or nil for a `Subject`.
        var property: Int? = nil
        var threads: [[Op]]
        /// Reactions: (binding, value received) → reaction.
        var reactions: [Int: [Int: Reaction]] = [:]
        var limits = FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2)
        /// Steps one operation may take on its own thread, including the draining it does.
        var stepBound = 60
        /// Millions of interleavings: explored in the plain test run only (a sanitizer adds
        /// nothing to single-threaded pure code and multiplies its time).
        var isLarge = false
    }

    struct Report {
        var interleavings: UInt64 = 0
        var states = 0
        var violation: String?
    }

    static func explore(_ scenario: Scenario) -> Report {
        explore(World.self, scenario)
    }

    /// Explores every interleaving of `scenario` in worlds of type `world` (a stream's, or a
    /// `Serializer`'s: `SerializerWorld`).
    static func explore<W: ExploredWorld>(_ world: W.Type, _ scenario: W.Scenario) -> Report {
        var search = Search<W>(scenario: scenario)
        let total = search.visit(W(scenario), [])
        return Report(interleavings: total, states: search.memo.count, violation: search.violation)
    }

    struct Search<W: ExploredWorld> {
        let scenario: W.Scenario
        var memo: [String: UInt64] = [:]
        var onPath: Set<String> = []
        var violation: String?

        /// Explores below `world`, the state `schedule` leads to (each step of which was checked
        /// when it was taken).
        mutating func visit(_ world: W, _ schedule: [Int]) -> UInt64 {
            if violation != nil { return 0 }
            if let problem = world.problem {
                violation = world.describe(problem, schedule: schedule)
                return 0
            }
            let fingerprint = world.fingerprint()
            if let known = memo[fingerprint] { return known }
            if onPath.contains(fingerprint) {
                violation = world.describe("livelock: the schedule returns to a state it was in", schedule: schedule)
                return 0
            }
            let enabled = world.enabledThreads()
            if enabled.isEmpty {
                if let problem = world.finalProblem() {
                    violation = world.describe(problem, schedule: schedule)
                    return 0
                }
                memo[fingerprint] = 1
                return 1
            }
            onPath.insert(fingerprint)
            var total: UInt64 = 0
            for thread in enabled {
                let next = world.copy()
                next.activate()
                next.step(thread)
                total &+= visit(next, schedule + [thread])
            }
            onPath.remove(fingerprint)
            memo[fingerprint] = total
            return total
        }
    }
}

/// One run of a scenario, which the search steps thread by thread and recognises by its
/// fingerprint (everything that decides its future).
protocol ExploredWorld: AnyObject {
    associatedtype Scenario: NamedScenario
    init(_ scenario: Scenario)
    /// A world in this one's state that steps independently of it, recording no trace. The
    /// copies of a run share its sinks and parkers (objects the state refers to), each keeping
    /// its own view of them (flags, indexes, grants), which `activate()` puts back.
    func copy() -> Self
    /// Makes the objects this world shares with other copies of its run as this world's last
    /// step left them, and routes their handler calls here: called before stepping a copy.
    func activate()
    /// The first broken rule seen, if any.
    var problem: String? { get }
    func enabledThreads() -> [Int]
    func step(_ index: Int)
    func fingerprint() -> String
    /// What is wrong with a run in which no thread can take a step, if anything.
    func finalProblem() -> String?
    var scenario: Scenario { get }
    /// What thread `index` has done so far, a line a step.
    func trace(of index: Int) -> [String]
}

extension ExploredWorld {
    /// `problem`, with the schedule that led to it replayed step by step.
    func describe(_ problem: String, schedule: [Int]) -> String {
        var lines = ["\(scenario.name): \(problem)", "schedule (thread: step):"]
        let replay = Self(scenario)
        for thread in schedule {
            let before = replay.trace(of: thread).count
            replay.step(thread)
            for entry in replay.trace(of: thread)[before...] { lines.append("  t\(thread + 1): \(entry)") }
        }
        return lines.joined(separator: "\n")
    }
}

extension ParkedSenders {
    /// A registry of its own in which the same `threads` are parked as in this one (for a copy
    /// of a world).
    func copy(of threads: [ThreadID]) -> ParkedSenders {
        let copy = ParkedSenders()
        for thread in threads where contains(thread) { _ = copy.park(thread, unlessParked: 0) }
        return copy
    }
}

/// A scenario an explorer runs: it has a name, for reports.
protocol NamedScenario {
    var name: String { get }
}

/// A logical thread of a world: its program, the steps it still has to take, and its trace.
class ExplorerThread<Op, Step: CustomStringConvertible> {
    let id: ThreadID
    let program: [Op]
    var next = 0
    /// Steps still to take, the next one last.
    var stack: [Step] = []
    var stepsInOp = 0
    var trace: [String] = []
    /// Whether steps are recorded in `trace` (a run replayed for a report), or not (a copy).
    var recordsTrace = true

    init(id: ThreadID, program: [Op]) {
        self.id = id
        self.program = program
    }

    /// Takes `other`'s place in a copy of its run, with `stack` (its steps, rebased to the
    /// copy), recording no trace.
    func take(_ other: ExplorerThread, stack: [Step]) {
        next = other.next
        self.stack = stack
        stepsInOp = other.stepsInOp
        recordsTrace = false
    }

    var isDone: Bool { stack.isEmpty && next == program.count }

    /// Takes this thread's next step, the top of its stack or its next operation (`start(op)`,
    /// with `end` beneath it), and records it; nil once the operation has taken more than
    /// `bound` steps (no progress bound).
    func takeStep(start: (Op) -> Step, end: Step, bound: Int) -> Step? {
        let step: Step
        if let top = stack.popLast() {
            step = top
        } else {
            let op = program[next]
            next += 1
            stepsInOp = 0
            stack.append(end)
            step = start(op)
        }
        if recordsTrace { trace.append(step.description) }
        stepsInOp += 1
        return stepsInOp > bound ? nil : step
    }
}

/// One run of a scenario: the state machine, the logical threads, and what each binding
/// received and should receive.
final class World: ExploredWorld {
    typealias Scenario = InterleavingExplorer.Scenario
    typealias Op = InterleavingExplorer.Op

    /// One step a thread will take.
    enum Step: CustomStringConvertible {
        case start(Op)
        case resumeSend(Int, Parker)
        case resumeBind(Int, Parker)
        case resumeModify(Int?, Parker)
        /// A re-entrant send (from a handler, on the drainer's thread).
        case reentrantSend(Int)
        /// One handler call of a table delivery: `TablePrefix.deliver(_:at:)` on slot `index`,
        /// reading the table as it is now.
        case deliverSlot(Int, TablePrefix<Int>, Int)
        /// A replay delivered from the queue.
        case deliver(Int, Sink<Int>)
        case deliverReplayNow(Int, Sink<Int>)
        case deliverFinish(Sink<Int>)
        case deliverFinishNow(Sink<Int>)
        case endDelivery
        /// The end of a delivery that claimed the role without the lock (`StreamWord.giveBack`).
        case giveBack
        case drain(Int)
        case removeCancelled(Int)
        /// Parked in another stream's send until thread `index`'s program is done.
        case parkedElsewhere(Int)
        case react(InterleavingExplorer.Reaction)
        case endOp

        var description: String {
            switch self {
            case .start(let op): return op.description
            case .reentrantSend(let value): return "re-entrant send(\(value))"
            case .deliverSlot(let value, _, let index): return "handler(\(value)) at slot \(index)"
            case .resumeSend(let value, _): return "resume send(\(value))"
            case .resumeBind(let id, _): return "resume bind(b\(id))"
            case .resumeModify(let delta, _): return "resume \(Op.modify(delta))"
            case .deliver(let value, _): return "handler(\(value))"
            case .deliverReplayNow(let value, _): return "replay handler(\(value))"
            case .deliverFinish, .deliverFinishNow: return "finish handler"
            case .endDelivery: return "endDelivery"
            case .giveBack: return "give back the claimed role"
            case .drain(let delivered): return "drain step (\(delivered) in a row)"
            case .removeCancelled(let id): return "remove(b\(id))"
            case .parkedElsewhere(let index): return "parked in another stream until thread \(index + 1) is done"
            case .react(let reaction): return "react \(reaction)"
            case .endOp: return "return"
            }
        }
    }

    final class LogicalThread: ExplorerThread<Op, Step> {
        /// The table's `count` when this thread's running delivery read it: nothing may change
        /// it until the delivery ends (a send that claimed the role reads it without the lock).
        var tableCountWhenRead = 0

        /// This thread in a copy of its run whose table is `table` (`World.copy()`).
        func copy(from original: borrowing SlotTable<Int>, to table: borrowing SlotTable<Int>) -> LogicalThread {
            let copy = LogicalThread(id: id, program: program)
            copy.take(self, stack: stack.map { step in
                guard case .deliverSlot(let value, let prefix, let index) = step else { return step }
                return .deliverSlot(value, prefix.rebased(from: original, to: table), index)
            })
            copy.tableCountWhenRead = tableCountWhenRead
            return copy
        }
    }

    /// The copy of a run that its shared sinks call: the one stepping (`activate()`).
    final class Stepping {
        weak var world: World?
    }

    enum Received: Equatable, CustomStringConvertible {
        case value(Int)
        case finish
        var description: String {
            switch self {
            case .value(let value): return "\(value)"
            case .finish: return "finish"
            }
        }
    }

    let scenario: Scenario
    var state: StreamState<Int>
    /// The stream's lock word (`StreamWord`) between steps: 0, `StreamWord.closed`, or a claim
    /// (a thread's id with `StreamWord.claimed`). A step that takes the lock calls
    /// `state.locked(seeing:)` with it first and leaves `state.unlocking()`, as
    /// `StreamCore` does; a send claims the role without the lock when it is 0.
    var word: UInt = 0
    /// `StreamCore.claimable`: the table a claimed send reads, taken at each unlock that leaves
    /// the word open except a removal's, as the engine does (a removal leaves it longer than
    /// the table, with only holes past the table's end).
    var claimable: TablePrefix<Int> = { var empty = StreamState<Int>(); return empty.claimedTable }()
    var threads: [LogicalThread]
    var sinks: [Int: Sink<Int>] = [:]
    var bindingOfSink: [ObjectIdentifier: Int] = [:]
    var bindReturned: Set<Int> = []
    var cancelReturned: Set<Int> = []
    var received: [Int: [Received]] = [:]
    var expected: [Int: [Received]] = [:]
    /// Bindings attached to the stream (in the linearization), not finished yet.
    var attached: [Int] = []
    var bindsMade = 0
    var reentrantEnqueues = 0
    /// Handler calls so far, and the parkers waiting for a grant with the count when they
    /// enlisted: no sender waits through more than `waitBound` handler calls.
    var handlerCalls = 0
    var waiting: [(parker: Parker, since: Int)] = []
    /// The parked-thread registry of this world's logical threads (`Parker.enlisting`).
    let registry: ParkedSenders
    let waitBound: Int
    /// Where the sinks of this run send their handler calls, shared by its copies.
    let stepping: Stepping
    /// This world's view of the objects it shares with other copies of its run, as its last
    /// step left them: each sink's cancelled flag and index, each waiting parker's grant.
    var sinkViews: [(sink: Sink<Int>, cancelled: Bool, index: UInt32)] = []
    var grants: [Parker.Grant] = []
    var parkerOwner: [ObjectIdentifier: Int] = [:]
    var current = 0
    var problem: String?
    /// Late-binder visits, entries dropped, and events taken out, as of the last step.
    var lateWork = (visits: 0, dropped: 0, popped: 0)

    init(_ scenario: Scenario) {
        self.scenario = scenario
        if let value = scenario.property { state = StreamState(currentValue: value) } else { state = StreamState() }
        // Thread ids are multiples of 16, like a `pthread_t`, so that a claim can carry one.
        threads = scenario.threads.enumerated().map { LogicalThread(id: ThreadID(($0.offset + 1) * 16), program: $0.element) }
        word = state.unlocking()
        // A parked sender waits for at most a turn of each drainer ahead of it (the senders
        // parked before it, and the one delivering), each event delivered to every binding.
        let bindings = scenario.threads.joined().filter { if case .bind = $0 { return true } else { return false } }.count
        waitBound = (scenario.limits.turnLimit + 1) * (bindings + 1) * scenario.threads.count
        registry = ParkedSenders()
        stepping = Stepping()
        stepping.world = self
    }

    // MARK: Copies

    func copy() -> World {
        World(copying: self)
    }

    private init(copying other: World) {
        scenario = other.scenario
        state = other.state.copy()
        word = other.word
        claimable = other.claimable.rebased(from: other.state.table, to: state.table)
        threads = []
        sinks = other.sinks
        bindingOfSink = other.bindingOfSink
        bindReturned = other.bindReturned
        cancelReturned = other.cancelReturned
        received = other.received
        expected = other.expected
        attached = other.attached
        bindsMade = other.bindsMade
        reentrantEnqueues = other.reentrantEnqueues
        handlerCalls = other.handlerCalls
        waiting = other.waiting
        registry = other.registry.copy(of: other.threads.map(\.id))
        waitBound = other.waitBound
        parkerOwner = other.parkerOwner
        current = other.current
        problem = other.problem
        lateWork = other.lateWork
        finishLinearized = other.finishLinearized
        stepping = other.stepping
        sinkViews = other.sinkViews
        grants = other.grants
        modelCurrent = other.modelCurrent
        for original in other.threads {
            threads.append(original.copy(from: other.state.table, to: state.table))
        }
    }

    func activate() {
        for view in sinkViews { view.sink.restore(cancelled: view.cancelled, index: view.index) }
        for (waiter, grant) in zip(waiting, grants) { waiter.parker.restore(grant: grant) }
        stepping.world = self
    }

    /// Records this world's view of the shared objects (after each step).
    func recordSharedObjects() {
        sinkViews = sinks.values.map { ($0, $0.isCancelled, $0.index) }
        grants = waiting.map { $0.parker.grant }
    }

    // MARK: Scheduling

    func enabledThreads() -> [Int] {
        threads.indices.filter { isEnabled($0) }
    }

    func isEnabled(_ index: Int) -> Bool {
        let thread = threads[index]
        if let top = thread.stack.last {
            switch top {
            case .resumeSend(_, let parker), .resumeBind(_, let parker), .resumeModify(_, let parker): return parker.grant != .none
            case .parkedElsewhere(let index): return threads[index].isDone
            default: return true
            }
        }
        guard thread.next < thread.program.count else { return false }
        if case .cancel(let id) = thread.program[thread.next] { return bindReturned.contains(id) }
        return true
    }

    func step(_ index: Int) {
        current = index
        let thread = threads[index]
        guard let step = thread.takeStep(start: { .start($0) }, end: .endOp, bound: scenario.stepBound) else {
            fail("an operation on thread \(index + 1) took more than \(scenario.stepBound) steps (no progress bound)")
            return
        }
        if takesLock(step) {
            state.locked(seeing: word)
            perform(step, on: thread)
            unlock()
        } else {
            perform(step, on: thread)
        }
        // Bookkeeping that touches no shared state runs in the same step.
        while let top = thread.stack.last {
            if case .endOp = top {} else if case .react = top {} else { break }
            perform(thread.stack.removeLast(), on: thread)
        }
        checkInvariants()
        recordSharedObjects()
    }

    func push(_ steps: [Step], on thread: LogicalThread) {
        thread.stack.append(contentsOf: steps.reversed())
    }

    func fail(_ message: String) {
        if problem == nil { problem = message }
    }

    // MARK: Steps (as StreamCore performs them)

    /// Whether `step` runs with the stream's lock held in `StreamCore` (a send decides for
    /// itself: it claims the role without the lock, or locks).
    func takesLock(_ step: Step) -> Bool {
        switch step {
        case .resumeSend, .resumeBind, .resumeModify, .endDelivery, .drain: return true
        // `StreamCore.remove` runs one transition that takes the word and returns the next one.
        case .removeCancelled: return false
        case .start(.bind), .start(.modify), .start(.finish): return true
        case .start(.send), .reentrantSend, .giveBack, .start(.cancel), .parkedElsewhere: return false
        case .deliverSlot, .deliver, .deliverReplayNow, .deliverFinish, .deliverFinishNow, .react, .endOp: return false
        }
    }

    /// `StreamCore.unlockReturningWord`: the word the state leaves, and the claimable table
    /// taken again if that is open.
    func unlock() {
        indexSlots()
        word = state.unlocking()
        if word == 0 { claimable = state.claimedTable }
    }

    /// `StreamCore`'s one effect before unlocking: the indexes of the sinks a transition put in
    /// slots. Checked first: until then, every sink before `unindexedFrom` is where its index says.
    func indexSlots() {
        let prefix = state.table.prefix
        for position in 0..<min(state.table.unindexedFrom, prefix.count) {
            if let sink = prefix.sink(at: position), Int(sink.index) != position {
                fail("the sink in slot \(position) has index \(sink.index), and the table counts it as indexed")
                return
            }
        }
        if state.needsIndexing { state.takeIndexing().perform() }
    }

    /// Whether `thread` holds a role it claimed without the lock, not yet seen by a lock holder.
    func holdsClaim(_ thread: LogicalThread) -> Bool {
        word & StreamWord.claimed != 0 && word & ~StreamWord.flags == thread.id
    }

    func perform(_ step: Step, on thread: LogicalThread) {
        switch step {
        case .start(.send(let value)), .reentrantSend(let value):
            let isReentrant: Bool
            if case .reentrantSend = step { isReentrant = true } else { isReentrant = false }
            // `StreamCore.send`: a claim without the lock when the word is 0 (`StreamWord.claim`),
            // reading the table at once; else the lock and the slow path's admission.
            if state.isClaimable && word == 0 {
                word = StreamWord.claimWord(for: thread.id)
                acceptSend(value)
                push(deliverySteps(value, claimable, on: thread) + [.giveBack], on: thread)
                return
            }
            state.locked(seeing: word)
            let admission = state.admit(thread.id, limits: scenario.limits)
            if isReentrant, admission == .enqueue { reentrantEnqueues += 1 }
            write(value, admission, on: thread, bounded: !isReentrant)
            unlock()
        case .resumeSend(let value, let parker):
            stopWaiting(parker)
            write(value, state.resume(parker.grant, thread: thread.id), on: thread, bounded: false)
        case .start(.bind(let id)):
            let sink = makeSink(id)
            bindsMade += 1
            let action = state.bind(sink, thread: thread.id, limits: scenario.limits)
            performBind(id, sink, action, on: thread, bounded: true)
        case .start(.modify(let delta)):
            // `StreamCore.modify`/`update`: admitted like a write; the closure then runs and
            // the write is committed (or the admission given back) under the same lock.
            modify(delta, state.admit(thread.id, limits: scenario.limits), on: thread, bounded: true)
        case .resumeModify(let delta, let parker):
            stopWaiting(parker)
            modify(delta, state.resume(parker.grant, thread: thread.id), on: thread, bounded: false)
        case .resumeBind(let id, let parker):
            stopWaiting(parker)
            let action = state.resumeBind(sinks[id]!, grant: parker.grant, thread: thread.id)
            performBind(id, sinks[id]!, action, on: thread, bounded: false)
        case .start(.cancel(let id)):
            // `BindingToken.cancel`: the flag, then the removal.
            if !sinks[id]!.markCancelled() {
                cancelReturned.insert(id)
                push([.removeCancelled(id)], on: thread)
            }
        case .removeCancelled(let id):
            let (left, leftSparse) = state.remove(sinks[id]!, seeing: word, limits: scenario.limits)
            if leftSparse {
                indexSlots()
                state.compactTable().perform()
            }
            word = left
        case .start(.finish):
            let action = state.finish(thread.id)
            // The first finish is linearized here, whatever the engine did with it.
            linearizeFinish()
            if case .deliver(let finished) = action {
                push(finished.map { .deliverFinish($0) } + [.endDelivery], on: thread)
            }
        case .deliverSlot(let value, let table, let index):
            checkRole(thread)
            if !table.reads(state.table) {
                fail("a delivery reads table storage that was freed while it held the role, or a slot past the table's end that is not empty")
                return
            }
            if state.table.count != thread.tableCountWhenRead {
                fail("the table's count changed from \(thread.tableCountWhenRead) to \(state.table.count) while a delivery read it")
                return
            }
            if index + 1 < table.count { push([.deliverSlot(value, table, index + 1)], on: thread) }
            table.deliver(value, at: index)
        case .deliver(let value, let sink), .deliverReplayNow(let value, let sink):
            checkRole(thread)
            if case .deliverReplayNow = step {
                sink.observer.onValue(value)
            } else {
                sink.deliver(value)
            }
        case .deliverFinish(let sink):
            checkRole(thread)
            sink.deliverFinish()
        case .deliverFinishNow(let sink):
            // `StreamCore.bind` on `.finishNow`: the finish marks the new binding cancelled.
            sink.deliverFinish()
        case .endDelivery:
            if state.deliveryEnded() { push([.drain(1)], on: thread) }
        case .giveBack:
            // `StreamWord.giveBack` (the send's, or a write's whose role passed to the word).
            // `StreamWord.giveBack`: succeeds if no lock holder has seen the claim; else the
            // delivery ends under the lock.
            if holdsClaim(thread) {
                word &= StreamWord.closed
            } else {
                state.locked(seeing: word)
                if state.deliveryEnded() { push([.drain(1)], on: thread) }
                unlock()
            }
        case .drain(let delivered):
            var leftovers = Leftovers<Int>()
            let next = state.drainStep(delivered: delivered, leftovers: &leftovers, limits: scenario.limits)
            leftovers.wakeAndRelease()
            switch next {
            case .deliver(let value, let table):
                push(deliverySteps(value, table, on: thread) + [.drain(delivered + 1)], on: thread)
            case .replay(let sink, let value):
                push([.deliver(value, sink), .drain(delivered + 1)], on: thread)
            case .finish(let finished):
                push(finished.map { .deliverFinish($0) } + [.drain(delivered + 1)], on: thread)
            case .stop:
                break
            }
        case .react(.send(let value)):
            push([.reentrantSend(value)], on: thread)
        case .react(.sendMany(let values)):
            push(values.map { .reentrantSend($0) }, on: thread)
        case .react(.cancel(let id)):
            push([.start(.cancel(id))], on: thread)
        case .react(.finish):
            push([.start(.finish)], on: thread)
        case .react(.parkElsewhere(let index)):
            // On thread `index` itself, the send into the other stream is re-entrant there: it
            // never waits.
            if threads[index] !== thread, registry.park(thread.id, unlessParked: threads[index].id) {
                push([.parkedElsewhere(index)], on: thread)
            }
        case .parkedElsewhere:
            registry.unpark(thread.id)
        case .endOp:
            if case .bind(let id)? = thread.program.indices.contains(thread.next - 1) ? thread.program[thread.next - 1] : nil {
                bindReturned.insert(id)
            }
        }
    }

    var finishLinearized = false
    /// A property's current value by the linearization (the last write accepted).
    lazy var modelCurrent: Int? = scenario.property

    func modify(_ delta: Int?, _ admission: StreamState<Int>.Admission, on thread: LogicalThread, bounded: Bool) {
        if admission == .wait {
            waitUnlessRefused(on: thread, resume: { .resumeModify(delta, $0) }) {
                self.modify(delta, $0, on: thread, bounded: false)
            }
            return
        }
        if admission != .drop, state.current != modelCurrent {
            fail("a modify read \(state.current.map(String.init) ?? "nil"), but the last write accepted was \(modelCurrent.map(String.init) ?? "nil") (not atomic)")
        }
        guard let delta else {
            // `StreamCore.decline`: a declined update delivers nothing; a role it took is given
            // back (under the same lock), or used to drain.
            if state.decline(admission) { push([.drain(0)], on: thread) }
            return
        }
        write(state.current! + delta, admission, on: thread, bounded: bounded)
    }

    /// The steps of a delivery to `table`, slot by slot.
    func deliverySteps(_ value: Int, _ table: TablePrefix<Int>, on thread: LogicalThread) -> [Step] {
        thread.tableCountWhenRead = state.table.count
        return table.count == 0 ? [] : [.deliverSlot(value, table, 0)]
    }

    /// `Parker.enlisting` for `thread` with this world's registry: a parker, or nil if the
    /// drainer is itself parked (then the caller must not wait).
    func enlisting(on thread: LogicalThread) -> Parker? {
        guard let parker = Parker.enlisting(thread.id, unlessParked: state.drainerThread, in: registry) else { return nil }
        parkerOwner[ObjectIdentifier(parker)] = Int(thread.id)
        waiting.append((parker, handlerCalls))
        return parker
    }

    /// `StreamCore.admitLocked` after `.wait`: parks (pushing `resume`), or, when the drainer is
    /// itself parked, goes on with the admission `wait(on: nil)` gives instead (`otherwise`).
    func waitUnlessRefused(on thread: LogicalThread, resume: (Parker) -> Step, otherwise: (StreamState<Int>.Admission) -> Void) {
        let parker = enlisting(on: thread)
        let admission = state.wait(on: parker)
        if admission == .wait, let parker {
            push([resume(parker)], on: thread)
        } else {
            otherwise(admission)
        }
    }

    /// A parked sender woke (`Parker.sleep`).
    func stopWaiting(_ parker: Parker) {
        waiting.removeAll { $0.parker === parker }
        if let owner = parkerOwner[ObjectIdentifier(parker)] { registry.unpark(ThreadID(owner)) }
    }

    /// A send from another thread (`bounded`) that queues finds fewer than `queueLimit` events
    /// queued: the flood bound is exact. Waiters let in, and re-entrant sends, are not bounded.
    func checkFloodBound(_ what: String) {
        if state.queue.pending.count > scenario.limits.queueLimit {
            fail("\(what) queued past the queue limit \(scenario.limits.queueLimit) (\(state.queue.pending.count) events queued)")
        }
    }

    /// A send accepted (delivered at once or queued): this is where it is linearized.
    func acceptSend(_ value: Int) {
        if finishLinearized { fail("send(\(value)) was accepted after the finish") }
        linearizeSend(value)
    }

    func write(_ value: Int, _ admission: StreamState<Int>.Admission, on thread: LogicalThread, bounded: Bool) {
        switch admission {
        case .drop:
            if !finishLinearized { fail("send(\(value)) was dropped, but the stream had not finished") }
        case .wait:
            waitUnlessRefused(on: thread, resume: { .resumeSend(value, $0) }) {
                self.write(value, $0, on: thread, bounded: false)
            }
        case .drainOnly:
            push([.drain(0)], on: thread)
        case .deliverNow, .enqueue, .enqueueAndDrain:
            var displaced: Int? = nil
            let table = state.commit(value, admission, displaced: &displaced)
            acceptSend(value)
            if bounded, admission == .enqueue { checkFloodBound("send(\(value)) from another thread") }
            if let table {
                // Delivering at once, the role passed to the word at the unlock (`commit`).
                push(deliverySteps(value, table, on: thread) + [.giveBack], on: thread)
            } else if admission == .enqueueAndDrain {
                push([.drain(0)], on: thread)
            }
        }
    }

    func performBind(_ id: Int, _ sink: Sink<Int>, _ action: StreamState<Int>.BindAction, on thread: LogicalThread, bounded: Bool) {
        switch action {
        case .wait:
            let parker = enlisting(on: thread)
            let action = state.waitToBind(sink, on: parker)
            if case .wait = action, let parker {
                push([.resumeBind(id, parker)], on: thread)
            } else {
                performBind(id, sink, action, on: thread, bounded: false)
            }
        case .done:
            linearizeBind(id)
            if bounded, scenario.property != nil { checkFloodBound("bind(b\(id))'s replay") }
        case .finishNow:
            if !finishLinearized { fail("bind(b\(id)) was finished, but the stream had not finished") }
            expected[id] = [.finish]
            push([.deliverFinishNow(sink)], on: thread)
        case .finishNowAndDrain:
            if !finishLinearized { fail("bind(b\(id)) was finished, but the stream had not finished") }
            expected[id] = [.finish]
            push([.deliverFinishNow(sink), .drain(0)], on: thread)
        case .replayNow(let value):
            linearizeBind(id)
            push([.deliverReplayNow(value, sink), .endDelivery], on: thread)
        case .drain:
            linearizeBind(id)
            push([.drain(0)], on: thread)
        }
    }

    func makeSink(_ id: Int) -> Sink<Int> {
        let sink = Sink<Int>(
            onValue: { [stepping] value in stepping.world!.handlerCalled(id, .value(value)) },
            onFinish: { [stepping] in stepping.world!.handlerCalled(id, .finish) }
        )
        sinks[id] = sink
        bindingOfSink[ObjectIdentifier(sink)] = id
        return sink
    }

    func handlerCalled(_ id: Int, _ event: Received) {
        if cancelReturned.contains(id) {
            fail("b\(id) received \(event) after its cancel returned")
        }
        received[id, default: []].append(event)
        handlerCalls += 1
        for (parker, since) in waiting where parker.grant == .none && handlerCalls - since > waitBound {
            fail("a parked sender waited through more than \(waitBound) handler calls (no bound on waiting)")
        }
        if case .value(let value) = event, let reaction = scenario.reactions[id]?[value] {
            push([.react(reaction)], on: threads[current])
        }
    }

    // MARK: The linearization: what each binding should receive

    func linearizeSend(_ value: Int) {
        if scenario.property != nil { modelCurrent = value }
        for id in attached { expected[id, default: []].append(.value(value)) }
    }

    func linearizeBind(_ id: Int) {
        // A binding made after the finish (by the finish's linearization) gets the finish alone.
        if finishLinearized {
            expected[id] = [.finish]
            return
        }
        attached.append(id)
        expected[id] = scenario.property != nil ? [.value(state.current!)] : []
    }

    func linearizeFinish() {
        guard !finishLinearized else { return }
        finishLinearized = true
        for id in attached { expected[id, default: []].append(.finish) }
        attached.removeAll()
    }

    // MARK: Invariants

    func checkRole(_ thread: LogicalThread) {
        if !holdsClaim(thread) && !(state.queue.isDelivering && state.queue.gate.drainerThread == thread.id) {
            fail("thread \(thread.id) called a handler without holding the drainer role (two handlers could run at once)")
        }
    }

    func checkInvariants() {
        for (id, got) in received {
            let want = expected[id] ?? []
            if got.count > want.count || Array(want.prefix(got.count)) != got {
                fail("b\(id) received \(got), which is not a prefix of \(want) (order, duplicates, replay or finish)")
            }
        }
        // Late-binder work, step by step (a step-local bound, so that memoized states stay
        // sound): each event taken out looks at one entry it keeps, plus the entries it drops.
        let visits = state.lateBinders.visits - lateWork.visits
        let dropped = (state.lateBinders.appended - state.lateBinders.count) - lateWork.dropped
        let popped = state.dequeuedTotal - lateWork.popped
        if visits > dropped + popped {
            fail("one step looked at \(visits) late-binder entries while taking out \(popped) event(s) and dropping \(dropped) entries: late-binder work is not amortized O(1)")
        }
        lateWork = (state.lateBinders.visits, state.lateBinders.appended - state.lateBinders.count, state.dequeuedTotal)
    }

    func finalProblem() -> String? {
        if let stuck = threads.firstIndex(where: { !$0.isDone }) {
            return "deadlock: thread \(stuck + 1) can never take its next step"
        }
        if state.queue.isDelivering || word & StreamWord.claimed != 0 { return "the drainer role was never given back" }
        if !state.queue.pending.isEmpty { return "\(state.queue.pending.count) events left queued with nobody draining (a stall)" }
        for id in sinks.keys where !cancelReturned.contains(id) {
            let got = received[id] ?? []
            let want = expected[id] ?? []
            if got != want { return "b\(id) received \(got), expected \(want) (a lost value)" }
        }
        return nil
    }

    func trace(of index: Int) -> [String] { threads[index].trace }

    // MARK: Fingerprint

    func fingerprint() -> String {
        var parts: [String] = []
        func name(_ sink: Sink<Int>) -> String { "b\(bindingOfSink[ObjectIdentifier(sink)] ?? -1)" }
        let table = state.table.prefix
        parts.append("T" + (0..<table.count).map { table.sink(at: $0).map(name) ?? "_" }.joined(separator: ","))
        parts.append("Q" + state.queue.pending.storage[state.queue.pending.head...].map { event -> String in
            switch event {
            case .value(let value)?: return "\(value)"
            case .finish?: return "F"
            case .replay(let sink, let value)?: return "R\(name(sink)):\(value)"
            case nil: return "?"
            }
        }.joined(separator: ","))
        parts.append("X\(word)")
        parts.append("D\(state.queue.isDelivering)\(state.queue.gate.drainerThread)\(state.queue.gate.wantsRelief)")
        parts.append("W" + state.queue.gate.waiters.map { "\(parkerOwner[ObjectIdentifier($0)] ?? -1)" }.joined(separator: ","))
        parts.append("P" + waiting.map { "\(parkerOwner[ObjectIdentifier($0.parker)] ?? -1):\(handlerCalls - $0.since)" }.joined(separator: ","))
        parts.append("L" + state.lateBinders.entries[state.lateBinders.head...].map { "\(name($0.sink)):\($0.lastSkipped)" }.joined(separator: ","))
        parts.append("S\(state.isFinished)\(state.hasDeferredWork)\(state.enqueuedTotal)/\(state.dequeuedTotal)/\(state.current ?? -1)")
        parts.append("C" + sinks.keys.sorted().map { "\($0)\(sinks[$0]!.isCancelled ? "x" : "")" }.joined(separator: ","))
        for thread in threads {
            parts.append("t\(thread.next)/\(thread.tableCountWhenRead):" + thread.stack.map { step -> String in
                switch step {
                case .resumeSend(let value, let parker): return "rs\(value)\(parker.grant)"
                case .resumeBind(let id, let parker): return "rb\(id)\(parker.grant)"
                case .resumeModify(let delta, let parker): return "rm\(delta ?? -1)\(parker.grant)"
                case .deliver(let value, let sink): return "d\(value)\(name(sink))"
                case .deliverSlot(let value, let table, let index): return "ds\(value)@\(index)/\(table.count)"
                case .reentrantSend(let value): return "rsend\(value)"
                case .deliverReplayNow(let value, let sink): return "dr\(value)\(name(sink))"
                case .deliverFinish(let sink): return "df\(name(sink))"
                case .deliverFinishNow(let sink): return "dfn\(name(sink))"
                default: return step.description
                }
            }.joined(separator: ";"))
        }
        parts.append("R" + received.keys.sorted().map { "\($0)=\(received[$0]!)" }.joined(separator: ","))
        parts.append("E" + expected.keys.sorted().map { "\($0)=\(expected[$0]!)" }.joined(separator: ","))
        parts.append("M\(modelCurrent ?? -1)")
        parts.append("A\(attached)\(bindReturned.sorted())\(cancelReturned.sorted())\(finishLinearized)\(reentrantEnqueues)")
        return parts.joined(separator: "|")
    }
}

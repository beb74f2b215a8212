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
/// The search is a depth-first walk of the state graph: each state is reached by replaying
/// its schedule from scratch (the state holds objects, so it cannot be copied), states are
/// recognised by a fingerprint of everything that decides the future, and the number of
/// complete interleavings below each state is summed, so that `interleavings` counts every
/// schedule while each state is expanded once. A cycle in the graph is a livelock.
struct InterleavingExplorer {
    enum Op: CustomStringConvertible {
        case send(Int)
        case bind(Int)
        case cancel(Int)
        case finish

        var description: String {
            switch self {
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
    }

    struct Scenario {
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
        var search = Search(scenario: scenario)
        let total = search.visit([])
        return Report(interleavings: total, states: search.memo.count, violation: search.violation)
    }

    struct Search {
        let scenario: Scenario
        var memo: [String: UInt64] = [:]
        var onPath: Set<String> = []
        var violation: String?

        mutating func visit(_ schedule: [Int]) -> UInt64 {
            if violation != nil { return 0 }
            let world = World(scenario)
            for thread in schedule {
                world.step(thread)
                if let problem = world.problem {
                    violation = world.describe(problem, schedule: schedule)
                    return 0
                }
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
            for thread in enabled { total &+= visit(schedule + [thread]) }
            onPath.remove(fingerprint)
            memo[fingerprint] = total
            return total
        }
    }
}

/// One run of a scenario: the state machine, the logical threads, and what each binding
/// received and should receive.
final class World {
    typealias Scenario = InterleavingExplorer.Scenario
    typealias Op = InterleavingExplorer.Op

    /// One step a thread will take.
    enum Step: CustomStringConvertible {
        case start(Op)
        case resumeSend(Int, Parker)
        case resumeBind(Int, Parker)
        case deliver(Int, Sink<Int>)
        case deliverReplayNow(Int, Sink<Int>)
        case deliverFinish(Sink<Int>)
        case deliverFinishNow(Sink<Int>)
        case endDelivery
        case drain(Int)
        case removeCancelled(Int)
        case react(InterleavingExplorer.Reaction)
        case endOp

        var description: String {
            switch self {
            case .start(let op): return op.description
            case .resumeSend(let value, _): return "resume send(\(value))"
            case .resumeBind(let id, _): return "resume bind(b\(id))"
            case .deliver(let value, _): return "handler(\(value))"
            case .deliverReplayNow(let value, _): return "replay handler(\(value))"
            case .deliverFinish, .deliverFinishNow: return "finish handler"
            case .endDelivery: return "endDelivery"
            case .drain(let delivered): return "drain step (\(delivered) in a row)"
            case .removeCancelled(let id): return "remove(b\(id))"
            case .react(let reaction): return "react \(reaction)"
            case .endOp: return "return"
            }
        }
    }

    final class LogicalThread {
        let id: ThreadID
        var program: [Op]
        var next = 0
        /// Steps still to take, the next one last.
        var stack: [Step] = []
        var stepsInOp = 0
        var trace: [String] = []

        init(id: ThreadID, program: [Op]) {
            self.id = id
            self.program = program
        }

        var isDone: Bool { stack.isEmpty && next == program.count }
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
    var parkerOwner: [ObjectIdentifier: Int] = [:]
    var current = 0
    var problem: String?
    /// Late-binder visits, entries dropped, and events taken out, as of the last step.
    var lateWork = (visits: 0, dropped: 0, popped: 0)

    init(_ scenario: Scenario) {
        self.scenario = scenario
        state = scenario.property.map { StreamState(currentValue: $0) } ?? StreamState()
        threads = scenario.threads.enumerated().map { LogicalThread(id: ThreadID($0.offset + 1), program: $0.element) }
    }

    deinit {
        // Bindings still in the table are released with the world; free the table storage.
        state.table.deallocate()
    }

    // MARK: Scheduling

    func enabledThreads() -> [Int] {
        threads.indices.filter { isEnabled($0) }
    }

    func isEnabled(_ index: Int) -> Bool {
        let thread = threads[index]
        if let top = thread.stack.last {
            switch top {
            case .resumeSend(_, let parker), .resumeBind(_, let parker): return parker.grant != .none
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
        let step: Step
        if let top = thread.stack.popLast() {
            step = top
        } else {
            let op = thread.program[thread.next]
            thread.next += 1
            thread.stepsInOp = 0
            thread.stack.append(.endOp)
            step = .start(op)
        }
        thread.trace.append(step.description)
        thread.stepsInOp += 1
        if thread.stepsInOp > scenario.stepBound {
            fail("an operation on thread \(index + 1) took more than \(scenario.stepBound) steps (no progress bound)")
            return
        }
        perform(step, on: thread)
        // Bookkeeping that touches no shared state runs in the same step.
        while let top = thread.stack.last {
            if case .endOp = top {} else if case .react = top {} else { break }
            perform(thread.stack.removeLast(), on: thread)
        }
        checkInvariants()
    }

    func push(_ steps: [Step], on thread: LogicalThread) {
        thread.stack.append(contentsOf: steps.reversed())
    }

    func fail(_ message: String) {
        if problem == nil { problem = message }
    }

    // MARK: Steps (as StreamCore performs them)

    func perform(_ step: Step, on thread: LogicalThread) {
        switch step {
        case .start(.send(let value)):
            let isReentrant = state.queue.isDelivering && state.queue.gate.drainerThread == thread.id
            let admission = state.admit(thread.id, limits: scenario.limits)
            if isReentrant, admission == .enqueue { reentrantEnqueues += 1 }
            write(value, admission, on: thread)
        case .resumeSend(let value, let parker):
            write(value, state.resume(parker, thread: thread.id), on: thread)
        case .start(.bind(let id)):
            let sink = makeSink(id)
            bindsMade += 1
            let action = state.bind(sink, thread: thread.id, limits: scenario.limits)
            performBind(id, sink, action, on: thread)
        case .resumeBind(let id, let parker):
            let action = state.resumeBind(sinks[id]!, parker: parker, thread: thread.id)
            performBind(id, sinks[id]!, action, on: thread)
        case .start(.cancel(let id)):
            // `BindingToken.cancel`: the flag, then the removal.
            if !sinks[id]!.markCancelled() {
                cancelReturned.insert(id)
                push([.removeCancelled(id)], on: thread)
            }
        case .removeCancelled(let id):
            state.remove(sinks[id]!)
        case .start(.finish):
            let wasFinished = state.isFinished
            let action = state.finish(thread.id)
            // Accepted now (delivered at once or queued): this is where it is linearized.
            if !wasFinished { linearizeFinish() }
            if case .deliver(let finished) = action {
                push(finished.map { .deliverFinish($0) } + [.endDelivery], on: thread)
            }
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
            sink.observer.onFinish()
        case .endDelivery:
            if state.endDelivery() { push([.drain(1)], on: thread) }
        case .drain(let delivered):
            var leftovers = Leftovers<Int>()
            let next = state.next(delivered: delivered, leftovers: &leftovers, limits: scenario.limits)
            leftovers.settle()
            switch next {
            case .deliver(let value, let table):
                let targets = (0..<table.count).compactMap { table.sink(at: $0) }
                push(targets.map { .deliver(value, $0) } + [.drain(delivered + 1)], on: thread)
            case .replay(let sink, let value):
                push([.deliver(value, sink), .drain(delivered + 1)], on: thread)
            case .finish(let finished):
                push(finished.map { .deliverFinish($0) } + [.drain(delivered + 1)], on: thread)
            case .stop:
                break
            }
        case .react(.send(let value)):
            push([.start(.send(value))], on: thread)
        case .react(.sendMany(let values)):
            push(values.map { .start(.send($0)) }, on: thread)
        case .react(.cancel(let id)):
            push([.start(.cancel(id))], on: thread)
        case .endOp:
            if case .bind(let id)? = thread.program.indices.contains(thread.next - 1) ? thread.program[thread.next - 1] : nil {
                bindReturned.insert(id)
            }
        }
    }

    var finishLinearized = false

    func write(_ value: Int, _ admission: StreamState<Int>.Admission, on thread: LogicalThread) {
        switch admission {
        case .drop:
            break
        case .wait:
            let parker = Parker()
            parkerOwner[ObjectIdentifier(parker)] = Int(thread.id)
            state.wait(on: parker)
            push([.resumeSend(value, parker)], on: thread)
        case .drainOnly:
            push([.drain(0)], on: thread)
        case .deliverNow, .enqueue, .enqueueAndDrain:
            var displaced: Int? = nil
            let table = state.commit(value, admission, displaced: &displaced)
            linearizeSend(value)
            if let table {
                let targets = (0..<table.count).compactMap { table.sink(at: $0) }
                push(targets.map { .deliver(value, $0) } + [.endDelivery], on: thread)
            } else if admission == .enqueueAndDrain {
                push([.drain(0)], on: thread)
            }
        }
    }

    func performBind(_ id: Int, _ sink: Sink<Int>, _ action: StreamState<Int>.BindAction, on thread: LogicalThread) {
        switch action {
        case .wait:
            let parker = Parker()
            parkerOwner[ObjectIdentifier(parker)] = Int(thread.id)
            state.wait(on: parker)
            push([.resumeBind(id, parker)], on: thread)
        case .done:
            linearizeBind(id)
        case .finishNow:
            expected[id] = [.finish]
            push([.deliverFinishNow(sink)], on: thread)
        case .finishNowAndDrain:
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
            onValue: { [unowned self] value in self.handlerCalled(id, .value(value)) },
            onFinish: { [unowned self] in self.handlerCalled(id, .finish) }
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
        if case .value(let value) = event, let reaction = scenario.reactions[id]?[value] {
            push([.react(reaction)], on: threads[current])
        }
    }

    // MARK: The linearization: what each binding should receive

    func linearizeSend(_ value: Int) {
        for id in attached { expected[id, default: []].append(.value(value)) }
    }

    func linearizeBind(_ id: Int) {
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
        if !(state.queue.isDelivering && state.queue.gate.drainerThread == thread.id) {
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
        let bound = max(scenario.limits.queueLimit, scenario.limits.resumeBelow + threads.count) + reentrantEnqueues
        if state.queue.pending.count > bound {
            fail("\(state.queue.pending.count) events queued, over the flood bound \(bound)")
        }
        // Late-binder work, step by step (a step-local bound, so that memoized states stay
        // sound): each event taken out looks at one entry it keeps, plus the entries it drops.
        let visits = state.lateBinders.visits - lateWork.visits
        let dropped = (state.lateBinders.appended - state.lateBinders.count) - lateWork.dropped
        let popped = state.poppedCount - lateWork.popped
        if visits > dropped + popped {
            fail("one step looked at \(visits) late-binder entries while taking out \(popped) event(s) and dropping \(dropped) entries: late-binder work is not amortized O(1)")
        }
        lateWork = (state.lateBinders.visits, state.lateBinders.appended - state.lateBinders.count, state.poppedCount)
    }

    func finalProblem() -> String? {
        if let stuck = threads.firstIndex(where: { !$0.isDone }) {
            return "deadlock: thread \(stuck + 1) can never take its next step"
        }
        if state.queue.isDelivering { return "the drainer role was never given back" }
        if !state.queue.pending.isEmpty { return "\(state.queue.pending.count) events left queued with nobody draining (a stall)" }
        for id in sinks.keys where !cancelReturned.contains(id) {
            let got = received[id] ?? []
            let want = expected[id] ?? []
            if got != want { return "b\(id) received \(got), expected \(want) (a lost value)" }
        }
        return nil
    }

    func describe(_ problem: String, schedule: [Int]) -> String {
        var lines = ["\(scenario.name): \(problem)", "schedule (thread: step):"]
        let replay = World(scenario)
        for thread in schedule {
            let before = replay.threads[thread].trace.count
            replay.step(thread)
            for entry in replay.threads[thread].trace[before...] { lines.append("  t\(thread + 1): \(entry)") }
        }
        return lines.joined(separator: "\n")
    }

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
        parts.append("D\(state.queue.isDelivering)\(state.queue.gate.drainerThread)\(state.queue.gate.wantsRelief)")
        parts.append("W" + state.queue.gate.waiters.map { "\(parkerOwner[ObjectIdentifier($0)] ?? -1)" }.joined(separator: ","))
        parts.append("L" + state.lateBinders.entries[state.lateBinders.head...].map { "\(name($0.sink)):\($0.lastSkipped)" }.joined(separator: ","))
        parts.append("S\(state.isFinished)\(state.hasDeferredWork)\(state.queuedCount)/\(state.poppedCount)/\(state.current ?? -1)")
        parts.append("C" + sinks.keys.sorted().map { "\($0)\(sinks[$0]!.isCancelled ? "x" : "")" }.joined(separator: ","))
        for thread in threads {
            parts.append("t\(thread.next):" + thread.stack.map { step -> String in
                switch step {
                case .resumeSend(let value, let parker): return "rs\(value)\(parker.grant)"
                case .resumeBind(let id, let parker): return "rb\(id)\(parker.grant)"
                case .deliver(let value, let sink): return "d\(value)\(name(sink))"
                case .deliverReplayNow(let value, let sink): return "dr\(value)\(name(sink))"
                case .deliverFinish(let sink): return "df\(name(sink))"
                case .deliverFinishNow(let sink): return "dfn\(name(sink))"
                default: return step.description
                }
            }.joined(separator: ";"))
        }
        parts.append("R" + received.keys.sorted().map { "\($0)=\(received[$0]!)" }.joined(separator: ","))
        parts.append("E" + expected.keys.sorted().map { "\($0)=\(expected[$0]!)" }.joined(separator: ","))
        parts.append("A\(attached)\(bindReturned.sorted())\(cancelReturned.sorted())\(finishLinearized)\(reentrantEnqueues)")
        return parts.joined(separator: "|")
    }
}

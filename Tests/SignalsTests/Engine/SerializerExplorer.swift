import Signals

/// A scenario for a `Serializer` (every multi-source operator, `create`, the time operators):
/// threads that emit into one serializer, and what its downstream does with a value.
struct SerializerScenario: NamedScenario {
    enum Op: CustomStringConvertible {
        case send(Int)
        case finish
        /// The binding is cancelled (`Serializer.cancel()`).
        case cancel

        var description: String {
            switch self {
            case .send(let value): return "send(\(value))"
            case .finish: return "finish"
            case .cancel: return "cancel"
            }
        }
    }

    /// What the downstream does when it receives a value, on the delivering thread.
    enum Reaction {
        case send(Int)
        case sendMany([Int])
        case finish
        case cancel
    }

    var name: String
    var threads: [[Op]]
    /// Value received → reaction.
    var reactions: [Int: Reaction] = [:]
    var limits = FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2)
    /// Steps one operation may take on its own thread, including the draining it does.
    var stepBound = 60
}

/// One run of a `SerializerScenario`: `SerializerState`'s transitions performed as `Serializer`
/// performs them (a decision under the lock, each delivery outside it, one drain step at a
/// time), and an oracle that does not read the engine: emissions are accepted in the order of
/// their decisions until a finish is accepted or the binding is cancelled.
///
/// Checked after every step: the downstream receives a prefix of what was accepted, in that
/// order (so nothing after the end, a finish last and once, nothing twice); only the role's
/// holder calls it; nothing is taken out of the queue after a cancel, and nothing reaches the
/// thread that cancelled; a sender from another thread queues only below the queue limit;
/// a parked sender waits through a bounded number of handler calls. At the end: every thread
/// done (no deadlock), the role given back, nothing left queued, and, without a cancel,
/// everything accepted delivered.
final class SerializerWorld: ExploredWorld {
    typealias Scenario = SerializerScenario
    typealias Op = SerializerScenario.Op

    enum Event: Equatable, CustomStringConvertible {
        case value(Int)
        case finish
        var description: String {
            switch self {
            case .value(let value): return "\(value)"
            case .finish: return "finish"
            }
        }
        var emission: Emission<Int> {
            switch self {
            case .value(let value): return .value(value)
            case .finish: return .finish
            }
        }
    }

    enum Step: CustomStringConvertible {
        case start(Op)
        /// An emission from a handler, on the delivering thread.
        case reentrant(Event)
        case resume(Event, Parker)
        case deliver(Event)
        case drain(Int)
        case react(SerializerScenario.Reaction)
        case endOp

        var description: String {
            switch self {
            case .start(let op): return op.description
            case .reentrant(let event): return "re-entrant \(event == .finish ? "finish" : "send(\(event))")"
            case .resume(let event, let parker): return "resume \(event) (\(parker.grant))"
            case .deliver(let event): return "handler(\(event))"
            case .drain(let delivered): return "drain step (\(delivered) in a row)"
            case .react(let reaction): return "react \(reaction)"
            case .endOp: return "return"
            }
        }
    }

    final class LogicalThread: ExplorerThread<Op, Step> {
        /// This thread cancelled the binding: the downstream must never be called on it again.
        var cancelled = false

        /// This thread in a copy of its run (`SerializerWorld.copy()`).
        func copy() -> LogicalThread {
            let copy = LogicalThread(id: id, program: program)
            copy.take(self, stack: stack)
            copy.cancelled = cancelled
            return copy
        }
    }

    let scenario: Scenario
    var state = SerializerState<Int>()
    var threads: [LogicalThread]
    let registry: ParkedSenders
    var parkerOwner: [ObjectIdentifier: ThreadID] = [:]
    /// The parkers waiting for a grant, with the handler calls made when they enlisted.
    var waiting: [(parker: Parker, since: Int)] = []
    let waitBound: Int
    var handlerCalls = 0
    var current = 0
    var problem: String?
    /// This world's view of the waiting parkers' grants (shared with other copies of its run),
    /// as its last step left them.
    var grants: [Parker.Grant] = []

    // The oracle.
    var accepted: [Event] = []
    var received: [Event] = []
    var ended = false
    var cancelled = false

    init(_ scenario: Scenario) {
        self.scenario = scenario
        threads = scenario.threads.enumerated().map { LogicalThread(id: ThreadID(($0.offset + 1) * 16), program: $0.element) }
        registry = ParkedSenders()
        // A parked sender waits for at most a turn of each drainer ahead of it.
        waitBound = (scenario.limits.turnLimit + 1) * 2 * scenario.threads.count
    }

    // MARK: Copies

    func copy() -> SerializerWorld {
        SerializerWorld(copying: self)
    }

    private init(copying other: SerializerWorld) {
        scenario = other.scenario
        state = other.state
        threads = other.threads.map { $0.copy() }
        registry = other.registry.copy(of: other.threads.map(\.id))
        parkerOwner = other.parkerOwner
        waiting = other.waiting
        waitBound = other.waitBound
        handlerCalls = other.handlerCalls
        current = other.current
        problem = other.problem
        grants = other.grants
        accepted = other.accepted
        received = other.received
        ended = other.ended
        cancelled = other.cancelled
    }

    func activate() {
        for (waiter, grant) in zip(waiting, grants) { waiter.parker.restore(grant: grant) }
    }

    // MARK: Scheduling

    func enabledThreads() -> [Int] {
        threads.indices.filter { index in
            let thread = threads[index]
            if case .resume(_, let parker)? = thread.stack.last { return parker.grant != .none }
            return !thread.isDone
        }
    }

    func step(_ index: Int) {
        current = index
        let thread = threads[index]
        guard let step = thread.takeStep(start: { .start($0) }, end: .endOp, bound: scenario.stepBound) else {
            fail("an operation on thread \(index + 1) took more than \(scenario.stepBound) steps (no progress bound)")
            return
        }
        perform(step, on: thread)
        // Bookkeeping that touches no shared state runs in the same step.
        while let top = thread.stack.last {
            if case .endOp = top {} else if case .react = top {} else { break }
            perform(thread.stack.removeLast(), on: thread)
        }
        checkReceived()
        grants = waiting.map { $0.parker.grant }
    }

    func push(_ steps: [Step], on thread: LogicalThread) {
        thread.stack.append(contentsOf: steps.reversed())
    }

    func fail(_ message: String) {
        if problem == nil { problem = message }
    }

    // MARK: Steps (as Serializer performs them; each locked step is one transition)

    func perform(_ step: Step, on thread: LogicalThread) {
        switch step {
        case .start(.send(let value)):
            emit(.value(value), on: thread, reentrant: false)
        case .start(.finish):
            emit(.finish, on: thread, reentrant: false)
        case .reentrant(let event):
            emit(event, on: thread, reentrant: true)
        case .start(.cancel):
            // `Serializer.cancel`.
            _ = state.cancel()
            ended = true
            cancelled = true
            thread.cancelled = true
        case .resume(let event, let parker):
            // `runWhileDeliveringLocked` after `parker.wait(releasing:)`.
            waiting.removeAll { $0.parker === parker }
            registry.unpark(thread.id)
            switch state.resume(parker.grant, thread: thread.id) {
            case .enqueueAndDrain:
                decide(event)
                state.enqueue(event.emission)
                push([.drain(0)], on: thread)
            case .deliverNow:
                decide(event)
                if state.deliverHoldingRole(event.emission) { push([.deliver(event), .drain(1)], on: thread) }
            case .enqueue:
                decide(event)
                state.enqueue(event.emission)
            }
        case .deliver(let event):
            if thread.cancelled { fail("the downstream received \(event) on the thread that cancelled it, after the cancel") }
            if !(state.isDelivering && state.drainerThread == thread.id) {
                fail("thread \(thread.id) called the downstream without holding the drainer role (two handlers could run at once)")
            }
            received.append(event)
            handlerCalls += 1
            for (parker, since) in waiting where parker.grant == .none && handlerCalls - since > waitBound {
                fail("a parked sender waited through more than \(waitBound) handler calls (no bound on waiting)")
            }
            if case .value(let value) = event, let reaction = scenario.reactions[value] {
                push([.react(reaction)], on: thread)
            }
        case .drain(let delivered):
            var woken: [ParkerWake] = []
            let wasCancelled = state.isCancelled
            let next = state.drainStep(delivered: delivered, woken: &woken, limits: scenario.limits)
            for wake in woken { wake.perform() }
            if case .deliver(let item) = next {
                if wasCancelled { fail("a drain step took \(item.event) out after the cancel") }
                push([.deliver(item.event), .drain(delivered + 1)], on: thread)
            }
        case .react(.send(let value)):
            push([.reentrant(.value(value))], on: thread)
        case .react(.sendMany(let values)):
            push(values.map { .reentrant(.value($0)) }, on: thread)
        case .react(.finish):
            push([.reentrant(.finish)], on: thread)
        case .react(.cancel):
            push([.start(.cancel)], on: thread)
        case .endOp:
            break
        }
    }

    /// `Serializer.emit` (lock held): the arrival, then a decision now, or a wait for room first.
    func emit(_ event: Event, on thread: LogicalThread, reentrant: Bool) {
        let arrival = state.arrival(thread.id, limits: scenario.limits)
        if case .start = arrival {
            decide(event)
            if state.start(event.emission, thread: thread.id) {
                push([.deliver(event), .drain(1)], on: thread)
            }
        } else {
            if case .wait = arrival,
               let parker = Parker.enlisting(thread.id, unlessParked: state.drainerThread, in: registry) {
                state.enlist(parker)
                parkerOwner[ObjectIdentifier(parker)] = thread.id
                waiting.append((parker, handlerCalls))
                push([.resume(event, parker)], on: thread)
                return
            }
            decide(event)
            state.enqueue(event.emission)
            // The flood bound is exact: a sender from another thread that was let queue (not
            // one refused a wait because the drainer is itself parked) finds room.
            if !reentrant, case .enqueue = arrival, state.queue.pending.count > scenario.limits.queueLimit {
                fail("\(event) from another thread queued past the queue limit \(scenario.limits.queueLimit) (\(state.queue.pending.count) queued)")
            }
        }
    }

    /// The oracle's linearization: a decision made now accepts `event` unless the stream has
    /// ended (a finish accepted, or a cancel).
    func decide(_ event: Event) {
        guard !ended else { return }
        accepted.append(event)
        if event == .finish { ended = true }
    }

    // MARK: Invariants

    func checkReceived() {
        if received.count > accepted.count || Array(accepted.prefix(received.count)) != received {
            fail("the downstream received \(received), which is not a prefix of what was accepted, \(accepted) (order, duplicates, or after the end)")
        }
    }

    func finalProblem() -> String? {
        if let stuck = threads.firstIndex(where: { !$0.isDone }) {
            return "deadlock: thread \(stuck + 1) can never take its next step"
        }
        if state.isDelivering { return "the drainer role was never given back" }
        if !state.queue.pending.isEmpty { return "\(state.queue.pending.count) events left queued with nobody draining (a stall)" }
        if !cancelled, received != accepted { return "the downstream received \(received), expected \(accepted) (a lost event)" }
        return nil
    }

    func trace(of index: Int) -> [String] { threads[index].trace }

    func fingerprint() -> String {
        var parts: [String] = []
        parts.append("Q" + state.queue.pending.storage[state.queue.pending.head...].map { $0.map { "\($0.event)" } ?? "?" }.joined(separator: ","))
        parts.append("D\(state.isDelivering)\(state.drainerThread)\(state.queue.gate.wantsRelief)\(state.isTerminated)\(state.isCancelled)")
        parts.append("W" + state.queue.gate.waiters.map { "\(parkerOwner[ObjectIdentifier($0)] ?? 0)" }.joined(separator: ","))
        parts.append("P" + waiting.map { "\(parkerOwner[ObjectIdentifier($0.parker)] ?? 0):\(handlerCalls - $0.since)" }.joined(separator: ","))
        for thread in threads {
            parts.append("t\(thread.next)\(thread.cancelled):" + thread.stack.map { step -> String in
                if case .resume(let event, let parker) = step { return "r\(event)\(parker.grant)" }
                return step.description
            }.joined(separator: ";"))
        }
        parts.append("A\(accepted)R\(received)\(ended)\(cancelled)")
        return parts.joined(separator: "|")
    }
}

extension SerializerState<Int>.Pending {
    var event: SerializerWorld.Event {
        switch self {
        case .value(let value): return .value(value)
        case .finish: return .finish
        }
    }
}

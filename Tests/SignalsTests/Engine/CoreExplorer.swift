import Dispatch
import Foundation
import Signals

/// Runs a `Subject` or a `Property` (the engine's own `StreamCore`, not a model of it) from
/// several real threads, one at a time, through every schedule up to a preemption bound, and
/// checks the contract after each run.
///
/// Each thread it runs carries an `EngineSchedule`: at every synchronization point of the
/// engine (an operation on the lock word, a park, a wake, an access to a binding's cancelled
/// flag), at every handler call and before each
/// operation of its program, the thread stops until the explorer gives it the turn. One thread
/// runs at a time, so the schedule (which thread goes on at each point) decides the whole run.
/// The lock word and the cancelled flags are the engine's only atomics (everything else it
/// touches is guarded by the word, or by the drainer role the word hands out), so interleaving at these
/// points reaches what any machine can do, sequentially consistent.
///
/// A thread's stack cannot be copied, so each schedule is a new run from the start. The search
/// is depth first over the choices of a run: the first run lets the running thread go on
/// whenever it can, and each later one changes the last choice that has an alternative left,
/// within `preemptionBound` switches away from a thread that could have gone on (context
/// bounding: the bugs this engine has had needed at most two).
///
/// What a run must show (`CoreRun.contractProblem`):
/// - deliveries one at a time: no handler starts while another is running, even re-entrantly;
/// - nothing after a binding's cancel returned (but once, on another thread, in a delivery that
///   had already reached the handler), nothing after its finish, no value twice;
/// - every value sent after a binding's `bind` returned, before a finish began, reaches it if it
///   is never cancelled, in each thread's order; none sent before its `bind` began (but a
///   property's replay, first);
/// - a finish, once and last, for every binding made before it, and at once for later ones;
/// - a parked sender is woken within a bounded number of handler calls;
/// - every thread's operations return (no deadlock, no livelock), and then nothing is queued,
///   nobody is parked, and a send from outside is delivered at once (the drainer role was given
///   back).
struct CoreExplorer {
    enum Op: CustomStringConvertible {
        case send(Int)
        case bind(Int)
        case cancel(Int)
        case finish
        /// `Property.modify { $0 += delta }`, or with `nil`, an `update` whose closure declines.
        case modify(Int?)

        var description: String {
            switch self {
            case .send(let value): "send(\(value))"
            case .bind(let id): "bind(b\(id))"
            case .cancel(let id): "cancel(b\(id))"
            case .finish: "finish"
            case .modify(let delta?): "modify(+\(delta))"
            case .modify(nil): "update(declined)"
            }
        }
    }

    /// What binding `b`'s handler does when it receives a value, on the delivering thread.
    enum Reaction {
        case send(Int)
        case sendMany([Int])
        case cancel(Int)
        case finish
    }

    struct Scenario {
        var name: String
        /// A property's initial value, or nil for a subject.
        var property: Int? = nil
        /// Runs the stream of `Observable.create` instead (its `Serializer`): the first bind
        /// makes the one binding, and sends and finishes go through the observer `create` gives.
        var serializer = false
        /// Runs two subjects sharing one `ParkedSenders` registry: bindings `b10` and up bind
        /// the second, and values from 100 up (below the probe's) are sent into it.
        var twoSubjects = false
        var threads: [[Op]]
        /// (binding, value received) → what its handler does.
        var reactions: [Int: [Int: Reaction]] = [:]
        var limits = FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2)
        /// The longest the stream's queue may be at any point of the run, when no sender can
        /// legitimately go past the flood bound (no re-entrant sends, one thread that can wait):
        /// the flood bound itself, checked at every step.
        var queueBound: Int? = nil
        var preemptionBound = 2
        /// Steps of one run, all threads together: more is a livelock.
        var stepBound = 400
        /// Runs before the search stops unfinished (reported, not a failure).
        var scheduleLimit = 40_000
    }

    struct Report {
        var schedules = 0
        var isComplete = false
        var violation: String?
    }

    static func explore(_ scenario: Scenario) -> Report {
        var report = Report()
        var prefix: [Int] = []
        while true {
            let run = CoreRun(scenario, prefix: prefix)
            run.execute()
            report.schedules += 1
            if let problem = run.problem {
                report.violation = run.describe(problem)
                return report
            }
            guard let next = nextPrefix(after: run.choices, bound: scenario.preemptionBound) else {
                report.isComplete = true
                return report
            }
            if report.schedules >= scenario.scheduleLimit { return report }
            prefix = next
        }
    }

    /// The choices of the next run: those of `choices` up to the last one with an alternative
    /// left within the preemption bound, and that alternative.
    static func nextPrefix(after choices: [CoreRun.Choice], bound: Int) -> [Int]? {
        var preemptionsBefore: [Int] = []
        var preemptions = 0
        for choice in choices {
            preemptionsBefore.append(preemptions)
            if choice.isPreemption(choice.position) { preemptions += 1 }
        }
        for index in choices.indices.reversed() {
            let choice = choices[index]
            for alternative in (choice.position + 1)..<choice.order.count
            where preemptionsBefore[index] + (choice.isPreemption(alternative) ? 1 : 0) <= bound {
                return choices[..<index].map(\.chosen) + [choice.order[alternative]]
            }
        }
        return nil
    }
}

/// One run of a scenario under one schedule: real threads, each stopping at every point until
/// the controller (the thread calling `execute`) gives it the turn.
final class CoreRun: @unchecked Sendable {
    // Only one thread runs at a time (the controller, or the worker it gave the turn), handing
    // over through semaphores, so the plain fields below are never accessed concurrently.
    typealias Op = CoreExplorer.Op

    enum Point: CustomStringConvertible {
        case begin(Op)
        case engine(EngineSchedule.Point)
        case handler(binding: Int, event: String)

        var description: String {
            switch self {
            case .begin(let op): return op.description
            case .handler(let binding, let event): return "b\(binding)'s handler(\(event))"
            case .engine(let point):
                switch point {
                case .tryLock: return "try lock"
                case .lock: return "lock"
                case .unlock: return "unlock"
                case .claim: return "claim the role"
                case .giveBack: return "give the role back"
                case .park: return "park"
                case .wake: return "wake a parked sender"
                case .mutexLock: return "lock (a serializer's)"
                case .mutexTryLock: return "try lock (a serializer's)"
                case .mutexUnlock: return "unlock (a serializer's)"
                case .cancelledFlag: return "the cancelled flag"
                }
            }
        }
    }

    /// One scheduling decision: the threads that could go on (`order`: the running one first,
    /// if it could, then the others in order), and which was taken.
    struct Choice {
        var order: [Int]
        var position: Int
        var runningCouldGoOn: Bool
        var chosen: Int { order[position] }

        func isPreemption(_ position: Int) -> Bool { runningCouldGoOn && position != 0 }
    }

    enum Received: Equatable, CustomStringConvertible {
        case value(Int)
        case finish
        var description: String {
            switch self {
            case .value(let value): "\(value)"
            case .finish: "finish"
            }
        }
    }

    final class Worker: @unchecked Sendable {
        let program: [Op]
        let turn = DispatchSemaphore(value: 0)
        var pending: Point?
        var isDone = false
        init(program: [Op]) { self.program = program }
    }

    let scenario: CoreExplorer.Scenario
    let prefix: [Int]
    let workers: [Worker]
    let yielded = DispatchSemaphore(value: 0)
    let subject: Subject<Int>?
    let property: Property<Int>?
    /// The second subject of a `twoSubjects` scenario.
    let subjectB: Subject<Int>?
    let registry = ParkedSenders()
    /// Reads a serializer's queue length (a serializer scenario, once bound).
    var serializerQueued: (() -> Int)?
    var engineSchedule: EngineSchedule!
    var running = 0
    var clock = 0
    var choices: [Choice] = []
    var trace: [String] = []
    var problem: String?

    var tokens: [Int: any Cancellable] = [:]
    /// What each binding's handler captures, held weakly.
    final class Witness {}
    struct WeakWitness {
        weak var object: Witness?
        init(_ object: Witness) { self.object = object }
    }
    var witnesses: [Int: WeakWitness] = [:]
    /// The observer `Observable.create` handed out (a serializer scenario), once bound.
    var created: Observer<Int>?
    var bindStarted: [Int: Int] = [:]
    var bindReturned: [Int: Int] = [:]
    var cancelStarted: [Int: Int] = [:]
    var cancelReturned: [Int: Int] = [:]
    /// The threads that may still enter a binding's handler once after its cancel returned:
    /// those stopped in that handler's entry when it returned (another thread's delivery that
    /// had already checked the binding).
    var lateEntries: [Int: Set<Int>] = [:]
    var sendStarted: [Int: Int] = [:]
    var sendReturned: [Int: Int] = [:]
    /// Each thread's program sends, in order (re-entrant sends are not ordered by a thread).
    var programSends: [[Int]] = []
    var finishStarted: Int?
    var received: [Int: [Received]] = [:]
    /// The binding whose handler runs, per stream (true: the second subject's); a handler of
    /// one stream may send into the other, which then delivers inside it.
    var inHandler: [Bool: Int] = [:]
    var writesModify = false
    /// The probe write runs on the controller, outside the schedule.
    var isProbing = false
    /// Handler calls so far, and when each parked sender parked: no sender waits through more
    /// than `waitBound` handler calls (a turn of each drainer ahead of it, each event delivered
    /// to every binding).
    var handlerCalls = 0
    var parkedSince: [ObjectIdentifier: Int] = [:]
    let waitBound: Int


    init(_ scenario: CoreExplorer.Scenario, prefix: [Int]) {
        self.scenario = scenario
        self.prefix = prefix
        workers = scenario.threads.map(Worker.init(program:))
        subjectB = scenario.twoSubjects ? Subject(parking: registry, limits: scenario.limits) : nil
        if let initial = scenario.property {
            property = Property(initial, parking: registry, limits: scenario.limits)
            subject = nil
        } else {
            subject = Subject(parking: registry, limits: scenario.limits)
            property = nil
        }
        programSends = scenario.threads.map { program in program.compactMap { if case .send(let value) = $0 { value } else { nil } } }
        writesModify = scenario.threads.joined().contains { if case .modify = $0 { true } else { false } }
        let bindings = scenario.threads.joined().filter { if case .bind = $0 { true } else { false } }.count
        waitBound = (scenario.limits.turnLimit + 1) * (bindings + 1) * scenario.threads.count
        engineSchedule = EngineSchedule { [unowned self] point in self.reach(.engine(point)) }
    }

    // MARK: The controller

    /// Runs the scenario under the schedule; on a problem, lets the workers still waiting go.
    func execute() {
        schedule()
        if problem != nil { abandon() }
    }

    func schedule() {
        for (index, worker) in workers.enumerated() {
            Thread.detachNewThread { [self] in
                EngineSchedule.with(engineSchedule) {
                    for op in worker.program {
                        reach(.begin(op), on: index)
                        if isAbandoned { break }
                        perform(op)
                    }
                }
                worker.isDone = true
                yielded.signal()
            }
        }
        for _ in workers {
            guard waitForYield() else { return }
        }
        var current: Int?
        while problem == nil {
            let enabled = workers.indices.filter { !workers[$0].isDone && isEnabled(workers[$0].pending!) }
            if enabled.isEmpty {
                if let stuck = workers.firstIndex(where: { !$0.isDone }) {
                    fail("deadlock: thread \(stuck + 1) waits at \(workers[stuck].pending!) and nobody can go on")
                    return
                }
                break
            }
            let runningCouldGoOn = current.map(enabled.contains) ?? false
            let order = runningCouldGoOn ? [current!] + enabled.filter { $0 != current } : enabled
            var position = 0
            if choices.count < prefix.count {
                guard let replayed = order.firstIndex(of: prefix[choices.count]) else {
                    fail("the run did not repeat its schedule (the engine's behaviour depends on more than the schedule)")
                    return
                }
                position = replayed
            }
            let choice = Choice(order: order, position: position, runningCouldGoOn: runningCouldGoOn)
            choices.append(choice)
            clock += 1
            if clock > scenario.stepBound {
                fail("livelock: more than \(scenario.stepBound) steps")
                return
            }
            if let bound = scenario.queueBound {
                let queued = scenario.serializer ? serializerQueued?() ?? 0 : subject?.unsynchronizedQueuedCount ?? 0
                if queued > bound {
                    fail("\(queued) events queued, past the flood bound of \(bound) (a sender did not wait for room)")
                    return
                }
            }
            let chosen = choice.chosen
            trace.append("t\(chosen + 1): \(workers[chosen].pending!)")
            current = chosen
            running = chosen
            workers[chosen].turn.signal()
            guard waitForYield() else { return }
        }
        guard problem == nil else { return }
        if let problem = contractProblem() { fail(problem) }
    }

    /// Waits for the running worker to reach its next point or finish; false (and a problem)
    /// when it blocks where no point is, which the schedule cannot see.
    func waitForYield() -> Bool {
        if yielded.wait(timeout: .now() + 20) == .success { return true }
        fail("thread \(running + 1) blocked outside the engine's points for 20 s (a wait the schedule cannot see)")
        return false
    }

    func isEnabled(_ point: Point) -> Bool {
        switch point {
        case .begin(.cancel(let id)): return tokens[id] != nil
        case .engine(.lock(let word)): return word.pointee & 1 == 0
        case .engine(.mutexLock(let isFree)): return isFree()
        case .begin(.send), .begin(.finish): return !scenario.serializer || created != nil
        case .engine(.park(let parker)): return parker.grant != .none
        default: return true
        }
    }

    func fail(_ message: String) {
        if problem == nil { problem = message }
    }

    /// Set (by the controller) when the run stops early, on a problem: the workers still
    /// waiting for a turn are let go and run on freely, recording nothing, so that no thread
    /// waits for a turn that never comes.
    var isAbandoned = false

    /// Ends the run early (on the controller): lets every worker still waiting go on.
    func abandon() {
        isAbandoned = true
        for worker in workers where !worker.isDone { worker.turn.signal() }
    }

    func describe(_ problem: String) -> String {
        (["\(scenario.name): \(problem)", "schedule (thread: point):"] + trace.map { "  " + $0 }).joined(separator: "\n")
    }

    // MARK: The workers

    /// Stops the running worker at `point` until it is given the turn again.
    func reach(_ point: Point, on index: Int? = nil) {
        switch point {
        case .engine(.park(let parker)): parkedSince[ObjectIdentifier(parker)] = handlerCalls
        case .engine(.wake(let parker)): parkedSince[ObjectIdentifier(parker)] = nil
        case .handler:
            handlerCalls += 1
            if let longest = parkedSince.values.min(), handlerCalls - longest > waitBound {
                fail("a parked sender has waited through more than \(waitBound) handler calls (an unbounded wait)")
            }
        default: break
        }
        if isAbandoned { return }
        let worker = workers[index ?? running]
        worker.pending = point
        yielded.signal()
        // A turn comes within a step of the run or when it is abandoned; the limit is for a
        // controller that is gone.
        if worker.turn.wait(timeout: .now() + 600) == .timedOut { isAbandoned = true }
    }

    func perform(_ op: Op) {
        switch op {
        case .send(let value):
            send(value)
        case .bind(let id):
            bindStarted[id] = clock
            let stream = scenario.serializer
                ? Observable<Int>.create(parking: registry, limits: scenario.limits) { [unowned self] observer, queued in
                    self.created = observer
                    self.serializerQueued = queued
                    return AnyCancellable {}
                }
                : isB(binding: id) ? subjectB!.asObservable() : subject?.asObservable() ?? property!.asObservable()
            // The handler captures a witness the run holds weakly: what a handler captures must
            // live until it returns, even if it cancels its own binding.
            let witness = Witness()
            witnesses[id] = WeakWitness(witness)
            let token = stream.bind(
                onValue: { [unowned self, witness] value in withExtendedLifetime(witness) { self.handle(id, .value(value)) } },
                onFinish: { [unowned self, witness] in withExtendedLifetime(witness) { self.handle(id, .finish) } }
            )
            if isAbandoned { return }
            tokens[id] = token
            bindReturned[id] = clock
        case .cancel(let id):
            cancel(id)
        case .finish:
            finish()
        case .modify(let delta?):
            property!.modify { $0 += delta }
        case .modify(nil):
            _ = property!.update { _ in false }
        }
    }

    func send(_ value: Int) {
        sendStarted[value] = clock
        if let created { created.send(value) } else if isB(value: value) { subjectB!.send(value) } else if let subject { subject.send(value) } else { property!.value = value }
        sendReturned[value] = clock
    }

    func cancel(_ id: Int) {
        cancelStarted[id] = cancelStarted[id] ?? clock
        tokens[id]?.cancel()
        if cancelReturned[id] == nil {
            cancelReturned[id] = clock
            lateEntries[id] = Set(workers.indices.filter { index in
                guard index != running, case .handler(id, _)? = workers[index].pending else { return false }
                return true
            })
        }
    }

    func finish() {
        finishStarted = finishStarted ?? clock
        if let created { created.finish() } else { subject?.finish() }
    }

    /// Whether binding `id` binds the second subject (a `twoSubjects` scenario).
    func isB(binding id: Int) -> Bool { subjectB != nil && id >= 10 }

    /// Whether `value` is sent into the second subject (a `twoSubjects` scenario; not the probe).
    func isB(value: Int) -> Bool { subjectB != nil && value >= 100 && value < 1_000_000 }

    func handle(_ id: Int, _ event: Received) {
        if isAbandoned { return }
        if isProbing {
            received[id, default: []].append(event)
            return
        }
        reach(.handler(binding: id, event: event.description))
        if isAbandoned { return }
        let stream = isB(binding: id)
        if let other = inHandler[stream] {
            fail("b\(id)'s handler runs while b\(other)'s has not returned: deliveries overlap")
        }
        if cancelReturned[id] != nil, lateEntries[id]?.remove(running) == nil {
            fail("b\(id) received \(event) after its cancel returned, and not in a delivery that had begun before")
        }
        if received[id, default: []].last == .finish { fail("b\(id) received \(event) after its finish") }
        inHandler[stream] = id
        received[id, default: []].append(event)
        if case .value(let value) = event, let reaction = scenario.reactions[id]?[value] {
            switch reaction {
            case .send(let sent): send(sent)
            case .sendMany(let sent): for value in sent { send(value) }
            case .cancel(let other): cancel(other)
            case .finish: finish()
            }
            if witnesses[id]?.object == nil { fail("b\(id)'s handler's captures were freed while it ran") }
        }
        inHandler[stream] = nil
    }

    // MARK: The contract

    /// What the finished run broke, if anything.
    func contractProblem() -> String? {
        if scenario.serializer { return serializerProblem() }
        if let subject, subject.queuedCount != 0 { return "\(subject.queuedCount) events left queued with nobody draining (a stall)" }
        if let property, property.queuedCount != 0 { return "\(property.queuedCount) writes left queued with nobody draining (a stall)" }
        if (subject?.parkedSenderCount ?? property!.parkedSenderCount) != 0 { return "a sender is still parked" }
        if subject?.isDelivering ?? property!.isDelivering { return "the drainer role was never given back" }
        if let subjectB {
            if subjectB.queuedCount != 0 { return "\(subjectB.queuedCount) events left queued in the second subject (a stall)" }
            if subjectB.parkedSenderCount != 0 { return "a sender is still parked in the second subject" }
            if subjectB.isDelivering { return "the second subject's drainer role was never given back" }
        }
        // Every binding bound and never cancelled is live, and no other: a cancel that did not
        // find its binding (in the table it moved in) leaves it counted.
        if finishStarted == nil {
            let live = bindReturned.keys.filter { cancelStarted[$0] == nil }
            let counted = (subject?.bindingCount ?? property!.bindingCount) + (subjectB?.bindingCount ?? 0)
            if counted != live.count { return "\(counted) live bindings counted, but \(live.count) bound and never cancelled (a cancel that did not remove its binding)" }
        }
        for (id, events) in received {
            let values = events.compactMap { if case .value(let value) = $0 { value } else { nil } }
            if !writesModify, Set(values).count != values.count { return "b\(id) received a value twice: \(events)" }
            if events.filter({ $0 == .finish }).count > 1 { return "b\(id) received two finishes: \(events)" }
            for (offset, value) in values.enumerated() {
                guard let returned = sendReturned[value], let started = bindStarted[id], returned < started else { continue }
                if property != nil && offset == 0 { continue }   // the replay of the current value
                return "b\(id) received \(value), sent before its bind began: \(events)"
            }
            for sends in programSends {
                let order = values.filter(sends.contains)
                if order != sends.filter(order.contains) { return "b\(id) received one thread's values out of order: \(events)" }
            }
        }
        for (id, bound) in bindReturned where cancelStarted[id] == nil {
            let events = received[id] ?? []
            for (value, started) in sendStarted where started > bound && isB(value: value) == isB(binding: id) {
                if let finish = finishStarted, sendReturned[value].map({ $0 >= finish }) ?? true { continue }
                if !events.contains(.value(value)) { return "b\(id) never received \(value), sent after its bind returned (a lost value): \(events)" }
            }
            if finishStarted != nil, events.last != .finish { return "b\(id) did not end with a finish: \(events)" }
        }
        return probeProblem()
    }

    /// The checks that apply to a serializer's one binding (its queue and role are not visible).
    func serializerProblem() -> String? {
        for (id, events) in received {
            let values = events.compactMap { if case .value(let value) = $0 { value } else { nil } }
            if Set(values).count != values.count { return "b\(id) received a value twice: \(events)" }
            if events.filter({ $0 == .finish }).count > 1 { return "b\(id) received two finishes: \(events)" }
            for sends in programSends {
                let order = values.filter(sends.contains)
                if order != sends.filter(order.contains) { return "b\(id) received one thread's values out of order: \(events)" }
            }
        }
        for (id, bound) in bindReturned where cancelStarted[id] == nil {
            let events = received[id] ?? []
            for (value, started) in sendStarted where started > bound {
                if let finish = finishStarted, sendReturned[value].map({ $0 >= finish }) ?? true { continue }
                if !events.contains(.value(value)) { return "b\(id) never received \(value), sent after its bind returned (a lost value): \(events)" }
            }
            if finishStarted != nil, events.last != .finish { return "b\(id) did not end with a finish: \(events)" }
        }
        guard finishStarted == nil, let created, let id = bindReturned.keys.first, cancelStarted[id] == nil else { return nil }
        isProbing = true
        created.send(1_000_000)
        if received[id]?.last != .value(1_000_000) {
            return "b\(id) did not receive a send made after every thread returned (the drainer role was not given back): \(received[id] ?? [])"
        }
        return nil
    }

    /// A write from outside the schedule, after everything returned: every live binding must
    /// receive it before the write returns (the drainer role was given back).
    func probeProblem() -> String? {
        let probe = 1_000_000
        let live = bindReturned.keys.filter { cancelStarted[$0] == nil }
        if finishStarted != nil { return nil }
        isProbing = true
        if let subject { subject.send(probe) } else { property!.value = probe }
        subjectB?.send(probe)
        for id in live where received[id]?.last != .value(probe) {
            return "b\(id) did not receive a send made after every thread returned (the drainer role was not given back): \(received[id] ?? [])"
        }
        return nil
    }
}

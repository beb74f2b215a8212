import Signals
import Testing

/// Every interleaving of small scenarios, run on the engine's pure transitions
/// (`StreamState`) by `InterleavingExplorer`, with the contract checked after every step:
/// bounded progress (no livelock, no deadlock), FIFO per sender, exactly the values sent after
/// bind, nothing after a cancel on the delivering thread, a property's replay once, finish last
/// and once, the flood bound, one handler at a time, and late-binder work amortized O(1).
///
/// Each scenario's count of interleavings is printed (`swift test --filter
/// EngineExplorationTests` shows them) and checked against a floor, so that a change that
/// silently shrinks the search fails.
/// Time limit: the explorer waits on nothing, but a livelock in the search itself (or a scenario
/// grown too large) fails by name instead of holding up the suite.
///
/// Serialized, each search on a thread of its own: the explorations are CPU-bound for tens of
/// seconds, so one at a time leaves the other core to the rest of the parallel run, and none
/// holds a thread of the cooperative pool (two on a 2-core host) that the waiting tests queue for.
@Suite(.deadlockWatchdog, .serialized, .timeLimit(.minutes(10))) struct EngineExplorationTests {
    typealias Scenario = InterleavingExplorer.Scenario

    static var scenarios: [(Scenario, minimumInterleavings: UInt64)] { InterleavingExplorer.scenarios }

    @Test(arguments: Self.scenarios.indices)
    func everyInterleavingKeepsTheContract(_ index: Int) async {
        let (scenario, minimum) = Self.scenarios[index]
        if scenario.isLarge && FloodTests.isSanitized {
            print("[explorer] \(scenario.name): explored in the plain test run only")
            return
        }
        await Self.expectEveryInterleavingKeepsTheContract(scenario.name, minimum: minimum) {
            InterleavingExplorer.explore(World.self, Self.scenarios[index].0)
        }
    }

    @Test(arguments: InterleavingExplorer.serializerScenarios.indices)
    func everyInterleavingOfASerializerKeepsTheContract(_ index: Int) async {
        let (scenario, minimum) = InterleavingExplorer.serializerScenarios[index]
        await Self.expectEveryInterleavingKeepsTheContract(scenario.name, minimum: minimum) {
            InterleavingExplorer.explore(SerializerWorld.self, InterleavingExplorer.serializerScenarios[index].0)
        }
    }

    /// Runs `explore` (the search of scenario `name`) on a thread of its own, prints its count of
    /// interleavings, and expects no violation and at least `minimum` interleavings. Not under
    /// ThreadSanitizer: the explorer runs the transitions on one thread, where it can find
    /// nothing, and its tens of seconds of CPU would only delay the rest of the parallel run.
    static func expectEveryInterleavingKeepsTheContract(
        _ name: String, minimum: UInt64,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ explore: @escaping @Sendable () -> InterleavingExplorer.Report
    ) async {
        if isThreadSanitized {
            print("[explorer] \(name): explored in the runs without ThreadSanitizer")
            return
        }
        let report = await computeOnAThreadOfItsOwn(explore)
        print("[explorer] \(name): \(report.interleavings) interleavings, \(report.states) states")
        #expect(report.violation == nil, "\(report.violation ?? "")", sourceLocation: sourceLocation)
        #expect(report.interleavings >= minimum, "\(name): only \(report.interleavings) interleavings", sourceLocation: sourceLocation)
    }

    /// The serializer's explorer checks progress too: an operation that needs more steps than
    /// its bound is reported. (Its mutants, S1–S5 in `Scripts/engine/mutants.sh`, show that
    /// it catches broken transitions.)
    @Test func theSerializerExplorerReportsAStepBoundTooSmall() {
        var scenario = SerializerScenario(name: "a bound too small for a send that delivers and drains", threads: [
            [.send(1), .send(2)],
            [.send(3)],
        ])
        scenario.stepBound = 1
        let report = InterleavingExplorer.explore(SerializerWorld.self, scenario)
        #expect(report.violation?.contains("steps") == true)
    }

    /// The search steps copies of a world instead of replaying schedules. A copy shares its
    /// run's sinks and parkers and puts back its own view of them before it steps, so a copy
    /// stepped must be the run replayed with that step, whatever its siblings did to the shared
    /// objects: compared by fingerprint (everything that decides the future) on the first
    /// states of scenarios with cancels past compaction, a late binder, parked senders and
    /// re-entrant sends.
    @Test(arguments: [
        "a cancelled late binder and a plain cancel past compaction",
        "three senders flood a queue of one",
        "property: the drainer parks in another stream while a binder floods this one",
        "a handler sends re-entrantly into a flooded queue",
    ])
    func aCopyOfARunStepsAsTheRunReplayed(_ name: String) throws {
        let scenario = try #require(Self.scenarios.first { $0.0.name == name }?.0)
        Self.expectCopiesStepAsTheRunReplayed(World.self, scenario)
    }

    /// The same for a `Serializer`'s runs, whose copies share their parkers.
    @Test(arguments: [
        "serializer: three senders flood a queue of one",
        "serializer: a handler sends re-entrantly while another thread floods",
    ])
    func aCopyOfASerializerRunStepsAsTheRunReplayed(_ name: String) throws {
        let scenario = try #require(InterleavingExplorer.serializerScenarios.first { $0.0.name == name }?.0)
        Self.expectCopiesStepAsTheRunReplayed(SerializerWorld.self, scenario)
    }

    /// Walks the first `budget` steps of `scenario`'s state graph depth first, stepping copies
    /// as the search does, and expects each copy stepped to have the fingerprint and problem of
    /// the run replayed from the start with the same schedule.
    static func expectCopiesStepAsTheRunReplayed<W: ExploredWorld>(
        _ world: W.Type, _ scenario: W.Scenario, budget: Int = 400,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var compared = 0
        var mismatch: String?
        func walk(_ world: W, _ schedule: [Int]) {
            guard compared < budget, mismatch == nil, world.problem == nil else { return }
            for thread in world.enabledThreads() where mismatch == nil {
                let next = world.copy()
                next.activate()
                next.step(thread)
                let replayed = W(scenario)
                for step in schedule + [thread] { replayed.step(step) }
                compared += 1
                if next.fingerprint() != replayed.fingerprint() || next.problem != replayed.problem {
                    mismatch = "\(scenario.name): after \(schedule + [thread]), the copy is \(next.fingerprint()), the run replayed \(replayed.fingerprint())"
                    return
                }
                walk(next, schedule + [thread])
            }
        }
        walk(W(scenario), [])
        #expect(mismatch == nil, "\(mismatch ?? "")", sourceLocation: sourceLocation)
        #expect(compared >= budget, "\(scenario.name): only \(compared) steps compared", sourceLocation: sourceLocation)
    }

    /// The explorer is not vacuous: a transition that breaks the contract is caught.
    @Test func theExplorerReportsAnOperationThatTakesMoreStepsThanItsBound() {
        var scenario = Scenario(name: "a bound too small for a send that delivers and drains", threads: [
            [.bind(1), .send(1)],
            [.send(2)],
        ])
        scenario.stepBound = 2  // far too few steps for an operation that delivers and drains
        let report = InterleavingExplorer.explore(scenario)
        #expect(report.violation?.contains("steps") == true)
    }
}

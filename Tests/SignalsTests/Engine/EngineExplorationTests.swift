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
@Suite struct EngineExplorationTests {
    typealias Scenario = InterleavingExplorer.Scenario

    static let scenarios: [(Scenario, minimumInterleavings: UInt64)] = [
        (Scenario(name: "two senders into one binding", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
        ]), 10),
        (Scenario(name: "a bind races two sends", threads: [
            [.bind(1), .send(1)],
            [.send(2), .bind(2), .send(3)],
        ]), 10),
        (Scenario(name: "a handler sends re-entrantly while another thread sends and binds", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .bind(2)],
        ], reactions: [1: [1: .send(10)]]), 10),
        (Scenario(name: "a handler cancels a later binding while another thread sends", threads: [
            [.bind(1), .bind(2), .send(1)],
            [.send(2), .send(3)],
        ], reactions: [1: [1: .cancel(2)]]), 10),
        (Scenario(name: "finish races a send and a bind", threads: [
            [.bind(1), .send(1), .finish],
            [.send(2), .bind(2)],
        ]), 10),
        (Scenario(name: "three senders flood a queue of one", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
            [.send(5)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 100),
        (Scenario(name: "a handler sends re-entrantly into a flooded queue", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
        ], reactions: [1: [1: .send(10), 3: .send(30)]], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 10),
        (Scenario(name: "property: binds and cancels race writes (replays)", property: 0, threads: [
            [.send(1), .send(2)],
            [.bind(1), .cancel(1), .bind(2)],
        ]), 10),
        // The livelock's shape: a property written in a loop while other threads bind and cancel
        // (zip churners). On the old transitions the late-binder scan is quadratic and replays
        // skip the flood gate.
        (Scenario(name: "property churn: a writer and two bind/cancel churners", property: 0, threads: [
            [.send(1), .send(2)],
            [.bind(1), .cancel(1), .bind(2)],
            [.bind(3)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 1000),
        // The stall's shape: a subject's stable binding while churners bind and cancel and
        // another thread sends.
        (Scenario(name: "subject churn: a stable binding, a sender and a churner", threads: [
            [.bind(1), .send(1), .send(2)],
            [.bind(2), .cancel(2), .bind(3)],
            [.send(3)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 1000),
        // The late-binder scan's shape: two churners bind and cancel while a handler has three
        // values queued. On the old transitions every queued value rescans the cancelled
        // late binders.
        (Scenario(name: "churners bind and cancel while three values wait", threads: [
            [.bind(1), .send(1)],
            [.bind(2), .cancel(2)],
            [.bind(3), .cancel(3)],
        ], reactions: [1: [1: .sendMany([10, 11, 12])]], limits: FloodLimits(queueLimit: 4, resumeBelow: 2, turnLimit: 8), isLarge: true), 1000),
        (Scenario(name: "finish from a handler while a flooded sender waits", threads: [
            [.bind(1), .send(1)],
            [.send(3), .finish],
            [.bind(2), .send(4)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 1000),
    ]

    @Test(arguments: Self.scenarios.indices)
    func everyInterleavingKeepsTheContract(_ index: Int) {
        let (scenario, minimum) = Self.scenarios[index]
        if scenario.isLarge && FloodTests.isSanitized {
            print("[explorer] \(scenario.name): explored in the plain test run only")
            return
        }
        let report = InterleavingExplorer.explore(scenario)
        print("[explorer] \(scenario.name): \(report.interleavings) interleavings, \(report.states) states")
        #expect(report.violation == nil, "\(report.violation ?? "")")
        #expect(report.interleavings >= minimum, "\(scenario.name): only \(report.interleavings) interleavings")
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

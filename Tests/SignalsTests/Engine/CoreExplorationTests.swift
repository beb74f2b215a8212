import Signals
import Testing

/// The engine's own code (`Subject`, `Property` and their `StreamCore`), run from real threads
/// by `CoreExplorer` through every schedule of each scenario up to its preemption bound, with
/// the contract checked after each run. Serialized, each search on a thread of its own (so that
/// the cooperative pool is never held by a search); not under a sanitizer, which would multiply the thousands of runs'
/// thread hand-overs for nothing the plain runs miss.
@Suite(.deadlockWatchdog, .serialized, .timeLimit(.minutes(10))) struct CoreExplorationTests {
    @Test(arguments: CoreExplorer.scenarios.indices)
    func everyScheduleOfTheRealCoreKeepsTheContract(_ index: Int) async {
        let (scenario, minimum) = CoreExplorer.scenarios[index]
        if FloodTests.isSanitized {
            print("[core explorer] \(scenario.name): explored in the runs without a sanitizer")
            return
        }
        let report = await computeOnAThreadOfItsOwn { CoreExplorer.explore(CoreExplorer.scenarios[index].0) }
        print("[core explorer] \(scenario.name): \(report.schedules) schedules\(report.isComplete ? "" : ", stopped at the limit")")
        #expect(report.violation == nil, "\(report.violation ?? "")")
        #expect(report.schedules >= minimum, "\(scenario.name): only \(report.schedules) schedules")
    }
}

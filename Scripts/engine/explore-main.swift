// The real-core explorer (CoreExplorer) as a program of its own, for Scripts/engine/mutants.sh:
// built with the Signals sources into one module (no SwiftPM, no test framework), so that a
// planted bug costs one compile of ~80 files instead of a rebuild of the package and its tests.
// Runs every scenario (or those whose name contains the first argument); exits 1 on the first
// scenario that reports a violation, printing it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct ExploreMain {
    static func main() {
        exit(exploreCore(filter: CommandLine.arguments.dropFirst().first) ? 0 : 1)
    }

    /// Runs every schedule of each core scenario whose name contains `filter`; false on the
    /// first violation (printed) or a search smaller than its floor.
    static func exploreCore(filter: String?) -> Bool {
        for (scenario, minimum) in CoreExplorer.scenarios {
            if let filter, !scenario.name.contains(filter) { continue }
            let report = CoreExplorer.explore(scenario)
            print("[core explorer] \(scenario.name): \(report.schedules) schedules")
            if let violation = report.violation {
                print("VIOLATION \(violation)")
                return false
            }
            if report.schedules < minimum {
                print("VIOLATION \(scenario.name): only \(report.schedules) schedules, fewer than \(minimum)")
                return false
            }
        }
        return true
    }

}

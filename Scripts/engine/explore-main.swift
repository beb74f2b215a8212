// The interleaving explorer as a program of its own, for Scripts/engine/mutants.sh: built with
// the Signals sources into one module (no SwiftPM, no test framework), so that a planted bug
// costs one compile of ~80 files instead of a rebuild of the package and its tests.
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
        let filter = CommandLine.arguments.dropFirst().first
        var failed = false
        for (scenario, minimum) in InterleavingExplorer.scenarios {
            if let filter, !scenario.name.contains(filter) { continue }
            let report = InterleavingExplorer.explore(scenario)
            print("[explorer] \(scenario.name): \(report.interleavings) interleavings, \(report.states) states")
            if let violation = report.violation {
                print("VIOLATION \(violation)")
                failed = true
                break
            }
            if report.interleavings < minimum {
                print("VIOLATION \(scenario.name): only \(report.interleavings) interleavings, fewer than \(minimum)")
                failed = true
                break
            }
        }
        exit(failed ? 1 : 0)
    }
}

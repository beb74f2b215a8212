#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Signals against OpenCombine, same workloads, same process. See README.md.
//
//   swift run -c release --package-path Benchmarks [SignalsBenchmarks [--quick] [--json [PATH]] [--only 1,3]]

let usage = """
usage: SignalsBenchmarks [--quick] [--json [PATH]] [--only ID,ID…]
  --quick        smaller counts and shorter repetitions (under a minute)
  --json [PATH]  write the table as JSON to PATH, or to standard output if no PATH
  --only IDS     run only the listed workloads (e.g. --only 1,5)
"""

var configuration = Configuration()
var jsonDestination: String?? = nil   // .some(nil): standard output
var selected: Set<String>?

var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case memoryChildFlag:
        guard let library = arguments.popFirst(), runMemoryChild(library: library) else { exit(2) }
        exit(0)
    case "--profile":
        guard let name = arguments.popFirst(), let body = profiles[name],
              let iterations = arguments.popFirst().flatMap({ Int($0) })
        else {
            progress("usage: --profile NAME ITERATIONS; names: \(profiles.keys.sorted().joined(separator: " "))")
            exit(2)
        }
        let elapsed = body(iterations)
        progress("\(name): \(format(Double(elapsed) / Double(iterations))) ns per iteration; checksum \(checksum)")
        exit(0)
    case "--quick":
        configuration.quick = true
    case "--json":
        if let path = arguments.first, !path.hasPrefix("--") {
            arguments.removeFirst()
            jsonDestination = .some(path)
        } else {
            jsonDestination = .some(nil)
        }
    case "--only":
        guard let list = arguments.popFirst() else {
            progress(usage)
            exit(2)
        }
        selected = Set(list.split(separator: ",").map(String.init))
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        if argument.hasPrefix("--json=") {
            jsonDestination = .some(String(argument.dropFirst("--json=".count)))
        } else {
            progress("unknown argument: \(argument)\n\(usage)")
            exit(2)
        }
    }
}

progress("Signals vs OpenCombine (\(configuration.quick ? "quick" : "full") mode); progress on stderr, table on stdout")
let started = now()
var rows: [Row] = []
for workload in workloads where selected?.contains(workload.id) ?? true {
    rows += workload.run(configuration)
}
let table = renderTable(rows, configuration: configuration)
progress("done in \(format(Double(now() - started) / 1e9)) s; checksum \(checksum)")

switch jsonDestination {
case .some(.none):
    progress(table)
    print(renderJSON(rows, configuration: configuration))
case .some(.some(let path)):
    print(table)
    guard writeFile(renderJSON(rows, configuration: configuration) + "\n", toPath: path) else {
        progress("error: cannot write \(path)")
        exit(1)
    }
    progress("JSON written to \(path)")
case .none:
    print(table)
}

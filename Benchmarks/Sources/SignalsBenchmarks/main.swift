#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Signals against OpenCombine, same workloads, same process. See README.md.
//
//   swift run -c release --package-path Benchmarks [SignalsBenchmarks [--quick] [--json [PATH]] [--only 1,3] [--threads 1,2]]

let usage = """
usage: SignalsBenchmarks [--quick] [--json [PATH]] [--only ID,ID…] [--threads 1|2|1,2]
       SignalsBenchmarks [--threads 1|2] --profile NAME ITERATIONS
  --quick        smaller counts and shorter repetitions (under a minute per mode)
  --json [PATH]  write the table as JSON to PATH, or to standard output if no PATH
  --only IDS     run only the listed workloads (e.g. --only 1,5)
  --threads M    1: the process as started; 2: a parked thread started first, as in every app.
                 A run measures each workload in a fresh child process per mode (default 1,2);
                 --profile runs in this process (default 1)
"""

var configuration = Configuration()
var jsonDestination: String?? = nil   // .some(nil): standard output
var selected: Set<String>?
var threadModes: [Int]?
var profileRequest: (name: String, iterations: Int)?
var childWorkload: String?

var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case memoryChildFlag:
        guard let library = arguments.popFirst(), runMemoryChild(library: library) else { exit(2) }
        exit(0)
    case workloadChildFlag:
        guard let id = arguments.popFirst() else { exit(2) }
        childWorkload = id
    case "--profile":
        guard let name = arguments.popFirst(), profiles[name] != nil,
              let iterations = arguments.popFirst().flatMap({ Int($0) })
        else {
            progress("usage: --profile NAME ITERATIONS; names: \(profiles.keys.sorted().joined(separator: " "))")
            exit(2)
        }
        profileRequest = (name, iterations)
    case "--threads":
        guard let modes = arguments.popFirst().flatMap(parseThreadModes) else {
            progress("--threads takes 1, 2 or 1,2\n\(usage)")
            exit(2)
        }
        threadModes = modes
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

if let (name, iterations) = profileRequest, let body = profiles[name] {
    let profileModes = threadModes ?? [1]
    guard profileModes.count == 1 else {
        progress("--profile runs in one mode: --threads 1 or --threads 2")
        exit(2)
    }
    enterThreadMode(profileModes[0])
    let elapsed = body(iterations)
    progress("\(name): \(format(Double(elapsed) / Double(iterations))) ns per iteration; checksum \(checksum); threads \(profileModes[0])")
    exit(0)
}

if let id = childWorkload {
    guard let modes = threadModes, modes.count == 1 else { exit(2) }
    enterThreadMode(modes[0])
    exit(runWorkloadChild(id: id, configuration: configuration) ? 0 : 2)
}

let modes = threadModes ?? [1, 2]
progress("Signals vs OpenCombine (\(configuration.quick ? "quick" : "full") mode, threads \(modes.map(String.init).joined(separator: " and "))); progress on stderr, table on stdout")
let started = now()
var rows: [Row] = []
#if os(Linux)
for workload in workloads where selected?.contains(workload.id) ?? true {
    rows += runInChildren(workload, modes: modes, configuration: configuration)
}
#else
// No child processes here (see `runChild`): each mode in this process, 1 before 2, since a
// started thread cannot be taken back.
for threads in modes {
    enterThreadMode(threads)
    for workload in workloads where selected?.contains(workload.id) ?? true {
        rows += workload.run(configuration).map { row in
            var row = row
            row.threads = threads
            return row
        }
    }
}
#endif
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

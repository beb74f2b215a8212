#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The two modes every workload runs in (README.md, "Threads").
//
// A process that has never started a second thread is not how apps run. glibc then takes
// shortcuts: its `pthread_mutex_lock` and other low-level locks skip the `lock` prefix (no
// other thread can race), while a hand-written futex lock (`lock cmpxchg`) pays for it either
// way. Every app has more than one thread, so the figure that matters is the one measured
// after a second thread has started. The benchmark reports both: "1" (the process as the
// harness starts it) and "2" (one more thread started and parked for the life of the process,
// before anything is measured).

/// Starts one more thread that parks for the rest of the process (blocked in `pause()`, using
/// no CPU), so the process is multi-threaded from here on, as an app's is.
func startParkedThread() {
    #if canImport(Glibc)
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { _ in
        while true { pause() }
    }, nil)
    #elseif canImport(Darwin)
    var thread: pthread_t?
    let result = pthread_create(&thread, nil, { _ in
        while true { pause() }
    }, nil)
    #endif
    guard result == 0 else {
        progress("error: cannot start the parked thread (pthread_create: \(result))")
        exit(1)
    }
}

/// The number of threads in this process (`Threads:` in `/proc/self/status`), or `nil` where
/// there is no `/proc`.
func processThreadCount() -> Int? {
    let descriptor = open("/proc/self/status", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Threads:") {
        return Int(line.dropFirst("Threads:".count).trimmingPrefix(while: { $0 == " " || $0 == "\t" }))
    }
    return nil
}

/// Puts this process in the given mode: 1 leaves it as it is, 2 starts a parked thread. Reports
/// how many threads the process then has, so a thread started by something else shows.
func enterThreadMode(_ threads: Int) {
    if threads >= 2 {
        for _ in 1..<threads { startParkedThread() }
    }
    progress("  threads in this process: \(processThreadCount().map(String.init) ?? "unknown")")
}

/// A "threads" argument: `1`, `2` or `1,2`.
func parseThreadModes(_ text: String) -> [Int]? {
    let modes = text.split(separator: ",").map { Int($0) }
    guard !modes.isEmpty, modes.allSatisfy({ $0 == 1 || $0 == 2 }) else { return nil }
    return modes.compactMap { $0 }.sorted()
}

// MARK: Workloads in child processes

/// The hidden flag that makes the binary run one workload in the given mode and print its rows.
let workloadChildFlag = "--workload-child"

/// One row as a line of tab-separated fields, for a parent process to read back.
func encodeRow(_ row: Row) -> String {
    func number(_ value: Double?) -> String { value.map { String($0) } ?? "-" }
    return [
        "row", row.id, row.name, row.unit,
        number(row.signals), number(row.openCombine), number(row.floor),
        number(row.target?.maximum), number(row.target?.maximumRatio),
        row.showsRatio ? "1" : "0", row.note,
    ].joined(separator: "\t")
}

/// The row that `encodeRow` wrote, in the given mode.
func decodeRow(_ line: Substring, threads: Int) -> Row? {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 11, fields[0] == "row" else { return nil }
    func number(_ text: String) -> Double? { text == "-" ? nil : Double(text) }
    let maximum = number(fields[7])
    let maximumRatio = number(fields[8])
    return Row(
        id: fields[1], name: fields[2], unit: fields[3],
        signals: number(fields[4]), openCombine: number(fields[5]), floor: number(fields[6]),
        target: maximum == nil && maximumRatio == nil ? nil : Target(maximum: maximum, maximumRatio: maximumRatio),
        showsRatio: fields[9] == "1", note: fields[10], threads: threads
    )
}

/// Runs one workload in this process (the child's side) and prints its rows and checksum.
func runWorkloadChild(id: String, configuration: Configuration) -> Bool {
    guard let workload = workloads.first(where: { $0.id == id }) else { return false }
    for row in workload.run(configuration) { print(encodeRow(row)) }
    print("checksum\t\(checksum)")
    return true
}

/// Runs `workload` in a fresh child process of this binary in each of `modes`, so that no
/// workload inherits another's threads (workloads 9 and 11 start some) or heap, and returns the
/// rows of both modes interleaved: each row in mode 1, then the same row in mode 2.
func runInChildren(_ workload: Workload, modes: [Int], configuration: Configuration) -> [Row] {
    var perMode: [[Row]] = []
    for threads in modes {
        var arguments = [workloadChildFlag, workload.id, "--threads", String(threads)]
        if configuration.quick { arguments.append("--quick") }
        progress("  [\(threads == 1 ? "1 thread" : "\(threads) threads")]")
        guard let output = runChild(arguments) else {
            progress("error: workload \(workload.id) failed in mode \(threads)")
            perMode.append([])
            continue
        }
        var rows: [Row] = []
        for line in output.split(separator: "\n") {
            if let row = decodeRow(line, threads: threads) {
                rows.append(row)
            } else if line.hasPrefix("checksum\t"), let value = Int(line.dropFirst("checksum\t".count)) {
                checksum &+= value
            }
        }
        perMode.append(rows)
    }
    var rows: [Row] = []
    let longest = perMode.map(\.count).max() ?? 0
    for index in 0..<longest {
        for modeRows in perMode where index < modeRows.count { rows.append(modeRows[index]) }
    }
    return rows
}

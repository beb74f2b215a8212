import Dispatch
import Signals
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Workload 11 (issue 11's "W9"): four threads flood one subject whose handler does ~200
// arithmetic operations per value, for 8 s (1.6 s with --quick). Reports the mean cost of a
// send, the longest single `send()`, and how much the resident memory grew at its peak. Issue
// 11 item 3 requires: longest send ≤ 250 ms, peak RSS growth < 64 MB.

/// What one flood run measured.
struct FloodResult {
    var sends: Int
    var nanosecondsPerSend: Double
    var longestSendNanoseconds: UInt64
    var peakGrowthBytes: Int
}

/// ~200 dependent arithmetic operations, so the handler is slower than a send.
@inline(never)
func floodHandlerWork(_ value: Int) -> Int {
    var x = value
    for _ in 0..<50 {
        x = x &* 31 &+ 7
        x ^= x >> 3
    }
    return x
}

/// A flag the sender threads poll to stop (single-writer, so a relaxed plain load is enough
/// for a benchmark; it sits behind a pointer like `Accumulator`).
final class StopFlag: @unchecked Sendable {
    private let storage = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    init() { storage.initialize(to: false) }
    deinit { storage.deallocate() }
    var isSet: Bool {
        @inline(never) get { storage.pointee }
    }
    func set() { storage.pointee = true }
}

/// Floods one subject from `threads` threads for `seconds`.
func runFlood(threads: Int, seconds: Double) -> FloodResult {
    let subject = Subject<Int>()
    let accumulator = Accumulator()
    let token = subject.asObservable().bind { accumulator.total &+= floodHandlerWork($0) }
    let stop = StopFlag()
    let samplerDone = DispatchSemaphore(value: 0)
    let baseline = residentBytes()
    let peak = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    peak.initialize(to: baseline)
    let sampling = StopFlag()
    nonisolated(unsafe) let peakPointer = peak
    DispatchQueue.global().async {
        while !sampling.isSet {
            peakPointer.pointee = max(peakPointer.pointee, residentBytes())
            usleep(5_000)
        }
        samplerDone.signal()
    }
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: threads)
    let longest = UnsafeMutablePointer<UInt64>.allocate(capacity: threads)
    counts.initialize(repeating: 0, count: threads)
    longest.initialize(repeating: 0, count: threads)
    nonisolated(unsafe) let countPointer = counts
    nonisolated(unsafe) let longestPointer = longest
    let duration = UInt64(seconds * 1e9)
    let start = now()
    DispatchQueue.global().async {
        while now() - start < duration { usleep(10_000) }
        stop.set()
    }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var sent = 0
        var worst: UInt64 = 0
        while !stop.isSet {
            for _ in 0..<64 {
                let before = now()
                subject.send(sent)
                let took = now() - before
                if took > worst { worst = took }
                sent += 1
            }
        }
        countPointer[thread] = sent
        longestPointer[thread] = worst
    }
    let elapsed = now() - start
    sampling.set()
    samplerDone.wait()
    let sends = (0..<threads).reduce(0) { $0 + counts[$1] }
    let result = FloodResult(
        sends: sends,
        nanosecondsPerSend: Double(elapsed) * Double(threads) / Double(max(1, sends)),
        longestSendNanoseconds: (0..<threads).map { longest[$0] }.max() ?? 0,
        peakGrowthBytes: peak.pointee - baseline
    )
    token.cancel()
    consume(accumulator.total)
    counts.deallocate()
    longest.deallocate()
    peak.deallocate()
    return result
}

func floodWorkload(_ configuration: Configuration) -> [Row] {
    progress("11. flood: 4 threads send into one subject, handler ~200 operations (issue 11's W9)")
    let seconds = configuration.quick ? 1.6 : 8.0
    let result = runFlood(threads: 4, seconds: seconds)
    progress("  \(result.sends) sends in \(format(seconds)) s")
    let note = "Signals only; issue 11 item 3 (its W9)"
    return [
        Row(id: "11", name: "flood, 4 threads: thread time per send", unit: "ns/send",
            signals: result.nanosecondsPerSend, showsRatio: false, note: note),
        Row(id: "11", name: "flood, 4 threads: longest single send", unit: "ms",
            signals: Double(result.longestSendNanoseconds) / 1e6,
            target: Target(maximum: 250), showsRatio: false, note: note),
        Row(id: "11", name: "flood, 4 threads: peak RSS growth", unit: "MB",
            signals: Double(result.peakGrowthBytes) / 1_048_576,
            target: Target(maximum: 64), showsRatio: false, note: note),
    ]
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Clock and black hole

/// Monotonic time in nanoseconds.
@inline(never)
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Where handlers put their results, so the optimizer cannot drop the work.
/// One per run; its total is folded into `checksum`, printed at the end.
///
/// The total lives behind a pointer rather than in a stored `var`: a class's stored property
/// written from a closure gets a dynamic exclusivity check (`swift_beginAccess`), which on
/// this machine costs more than a whole delivery and would bury what is being measured, for
/// every library alike.
final class Accumulator {
    private let storage: UnsafeMutablePointer<Int>

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: 0)
    }

    deinit { storage.deallocate() }

    var total: Int {
        @inline(__always) get { storage.pointee }
        @inline(__always) set { storage.pointee = newValue }
    }
}

nonisolated(unsafe) var checksum = 0

/// Folds a result into the checksum that the report prints.
@inline(never)
func consume(_ value: Int) {
    checksum &+= value
}

/// A small deterministic generator, so both libraries see the same "random" order.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: Configuration

struct Configuration {
    var quick = false
    /// Repetitions per measurement; the median is reported.
    var repetitions: Int { 5 }
    /// Each repetition runs at least this long (the operation count is raised to fit).
    var minimumRepetitionNanoseconds: UInt64 { quick ? 40_000_000 : 200_000_000 }
    /// Divides the workloads' nominal operation counts.
    var divisor: Int { quick ? 10 : 1 }

    func count(_ nominal: Int) -> Int { max(1, nominal / divisor) }
}

// MARK: Measuring

/// A measured run: the median and spread of per-operation costs over the repetitions.
struct Measurement {
    var median: Double
    var minimum: Double
    var maximum: Double
    var operations: Int
}

/// Runs `body(iterations)` (which returns the nanoseconds of its timed part) once to warm up
/// and calibrate, then `repetitions` times with at least `nominal` iterations and enough of
/// them for each repetition to take the minimum time. Reports nanoseconds per operation, where
/// one iteration is `operationsPerIteration` operations.
func measure(
    _ label: String,
    nominal: Int,
    operationsPerIteration: Int = 1,
    configuration: Configuration,
    _ body: (Int) -> UInt64
) -> Measurement {
    let warmUpCount = max(1, nominal / 10)
    let warmUp = body(warmUpCount)
    let perIteration = max(Double(warmUp) / Double(warmUpCount), 0.01)
    let needed = Int((Double(configuration.minimumRepetitionNanoseconds) * 1.1 / perIteration).rounded(.up))
    let iterations = max(nominal, needed)
    let operations = Double(iterations * operationsPerIteration)
    var samples: [Double] = []
    for _ in 0..<configuration.repetitions {
        let elapsed = body(iterations)
        samples.append(Double(elapsed) / operations)
    }
    samples.sort()
    let result = Measurement(
        median: samples[samples.count / 2],
        minimum: samples.first!,
        maximum: samples.last!,
        operations: Int(operations)
    )
    progress("  \(label): \(format(result.median)) per op (\(iterations) iterations × \(configuration.repetitions); min \(format(result.minimum)), max \(format(result.maximum)))")
    return result
}

/// Writes a progress line to standard error (standard output is for the report).
func progress(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in
        _ = write(2, bytes.baseAddress, bytes.count)
    }
}

func format(_ value: Double) -> String {
    if value.isNaN { return "-" }
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return String(Double(Int((value * 10).rounded())) / 10) }
    return String(Double(Int((value * 100).rounded())) / 100)
}

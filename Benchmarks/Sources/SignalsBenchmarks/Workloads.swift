import SignalsPhotoData
/// One numbered workload: runs on both libraries and returns its rows of the report.
struct Workload: Sendable {
    var id: String
    var run: @Sendable (Configuration) -> [Row]
}

/// Every workload, in report order. Adding one is adding a function and a line here.
let workloads: [Workload] = [
    Workload(id: "1", run: sendChainWorkload),
    Workload(id: "2", run: fanOutWorkload),
    Workload(id: "3", run: bindCancelWorkload),
    Workload(id: "4", run: randomCancelWorkload),
    Workload(id: "5", run: propertySetWorkload),
    Workload(id: "6", run: combineLatestWorkload),
    Workload(id: "7", run: flatMapLatestWorkload),
    Workload(id: "8", run: memoryWorkload),
    Workload(id: "9", run: searchViewModelWorkload),
    Workload(id: "10", run: catalogWorkload),
    Workload(id: "11", run: floodWorkload),
    Workload(id: "12", run: activityWorkload),
    Workload(id: "13", run: pagingWorkload),
    Workload(id: "14", run: flatMapMaxConcurrentWorkload),
    Workload(id: "15", run: contendedSendWorkload),
]

func sendChainWorkload(_ configuration: Configuration) -> [Row] {
    progress("1. send through subject → map → filter → bind")
    let sends = configuration.count(10_000_000)
    let signals = measure("Signals", nominal: sends, configuration: configuration, SignalsRuns.sendChain)
    let openCombine = measure("OpenCombine", nominal: sends, configuration: configuration, OpenCombineRuns.sendChain)
    let floor = measure("closures", nominal: sends, configuration: configuration, Floors.sendChain)
    return [Row(
        id: "1", name: "send map/filter/bind", unit: "ns/send",
        signals: signals.median, openCombine: openCombine.median, floor: floor.median,
        target: Target(maximum: 60, maximumRatio: 0.25)
    )]
}

func fanOutWorkload(_ configuration: Configuration) -> [Row] {
    progress("2. fan-out: one subject, 100 bindings")
    let bindings = 100
    let sends = configuration.count(100_000)
    func run(_ body: @escaping (Int, Int) -> UInt64) -> (Int) -> UInt64 {
        { body($0, bindings) }
    }
    let signals = measure("Signals", nominal: sends, operationsPerIteration: bindings, configuration: configuration,
                          run(SignalsRuns.fanOut))
    let openCombine = measure("OpenCombine", nominal: sends, operationsPerIteration: bindings, configuration: configuration,
                              run(OpenCombineRuns.fanOut))
    let floor = measure("closures", nominal: sends, operationsPerIteration: bindings, configuration: configuration,
                        run(Floors.fanOut))
    return [Row(
        id: "2", name: "fan-out ×100, per delivery", unit: "ns/delivery",
        signals: signals.median, openCombine: openCombine.median, floor: floor.median,
        target: Target(maximum: 25, maximumRatio: 0.15)
    )]
}

func bindCancelWorkload(_ configuration: Configuration) -> [Row] {
    progress("3. bind + cancel on one subject")
    let pairs = configuration.count(1_000_000)
    let signals = measure("Signals", nominal: pairs, configuration: configuration, SignalsRuns.bindCancel)
    let openCombine = measure("OpenCombine", nominal: pairs, configuration: configuration, OpenCombineRuns.bindCancel)
    return [Row(
        id: "3", name: "bind + cancel pair", unit: "ns/pair",
        signals: signals.median, openCombine: openCombine.median,
        target: Target(maximum: 400, maximumRatio: 0.2)
    )]
}

func randomCancelWorkload(_ configuration: Configuration) -> [Row] {
    progress("4. cancel bindings in random order (and, for reference, in the order made)")
    func run(_ count: Int, _ order: [Int]) -> (signals: Measurement, openCombine: Measurement) {
        let signals = measure("Signals \(count)", nominal: 1, configuration: configuration) {
            SignalsRuns.randomCancel(order: order, rounds: $0)
        }
        let openCombine = measure("OpenCombine \(count)", nominal: 1, configuration: configuration) {
            OpenCombineRuns.randomCancel(order: order, rounds: $0)
        }
        return (signals, openCombine)
    }
    let large = run(100_000, randomOrder(100_000))
    let small = run(10_000, randomOrder(10_000))
    progress("  in the order made:")
    let largeInOrder = run(100_000, Array(0..<100_000))
    let smallInOrder = run(10_000, Array(0..<10_000))
    return [
        Row(
            id: "4", name: "cancel 100k bindings, random order", unit: "ms total",
            signals: large.signals.median / 1e6, openCombine: large.openCombine.median / 1e6,
            target: Target(maximum: 40)
        ),
        Row(
            id: "4", name: "cancel 10k bindings, random order", unit: "ms total",
            signals: small.signals.median / 1e6, openCombine: small.openCombine.median / 1e6
        ),
        Row(
            id: "4", name: "growth 100k / 10k, random (10 = linear)", unit: "×",
            signals: large.signals.median / small.signals.median,
            openCombine: large.openCombine.median / small.openCombine.median,
            target: Target(maximum: 20), showsRatio: false
        ),
        Row(
            id: "4", name: "growth 100k / 10k, in order made", unit: "×",
            signals: largeInOrder.signals.median / smallInOrder.signals.median,
            openCombine: largeInOrder.openCombine.median / smallInOrder.openCombine.median,
            showsRatio: false,
            note: "same work, cache-friendly order: isolates the algorithm"
        ),
    ]
}

/// The order in which workload 4 cancels `count` bindings: the same for both libraries.
func randomOrder(_ count: Int) -> [Int] {
    var generator = SplitMix64(seed: 0x5167_6E61_6C73)
    return Array(0..<count).shuffled(using: &generator)
}

func propertySetWorkload(_ configuration: Configuration) -> [Row] {
    progress("5. Property / CurrentValueSubject set → removeDuplicates → bind")
    let sets = configuration.count(10_000_000)
    let signals = measure("Signals", nominal: sets, configuration: configuration, SignalsRuns.propertySet)
    let openCombine = measure("OpenCombine", nominal: sets, configuration: configuration, OpenCombineRuns.propertySet)
    let floor = measure("closures", nominal: sets, configuration: configuration, Floors.propertySet)
    return [Row(
        id: "5", name: "Property set → removeDuplicates → bind", unit: "ns/set",
        signals: signals.median, openCombine: openCombine.median, floor: floor.median,
        target: Target(maximum: 80, maximumRatio: 0.08),
        note: "OpenCombine: CurrentValueSubject; 3 in 4 values pass"
    )]
}

func combineLatestWorkload(_ configuration: Configuration) -> [Row] {
    progress("6. combineLatest / zip of two subjects, alternating sends")
    let pairs = configuration.count(1_000_000)
    let signals = measure("Signals combineLatest", nominal: pairs, operationsPerIteration: 2, configuration: configuration,
                          SignalsRuns.combineLatest)
    let signalsZip = measure("Signals zip", nominal: pairs, operationsPerIteration: 2, configuration: configuration,
                             SignalsRuns.zip)
    let openCombine = measure("OpenCombine zip", nominal: pairs, operationsPerIteration: 2, configuration: configuration,
                              OpenCombineRuns.zip)
    return [
        Row(
            id: "6", name: "combineLatest, per send", unit: "ns/send",
            signals: signals.median, openCombine: openCombine.median,
            target: Target(maximum: 150),
            note: "OpenCombine has no combineLatest: its column is zip"
        ),
        Row(
            id: "6z", name: "zip, per send", unit: "ns/send",
            signals: signalsZip.median, openCombine: openCombine.median,
            note: "like for like"
        ),
    ]
}

func flatMapLatestWorkload(_ configuration: Configuration) -> [Row] {
    progress("7. flatMapLatest / switchToLatest: switch, then one inner send")
    let switches = configuration.count(1_000_000)
    let signals = measure("Signals", nominal: switches, configuration: configuration, SignalsRuns.flatMapLatest)
    let openCombine = measure("OpenCombine", nominal: switches, configuration: configuration, OpenCombineRuns.flatMapLatest)
    return [Row(
        id: "7", name: "flatMapLatest switch + inner send", unit: "ns/switch",
        signals: signals.median, openCombine: openCombine.median,
        target: Target(maximum: 600, maximumRatio: 0.2),
        note: "OpenCombine: map + switchToLatest"
    )]
}

/// The hidden flag that makes the binary measure memory for one library and print the result.
let memoryChildFlag = "--memory-child"
let memoryBindingCount = 1_000_000

/// Runs in the child process: prints resident bytes per binding for `library`.
func runMemoryChild(library: String) -> Bool {
    switch library {
    case "signals": print(SignalsRuns.memoryPerBinding(memoryBindingCount))
    case "opencombine": print(OpenCombineRuns.memoryPerBinding(memoryBindingCount))
    default: return false
    }
    return true
}

func memoryWorkload(_ configuration: Configuration) -> [Row] {
    progress("8. resident memory per live binding, 1,000,000 bindings (fresh child process each)")
    let runs = configuration.quick ? 1 : 3
    func measureChild(_ library: String) -> Double? {
        var samples: [Double] = []
        for _ in 0..<runs {
            guard let output = runChild([memoryChildFlag, library]),
                  let bytes = Double(output.split(separator: "\n").last.map(String.init) ?? "")
            else { return nil }
            samples.append(bytes)
        }
        samples.sort()
        progress("  \(library): \(samples.map { format($0) }.joined(separator: ", ")) bytes per binding")
        return samples[samples.count / 2]
    }
    return [Row(
        id: "8", name: "memory per live binding (1M held)", unit: "bytes",
        signals: measureChild("signals"), openCombine: measureChild("opencombine"),
        target: Target(maximum: 200, maximumRatio: 0.4),
        note: "RSS delta incl. the token array"
    )]
}

/// Single runs for profilers (`--profile NAME ITERATIONS`), e.g. under
/// `valgrind --tool=callgrind`: each runs one body once, with no calibration or repetition.
let profiles: [String: @Sendable (Int) -> UInt64] = [
    "9-signals": { queries in
        guard let repository = try? EmbeddedPhotoRepository() else { return 0 }
        return UInt64(driveSearch(repository: repository, queries: queries).1)
    },
    "9-repository": { queries in
        guard let repository = try? EmbeddedPhotoRepository() else { return 0 }
        return UInt64(driveRepository(repository: repository, queries: queries).1)
    },
    "1-signals": SignalsRuns.sendChain,
    "1direct-signals": SignalsRuns.sendChainDirect,
    "1-opencombine": OpenCombineRuns.sendChain,
    "1-floor": Floors.sendChain,
    "1bind-signals": SignalsRuns.sendBind,
    "1bind-floor": Floors.sendBind,
    "1fused-signals": SignalsRuns.sendFused,
    "1fused-floor": Floors.sendFused,
    "2-floor": { Floors.fanOut(sends: $0, bindings: 100) },
    "5-floor": Floors.propertySet,
    "2-signals": { SignalsRuns.fanOut(sends: $0, bindings: 100) },
    "2-opencombine": { OpenCombineRuns.fanOut(sends: $0, bindings: 100) },
    "3-signals": SignalsRuns.bindCancel,
    "3-opencombine": OpenCombineRuns.bindCancel,
    "4-signals": { SignalsRuns.randomCancel(order: randomOrder($0), rounds: 1) },
    "4-opencombine": { OpenCombineRuns.randomCancel(order: randomOrder($0), rounds: 1) },
    "4seq-signals": { SignalsRuns.randomCancel(order: Array(0..<$0), rounds: 1) },
    "4rev-signals": { SignalsRuns.randomCancel(order: Array((0..<$0).reversed()), rounds: 1) },
    "5-signals": SignalsRuns.propertySet,
    "5-opencombine": OpenCombineRuns.propertySet,
    "6-signals": SignalsRuns.combineLatest,
    "6z-signals": SignalsRuns.zip,
    "6-opencombine": OpenCombineRuns.zip,
    "7-signals": SignalsRuns.flatMapLatest,
    "7-opencombine": OpenCombineRuns.flatMapLatest,
    "12-signals": SignalsRuns.activity,
    "12-opencombine": OpenCombineRuns.activity,
    "13-signals": PagingRuns.paginator,
    "13-handwritten": PagingRuns.handWritten,
    "13legacy-signals": PagingRuns.pagedList,
    "15-signals": ContendedRuns.signals,
    "15-opencombine": ContendedRuns.openCombine,
    "15locked-opencombine": ContendedRuns.openCombineSerialized,
]

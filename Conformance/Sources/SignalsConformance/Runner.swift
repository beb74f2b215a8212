import Signals
import SignalsTesting

/// A named group of scripts: one operator alone, or random chains.
struct Suite {
    let name: String
    let makePipeline: (inout SeededRandomNumberGenerator) -> Pipeline

    static var all: [Suite] {
        var suites: [Suite] = [
            Suite(name: "sources") { _ in Pipeline(head: Heads.source, stages: []) },
            Suite(name: "merge") { random in
                Pipeline(head: Heads.merge(Int.random(in: 2...3, using: &random)), stages: [])
            },
            Suite(name: "combineLatest") { _ in Pipeline(head: Heads.combineLatest, stages: []) },
            Suite(name: "combineLatest3") { _ in Pipeline(head: Heads.combineLatest3, stages: []) },
            Suite(name: "zip") { _ in Pipeline(head: Heads.zip, stages: []) },
            Suite(name: "withLatestFrom") { _ in Pipeline(head: Heads.withLatestFrom, stages: []) },
            Suite(name: "combineLatest4") { _ in Pipeline(head: Heads.combineLatest4, stages: []) },
            Suite(name: "zip4") { _ in Pipeline(head: Heads.zip4, stages: []) },
            Suite(name: "Observable.combineLatest5") { _ in Pipeline(head: Heads.staticCombineLatest5, stages: []) },
            Suite(name: "Observable.zip3") { _ in Pipeline(head: Heads.staticZip3, stages: []) },
        ]
        for name in Stages.names {
            suites.append(Suite(name: name) { random in
                Pipeline(head: Heads.source, stages: [Stages.make(name, using: &random)])
            })
        }
        suites.append(Suite(name: "chains") { random in
            let values = (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: 0...5, using: &random) }
            let heads = [
                Heads.merge(2), Heads.merge(3), Heads.combineLatest, Heads.combineLatest3, Heads.zip,
                Heads.withLatestFrom,
                Heads.sequence(values),
            ]
            let head = Int.random(in: 0..<10, using: &random) < 6
                ? Heads.source : heads[Int.random(in: 0..<heads.count, using: &random)]
            let count = Int.random(in: 2...4, using: &random)
            var stages: [Stage] = []
            for index in 0..<count {
                let bindsSources = stages.contains { $0.usesInnerSource || $0.usesFirstSource }
                stages.append(Stages.make(
                    Stages.names[Int.random(in: 0..<Stages.names.count, using: &random)],
                    isLast: index == count - 1, mayBindSources: !bindsSources, using: &random
                ))
            }
            return Pipeline(head: head, stages: stages)
        })
        return suites
    }

    /// Deliberately wrong Signals pipelines (a random chain plus one Signals-only change) that
    /// the check must catch, so that a check that cannot fail is noticed.
    static var mutants: [Suite] {
        let chains = all.first { $0.name == "chains" }!
        let mutations: [(String, (Observable<Int>, SignalsSide) -> Observable<Int>)] = [
            ("a value off by one", { up, _ in up.map { $0 + 1 } }),
            ("every event 5 ms late", { up, side in up.delay(for: .milliseconds(5), scheduler: side.scheduler) }),
            ("the finish dropped", { up, _ in
                .create { observer in up.bind(onValue: { observer.send($0) }, onFinish: {}) }
            }),
            ("the first value dropped", { up, _ in up.skip(1) }),
            ("every value twice", { up, _ in up.flatMap { .sequence([$0, $0]) } }),
        ]
        return mutations.map { name, mutate in
            Suite(name: "mutant: \(name)") { random in
                let pipeline = chains.makePipeline(&random)
                let mutation = Stage(
                    name: "MUTANT(\(name))",
                    signals: { up, side, _ in mutate(up, side) },
                    combine: { up, _, _ in up }
                )
                return Pipeline(head: pipeline.head, stages: pipeline.stages + [mutation])
            }
        }
    }

    /// The seed of script `index` of this suite under `base`: stable across runs and machines.
    func seed(base: UInt64, index: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        var random = SeededRandomNumberGenerator(seed: hash ^ base &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        return random.next()
    }
}

/// The outcome of one script.
enum Outcome {
    case match
    case skipped([Difference], differed: Bool)
    case mismatch(Case)
}

/// One script with its pipeline, and both histories.
struct Case {
    let suite: String
    let seed: UInt64
    let pipeline: Pipeline
    let script: Script
    let signals: History
    let combine: History
    let hits: [Difference]

    var report: String {
        """
        MISMATCH in \(suite), seed \(seed)
          reproduce: swift run --package-path Conformance SignalsConformance --replay '\(suite):\(seed)'
          pipeline:  \(pipeline)
          script:    \(script)
          signals:   \(signals)
          combine:   \(combine)
        """
    }
}

/// Virtual time run after the last step, past every timer a pipeline can start.
let horizonMilliseconds = 1_000

/// Runs script `seed` of `suite` on both libraries.
func runCase(_ suite: Suite, seed: UInt64) -> (Outcome, Case) {
    var random = SeededRandomNumberGenerator(seed: seed)
    let pipeline = suite.makePipeline(&random)
    let script = Script.random(
        sourceCount: pipeline.sourceCount,
        allowFeedback: pipeline.head.allowsFeedback && !pipeline.stages.contains { $0.fansOut || $0.usesFirstSource },
        using: &random
    )

    let signalsSide = SignalsSide(script: script, build: pipeline.signals)
    let signals = play(script, on: signalsSide, horizon: horizonMilliseconds)
    let combineSide = CombineSide(script: script, build: pipeline.combine)
    let combine = play(script, on: combineSide, horizon: horizonMilliseconds)

    var hits = signalsSide.hits
    if script.finishesAProperty { hits.insert(.propertyNeverFinishes) }
    let result = Case(
        suite: suite.name, seed: seed, pipeline: pipeline, script: script,
        signals: signals, combine: combine, hits: hits.sorted()
    )
    let same = pipeline.fansOut
        ? signals.sameTimeEventsSorted == combine.sameTimeEventsSorted
        : signals == combine
    if !hits.isEmpty { return (.skipped(hits.sorted(), differed: !same), result) }
    return (same ? .match : .mismatch(result), result)
}

import Foundation

// Compares Signals with OpenCombine on seeded random event scripts. Exits 1 on any mismatch
// that is not a deliberate difference listed in the DocC article. See README.md.

let usage = """
    usage: SignalsConformance [--scripts N] [--seed N] [--only SUITE,…] [--replay SUITE:SEED] [--show N]
      --scripts N     scripts per suite (default 500)
      --seed N        base seed (default 1); each script's own seed is printed on a mismatch
      --only A,B      run only these suites
      --replay S:SEED run one script and print both histories
      --show N        print at most N mismatches per suite (default 3)
    """

struct Options {
    var scripts = 500
    var seed: UInt64 = 1
    var only: Set<String>?
    var replay: (suite: String, seed: UInt64)?
    var show = 3
}

func parseOptions(_ arguments: [String]) -> Options? {
    var options = Options()
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
        switch argument {
        case "--scripts":
            guard let value = iterator.next().flatMap(Int.init), value > 0 else { return nil }
            options.scripts = value
        case "--seed":
            guard let value = iterator.next().flatMap(UInt64.init) else { return nil }
            options.seed = value
        case "--only":
            guard let value = iterator.next() else { return nil }
            options.only = Set(value.split(separator: ",").map(String.init))
        case "--replay":
            guard let value = iterator.next() else { return nil }
            // The seed follows the last colon (suite names such as `receive(on:)` have one).
            guard let colon = value.lastIndex(of: ":"),
                  let seed = UInt64(value[value.index(after: colon)...]) else { return nil }
            options.replay = (String(value[..<colon]), seed)
        case "--show":
            guard let value = iterator.next().flatMap(Int.init), value >= 0 else { return nil }
            options.show = value
        default:
            return nil
        }
    }
    return options
}

/// The names listed under "Deliberate differences" in the DocC article (headings `### `name``).
func articleDifferenceNames() -> Set<String>? {
    let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Sources/Signals/Signals.docc/SemanticsAndDifferencesFromCombine.md")
    guard let text = try? String(contentsOf: article, encoding: .utf8) else { return nil }
    var names = Set<String>()
    for line in text.split(separator: "\n") where line.hasPrefix("### `") {
        let name = line.dropFirst(5).prefix { $0 != "`" }
        names.insert(String(name))
    }
    return names
}

func main() -> Int32 {
    guard let options = parseOptions(Array(CommandLine.arguments.dropFirst())) else {
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        return 2
    }
    let known = Set(Suite.all.map(\.name))
    for name in (options.only ?? []).union(options.replay.map { [$0.suite] } ?? []) where !known.contains(name) {
        print("error: unknown suite \(name); suites: \(Suite.all.map(\.name).joined(separator: ", "))")
        return 2
    }

    // The exclusions must be exactly the differences the article lists.
    guard let listed = articleDifferenceNames() else {
        print("error: cannot read Sources/Signals/Signals.docc/SemanticsAndDifferencesFromCombine.md")
        return 1
    }
    let excluded = Set(Difference.allCases.map(\.rawValue))
    if listed != excluded {
        print("error: the exclusions and the article's deliberate differences disagree")
        print("  excluded here, not in the article: \(excluded.subtracting(listed).sorted())")
        print("  in the article, not excluded here: \(listed.subtracting(excluded).sorted())")
        return 1
    }

    if let replay = options.replay {
        let suite = Suite.all.first { $0.name == replay.suite }!
        let (outcome, result) = runCase(suite, seed: replay.seed)
        print("suite:    \(result.suite), seed \(result.seed)")
        print("pipeline: \(result.pipeline)")
        print("script:   \(result.script)")
        print("signals:  \(result.signals)")
        print("combine:  \(result.combine)")
        switch outcome {
        case .match: print("result:   same")
        case .skipped(let differences, let differed):
            print("result:   skipped (\(differences.map(\.rawValue).joined(separator: ", ")))"
                + (differed ? ", histories differ" : ", histories are the same"))
        case .mismatch: print("result:   MISMATCH")
        }
        if case .mismatch = outcome { return 1 }
        return 0
    }

    // The check must be able to fail: each mutant must be caught.
    for mutant in Suite.mutants {
        let caught = (0..<options.scripts).first { index in
            if case .mismatch = runCase(mutant, seed: mutant.seed(base: options.seed, index: index)).0 { return true }
            return false
        }
        guard let caught else {
            print("error: self-check: the mutant \"\(mutant.name)\" was not caught in \(options.scripts) scripts")
            return 1
        }
        print("self-check: \(mutant.name) caught at script \(caught + 1)")
    }

    var mismatches = 0
    var feedbackScripts = 0, feedbackCompared = 0
    var skippedBy: [Difference: (skipped: Int, differed: Int)] = [:]
    print("Signals vs OpenCombine 0.14.0: \(options.scripts) scripts per suite, base seed \(options.seed)")
    print("suite".padding(toLength: 18, withPad: " ", startingAt: 0) + "  scripts  compared  skipped  mismatches")
    for suite in Suite.all where options.only?.contains(suite.name) ?? true {
        var compared = 0, skipped = 0, failed = 0
        var shown: [String] = []
        for index in 0..<options.scripts {
            let seed = suite.seed(base: options.seed, index: index)
            let (outcome, result) = runCase(suite, seed: seed)
            if result.script.feedback != nil {
                feedbackScripts += 1
                if case .match = outcome { feedbackCompared += 1 }
            }
            switch outcome {
            case .match:
                compared += 1
            case .skipped(let differences, let differed):
                skipped += 1
                for difference in differences {
                    skippedBy[difference, default: (0, 0)].skipped += 1
                    if differed { skippedBy[difference, default: (0, 0)].differed += 1 }
                }
            case .mismatch:
                compared += 1
                failed += 1
                if shown.count < options.show { shown.append(result.report) }
            }
        }
        mismatches += failed
        print(suite.name.padding(toLength: 18, withPad: " ", startingAt: 0)
            + String(format: "  %7d  %8d  %7d  %10d", options.scripts, compared, skipped, failed))
        for report in shown { print(report) }
    }
    print("\nScripts whose handler sends into a source: \(feedbackScripts), \(feedbackCompared) of them compared")
    print("\nDeliberate differences (\"Semantics and differences from Combine\"), scripts skipped:")
    for difference in Difference.allCases {
        let counts = skippedBy[difference] ?? (0, 0)
        print("  \(difference.rawValue): \(counts.skipped) skipped (\(counts.differed) of them differed)")
    }
    print(mismatches == 0 ? "\nconformance: 0 mismatches" : "\nconformance: \(mismatches) MISMATCHES")
    return mismatches == 0 ? 0 : 1
}

exit(main())

import OpenCombine
import Signals
import SignalsTesting

/// The deliberate differences from Combine, by the names used in the DocC article
/// "Semantics and differences from Combine". A script that runs into one is skipped, and
/// counted under its name.
enum Difference: String, CaseIterable, Comparable {
    case debounceDeliversPendingValueOnFinish = "debounce-delivers-pending-value-on-finish"
    case shareReconnectsAfterFinish = "share-reconnects-after-finish"
    case shareDisconnectsWhenCancelledWhileConnecting = "share-disconnects-when-cancelled-while-connecting"
    case shareInDropsValuesBeforeItsFirstBinding = "share-in-drops-values-before-its-first-binding"
    case takeZeroFinishesWithoutBinding = "take-zero-finishes-without-binding"
    case throttleKeepsValueReceivedDuringBind = "throttle-keeps-value-received-during-bind"
    case propertyNeverFinishes = "property-never-finishes"
    case reentrantSendsAreQueued = "reentrant-sends-are-queued"
    case timeoutDeadlineStartsAtBind = "timeout-deadline-starts-at-bind"

    static func < (lhs: Difference, rhs: Difference) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The start of a pipeline: one source, or an operator over several.
struct Head {
    let name: String
    let sourceCount: Int
    /// OpenCombine's `zip` traps on a send made from inside its own delivery (it holds its
    /// lock while delivering), so scripts through it get no feedback.
    var allowsFeedback = true
    /// Delivers synchronously through a serializer, which queues a send made from inside its
    /// own delivery (`reentrant-sends-are-queued`).
    var queuesReentrantSends = false
    let signals: (SignalsSide) -> Observable<Int>
    let combine: (CombineSide) -> AnyPublisher<Int, Never>
}

/// One unary operator, built on both sides with the same parameters.
struct Stage {
    let name: String
    /// Binds source `innerSource` (the one after the head's) as an inner stream.
    var usesInnerSource = false
    /// Binds that source once per value, so one send reaches several bindings at once.
    var fansOut = false
    /// Binds source 0 as an inner stream.
    var usesFirstSource = false
    /// Delivers synchronously through a serializer or a shared core, which queues a send made
    /// from inside its own delivery (`reentrant-sends-are-queued`).
    var queuesReentrantSends = false
    /// A `timeout`: Combine (re)starts its deadline at the first demand, Signals at the bind.
    var startsDeadline = false
    /// Connects before anyone binds (`share(in:)`): Combine's demand reaches the stages
    /// before it only when the first subscriber arrives.
    var demandsLater = false
    let signals: (Observable<Int>, SignalsSide, _ innerSource: Int) -> Observable<Int>
    let combine: (AnyPublisher<Int, Never>, CombineSide, _ innerSource: Int) -> AnyPublisher<Int, Never>
}

/// A whole pipeline: a head and its stages.
struct Pipeline: CustomStringConvertible {
    let head: Head
    let stages: [Stage]

    var sourceCount: Int {
        let count = head.sourceCount + (stages.contains { $0.usesInnerSource } ? 1 : 0)
        return stages.contains(where: \.usesFirstSource) ? max(count, 1) : count
    }

    /// One send reaches several bindings of one source. Signals calls them in the order they
    /// were made; Combine promises no order (OpenCombine keeps them in a hash set), so events at
    /// the same virtual time are compared as a multiset. Only the last stage may fan out.
    var fansOut: Bool { stages.contains(where: \.fansOut) }

    var description: String { ([head.name] + stages.map(\.name)).joined(separator: " → ") }

    func signals(_ side: SignalsSide) -> Observable<Int> {
        side.queuesReentrantSends = head.queuesReentrantSends || stages.contains(where: \.queuesReentrantSends)
        // Probe: a `timeout` before a `share(in:)` is `timeout-deadline-starts-at-bind` (Combine's
        // deadline starts again when demand first arrives, after the connection).
        if let timeout = stages.firstIndex(where: \.startsDeadline),
           stages[(timeout + 1)...].contains(where: \.demandsLater) {
            side.hit(.timeoutDeadlineStartsAtBind)
        }
        return stages.reduce(head.signals(side)) { $1.signals($0, side, head.sourceCount) }
    }

    func combine(_ side: CombineSide) -> AnyPublisher<Int, Never> {
        stages.reduce(head.combine(side)) { $1.combine($0, side, head.sourceCount) }
    }
}

/// The failure of the `timeout(failure:)` suite.
struct TimedOut: Error {}

/// A flag shared by the closures of one binding.
final class Flag {
    var isSet = false
}

/// A token that runs `onCancel` once. The conformance run is single-threaded, and this type is
/// only ever touched from that thread.
final class ProbeToken: Signals.Cancellable, @unchecked Sendable {
    private var onCancel: (() -> Void)?

    init(_ onCancel: @escaping () -> Void) { self.onCancel = onCancel }

    func cancel() {
        let body = onCancel
        onCancel = nil
        body?()
    }

    deinit { cancel() }
}

/// A count shared by the closures of one pipeline.
final class Counter {
    var count = 0
}

extension Observable {
    /// Builds the stream afresh for each binding, so probes can keep per-binding state.
    static func perBinding(_ make: @escaping () -> Observable<Value>) -> Observable<Value> {
        .create { observer in
            make().bind(onValue: { observer.send($0) }, onFinish: { observer.finish() })
        }
    }
}

// MARK: - Heads

enum Heads {
    static var source: Head {
        Head(
            name: "s0", sourceCount: 1,
            signals: { $0.source(0) },
            combine: { $0.source(0) }
        )
    }

    /// A cold source: `values`, then a finish, to each binding.
    static func sequence(_ values: [Int]) -> Head {
        Head(
            name: values.count == 1 ? "just(\(values[0]))" : "sequence(\(values))",
            sourceCount: 0,
            signals: { _ in values.count == 1 ? .just(values[0]) : .sequence(values) },
            combine: { _ in
                values.count == 1 ? Just(values[0]).eraseToAnyPublisher() : values.publisher.eraseToAnyPublisher()
            }
        )
    }

    static func merge(_ count: Int) -> Head {
        Head(
            name: "merge(" + (0..<count).map { "s\($0)" }.joined(separator: ", ") + ")",
            sourceCount: count,
            queuesReentrantSends: true,
            signals: { side in Observable.merge((0..<count).map(side.source)) },
            // OpenCombine 0.14.0 has no `merge`: a sequence of publishers flat-mapped with
            // unlimited demand is Combine's `MergeMany` (values as they arrive, finish after all).
            combine: { side in (0..<count).map(side.source).publisher.flatMap { $0 }.eraseToAnyPublisher() }
        )
    }

    static var combineLatest: Head {
        Head(
            name: "combineLatest(s0, s1)", sourceCount: 2, queuesReentrantSends: true,
            signals: { side in side.source(0).combineLatest(side.source(1)) { $0 * 100 + $1 } },
            combine: { side in Oracle.combineLatest(side.source(0), side.source(1)) { $0 * 100 + $1 } }
        )
    }

    static var combineLatest3: Head {
        Head(
            name: "combineLatest(s0, s1, s2)", sourceCount: 3, queuesReentrantSends: true,
            signals: { side in
                side.source(0).combineLatest(side.source(1), side.source(2)).map { $0 * 10_000 + $1 * 100 + $2 }
            },
            combine: { side in
                Oracle.combineLatest3(side.source(0), side.source(1), side.source(2)) { $0 * 10_000 + $1 * 100 + $2 }
            }
        )
    }

    static var zip: Head {
        Head(
            name: "zip(s0, s1)", sourceCount: 2, allowsFeedback: false,
            signals: { side in side.source(0).zip(side.source(1)).map { $0 * 100 + $1 } },
            combine: { side in
                SubscriptionFirst(upstream: side.source(0).zip(side.source(1))).map { $0 * 100 + $1 }.eraseToAnyPublisher()
            }
        )
    }

    static var combineLatest4: Head {
        Head(
            name: "combineLatest(s0, s1, s2, s3)", sourceCount: 4, queuesReentrantSends: true,
            signals: { side in
                side.source(0).combineLatest(side.source(1), side.source(2), side.source(3)) {
                    $0 * 1_000 + $1 * 100 + $2 * 10 + $3
                }
            },
            combine: { side in
                Oracle.combineLatest4((0..<4).map(side.source)) { $0[0] * 1_000 + $0[1] * 100 + $0[2] * 10 + $0[3] }
            }
        )
    }

    static var zip4: Head {
        Head(
            name: "zip(s0, s1, s2, s3)", sourceCount: 4, allowsFeedback: false,
            signals: { side in
                side.source(0).zip(side.source(1), side.source(2), side.source(3)) { $0 * 1_000 + $1 * 100 + $2 * 10 + $3 }
            },
            combine: { side in
                SubscriptionFirst(upstream: side.source(0).zip(side.source(1), side.source(2), side.source(3)))
                    .map { $0 * 1_000 + $1 * 100 + $2 * 10 + $3 }
                    .eraseToAnyPublisher()
            }
        )
    }

    /// The static N-source form (issue 28), past the instance forms' cap of six.
    static var staticCombineLatest5: Head {
        Head(
            name: "Observable.combineLatest(s0, s1, s2, s3, s4)", sourceCount: 5, queuesReentrantSends: true,
            signals: { side in
                Observable.combineLatest(side.source(0), side.source(1), side.source(2), side.source(3), side.source(4)) {
                    $0 * 10_000 + $1 * 1_000 + $2 * 100 + $3 * 10 + $4
                }
            },
            combine: { side in
                Oracle.combineLatest4((0..<5).map(side.source)) {
                    $0[0] * 10_000 + $0[1] * 1_000 + $0[2] * 100 + $0[3] * 10 + $0[4]
                }
            }
        )
    }

    /// The static N-source `zip` (issue 28) against Combine's `zip` of three.
    static var staticZip3: Head {
        Head(
            name: "Observable.zip(s0, s1, s2)", sourceCount: 3, allowsFeedback: false,
            signals: { side in
                Observable.zip(side.source(0), side.source(1), side.source(2)) { $0 * 100 + $1 * 10 + $2 }
            },
            combine: { side in
                SubscriptionFirst(upstream: side.source(0).zip(side.source(1), side.source(2)))
                    .map { $0 * 100 + $1 * 10 + $2 }
                    .eraseToAnyPublisher()
            }
        )
    }

    static var withLatestFrom: Head {
        Head(
            name: "s0.withLatestFrom(s1)", sourceCount: 2, queuesReentrantSends: true,
            signals: { side in side.source(0).withLatestFrom(side.source(1)) { $0 * 100 + $1 } },
            combine: { side in Oracle.withLatestFrom(side.source(0), side.source(1)) { $0 * 100 + $1 } }
        )
    }
}

// MARK: - Stages

/// How `flatMap` / `flatMapLatest` make an inner stream from a value.
enum InnerKind: CustomStringConvertible {
    case just
    case sequence
    case delayed(Int)
    case innerSource(take: Int)
    /// Source 0 again: bound while source 0 is delivering (a binding made during a delivery).
    case firstSource(take: Int)

    var description: String {
        switch self {
        case .just: "just(v)"
        case .sequence: "[v, v+1]"
        case .delayed(let ms): "just(v).delay(\(ms)ms)"
        case .innerSource(let take): "sI.map(v*100+).take(\(take))"
        case .firstSource(let take): "s0.map(v*100+).take(\(take))"
        }
    }

    static func random(
        allowInnerSource: Bool,
        allowFirstSource: Bool,
        using random: inout SeededRandomNumberGenerator
    ) -> InnerKind {
        var kinds = [0, 1, 2]
        if allowInnerSource { kinds.append(3) }
        if allowFirstSource { kinds.append(4) }
        switch kinds[Int.random(in: 0..<kinds.count, using: &random)] {
        case 0: return .just
        case 1: return .sequence
        case 2: return .delayed(5 * Int.random(in: 1...6, using: &random))
        case 3: return .innerSource(take: Int.random(in: 1...3, using: &random))
        default: return .firstSource(take: Int.random(in: 1...3, using: &random))
        }
    }

    func signals(_ value: Int, _ side: SignalsSide, _ innerSource: Int) -> Observable<Int> {
        switch self {
        case .just: .just(value)
        case .sequence: .sequence([value, value + 1])
        case .delayed(let ms): .just(value).delay(for: .milliseconds(ms), scheduler: side.scheduler)
        case .innerSource(let take): side.source(innerSource).map { value * 100 + $0 }.take(take)
        case .firstSource(let take): side.source(0).map { value * 100 + $0 }.take(take)
        }
    }

    func combine(_ value: Int, _ side: CombineSide, _ innerSource: Int) -> AnyPublisher<Int, Never> {
        switch self {
        case .just: Just(value).eraseToAnyPublisher()
        case .sequence: [value, value + 1].publisher.eraseToAnyPublisher()
        case .delayed(let ms): Just(value).delay(for: .milliseconds(ms), scheduler: side.scheduler).eraseToAnyPublisher()
        case .innerSource(let take):
            Oracle.prefix(side.source(innerSource).map { value * 100 + $0 }.eraseToAnyPublisher(), take)
        case .firstSource(let take):
            Oracle.prefix(side.source(0).map { value * 100 + $0 }.eraseToAnyPublisher(), take)
        }
    }
}

enum Stages {
    /// The unary operators, by the name the run reports them under.
    static let names = [
        "map", "compactMap", "filter", "removeDuplicates", "scan", "prepend", "flatMap",
        "flatMapLatest", "debounce", "throttle", "delay", "receive(on:)", "skip", "take", "first",
        "share", "share(in:)",
        // The building blocks of issue 23 that Combine shares.
        "reduce", "collect", "last", "append", "ignoreValues", "removeDuplicates(by:)",
        // Issue 28.
        "skip(while:)", "scan(into:)", "prepend(stream)",
        // Issue 35.
        "flatMap(maxConcurrent:)", "concatMap",
        // Issue 43.
        "timeout", "timeout(failure:)",
    ]

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    /// - Parameters:
    ///   - isLast: the stage ends the pipeline (only the last stage may fan out).
    ///   - mayBindSources: the stage may bind a source as an inner stream; only one stage of a
    ///     pipeline does, since the order in which two bindings of one subject see a send is
    ///     open in Combine and changes what a `flatMapLatest` switches to.
    static func make(
        _ name: String,
        isLast: Bool = true,
        mayBindSources: Bool = true,
        using random: inout SeededRandomNumberGenerator
    ) -> Stage {
        switch name {
        case "map":
            let k = Int.random(in: 1...3, using: &random)
            let c = Int.random(in: 0...2, using: &random)
            return Stage(
                name: "map(x*\(k)+\(c))",
                signals: { up, _, _ in up.map { $0 * k + c } },
                combine: { up, _, _ in up.map { $0 * k + c }.eraseToAnyPublisher() }
            )
        case "compactMap":
            let m = Int.random(in: 2...3, using: &random)
            return Stage(
                name: "compactMap(x%\(m)==0 ? nil : x+1)",
                signals: { up, _, _ in up.compactMap { $0 % m == 0 ? nil : $0 + 1 } },
                combine: { up, _, _ in up.compactMap { $0 % m == 0 ? nil : $0 + 1 }.eraseToAnyPublisher() }
            )
        case "filter":
            let m = Int.random(in: 2...3, using: &random)
            return Stage(
                name: "filter(x%\(m)!=0)",
                signals: { up, _, _ in up.filter { $0 % m != 0 } },
                combine: { up, _, _ in up.filter { $0 % m != 0 }.eraseToAnyPublisher() }
            )
        case "removeDuplicates":
            return Stage(
                name: "removeDuplicates",
                signals: { up, _, _ in up.removeDuplicates() },
                combine: { up, _, _ in up.removeDuplicates().eraseToAnyPublisher() }
            )
        case "scan":
            let initial = Int.random(in: 0...3, using: &random)
            return Stage(
                name: "scan(\(initial), +)",
                signals: { up, _, _ in up.scan(initial) { $0 &+ $1 } },
                combine: { up, _, _ in up.scan(initial) { $0 &+ $1 }.eraseToAnyPublisher() }
            )
        case "prepend":
            let values = (0..<Int.random(in: 1...2, using: &random)).map { _ in Int.random(in: 0...5, using: &random) }
            return Stage(
                name: "prepend(\(values.map(String.init).joined(separator: ", ")))",
                signals: { up, _, _ in up.prepend(contentsOf: values) },
                combine: { up, _, _ in up.prepend(values).eraseToAnyPublisher() }
            )
        case "flatMap":
            let inner = InnerKind.random(
                allowInnerSource: isLast && mayBindSources, allowFirstSource: isLast && mayBindSources, using: &random
            )
            var stage = Stage(
                name: "flatMap { \(inner) }",
                queuesReentrantSends: true,
                signals: { up, side, i in up.flatMap { inner.signals($0, side, i) } },
                combine: { up, side, i in up.flatMap { inner.combine($0, side, i) }.eraseToAnyPublisher() }
            )
            switch inner {
            case .innerSource:
                stage.usesInnerSource = true
                stage.fansOut = true
            case .firstSource:
                stage.fansOut = true
                stage.usesFirstSource = true
            default: break
            }
            return stage
        case "flatMap(maxConcurrent:)", "concatMap":
            // Combine asks upstream for one value per free place, so a `PassthroughSubject`
            // drops what it sends while every place is taken; Signals queues it. An unlimited
            // buffer in front (it asks upstream for everything and hands values on by request)
            // is the Combine pipeline with Signals' rule: compared as such.
            let limit = name == "concatMap" ? 1 : Int.random(in: 1...3, using: &random)
            let inner = InnerKind.random(
                allowInnerSource: isLast && mayBindSources, allowFirstSource: isLast && mayBindSources, using: &random
            )
            let signalsName = name == "concatMap" ? "concatMap" : "flatMap(maxConcurrent: \(limit))"
            var stage = Stage(
                name: "\(signalsName) { \(inner) }",
                queuesReentrantSends: true,
                signals: { up, side, i in up.flatMap(maxConcurrent: limit) { inner.signals($0, side, i) } },
                combine: { up, side, i in
                    up.buffer(size: Int.max, prefetch: .byRequest, whenFull: .dropNewest)
                        .flatMap(maxPublishers: .max(limit)) { inner.combine($0, side, i) }
                        .eraseToAnyPublisher()
                }
            )
            switch inner {
            case .innerSource:
                stage.usesInnerSource = true
                stage.fansOut = true
            case .firstSource:
                stage.fansOut = true
                stage.usesFirstSource = true
            default: break
            }
            return stage
        case "flatMapLatest":
            // Not source 0 again: whether the outer stream switches before or after the inner
            // one sees a value depends on the order of a subject's subscribers, which Combine
            // leaves open (OpenCombine's is hash order, so its results vary run to run).
            let inner = InnerKind.random(allowInnerSource: mayBindSources, allowFirstSource: false, using: &random)
            var stage = Stage(
                name: "flatMapLatest { \(inner) }",
                queuesReentrantSends: true,
                signals: { up, side, i in up.flatMapLatest { inner.signals($0, side, i) } },
                combine: { up, side, i in up.map { inner.combine($0, side, i) }.switchToLatest().eraseToAnyPublisher() }
            )
            if case .innerSource = inner { stage.usesInnerSource = true }
            return stage
        case "debounce":
            let ms = 5 * Int.random(in: 1...8, using: &random)
            return Stage(
                name: "debounce(\(ms)ms)",
                signals: { up, side, _ in
                    // Probe: a value still pending when upstream finishes is
                    // `debounce-delivers-pending-value-on-finish`.
                    Observable.perBinding {
                        let pending = Flag()
                        return up
                            .handleEvents(
                                onValue: { _ in pending.isSet = true },
                                onFinish: { if pending.isSet { side.hit(.debounceDeliversPendingValueOnFinish) } }
                            )
                            .debounce(for: .milliseconds(ms), scheduler: side.scheduler)
                            .handleEvents(onValue: { _ in pending.isSet = false })
                    }
                },
                combine: { up, side, _ in up.debounce(for: .milliseconds(ms), scheduler: side.scheduler).eraseToAnyPublisher() }
            )
        case "throttle":
            let ms = 5 * Int.random(in: 1...8, using: &random)
            let latest = Bool.random(using: &random)
            return Stage(
                name: "throttle(\(ms)ms, latest: \(latest))",
                signals: { up, side, _ in
                    // Probe: a value that reaches throttle while it is being bound (a property's
                    // replay, `prepend`'s values) is `throttle-keeps-value-received-during-bind`.
                    .create { observer in
                        let binding = Flag()
                        binding.isSet = true
                        let token = up
                            .handleEvents(onValue: { _ in
                                if binding.isSet { side.hit(.throttleKeepsValueReceivedDuringBind) }
                            })
                            .throttle(for: .milliseconds(ms), scheduler: side.scheduler, latest: latest)
                            .bind(onValue: { observer.send($0) }, onFinish: { observer.finish() })
                        binding.isSet = false
                        return token
                    }
                },
                combine: { up, side, _ in
                    up.throttle(for: .milliseconds(ms), scheduler: side.scheduler, latest: latest).eraseToAnyPublisher()
                }
            )
        case "delay":
            let ms = 5 * Int.random(in: 1...8, using: &random)
            return Stage(
                name: "delay(\(ms)ms)",
                signals: { up, side, _ in up.delay(for: .milliseconds(ms), scheduler: side.scheduler) },
                combine: { up, side, _ in up.delay(for: .milliseconds(ms), scheduler: side.scheduler).eraseToAnyPublisher() }
            )
        case "timeout":
            let ms = 5 * Int.random(in: 1...8, using: &random)
            return Stage(
                name: "timeout(\(ms)ms)",
                startsDeadline: true,
                signals: { up, side, _ in up.timeout(.milliseconds(ms), scheduler: side.scheduler) },
                combine: { up, side, _ in up.timeout(.milliseconds(ms), scheduler: side.scheduler).eraseToAnyPublisher() }
            )
        case "timeout(failure:)":
            // Signals delivers `.failure` as a value, then finishes; Combine fails with the custom
            // error, which `catch` turns into the same value and finish (-1 for the failure).
            let ms = 5 * Int.random(in: 1...8, using: &random)
            return Stage(
                name: "timeout(\(ms)ms, failure:)",
                startsDeadline: true,
                signals: { up, side, _ in
                    up.map { Result<Int, TimedOut>.success($0) }
                        .timeout(.milliseconds(ms), scheduler: side.scheduler, failure: TimedOut())
                        .map { (try? $0.get()) ?? -1 }
                },
                combine: { up, side, _ in
                    up.setFailureType(to: TimedOut.self)
                        .timeout(.milliseconds(ms), scheduler: side.scheduler, customError: { TimedOut() })
                        .catch { _ in Just(-1) }
                        .eraseToAnyPublisher()
                }
            )
        case "receive(on:)":
            return Stage(
                name: "receive(on:)",
                signals: { up, side, _ in up.receive(on: side.scheduler) },
                combine: { up, side, _ in up.receive(on: side.scheduler).eraseToAnyPublisher() }
            )
        case "skip":
            let n = Int.random(in: 0...3, using: &random)
            return Stage(
                name: "skip(\(n))",
                signals: { up, _, _ in up.skip(n) },
                combine: { up, _, _ in up.dropFirst(n).eraseToAnyPublisher() }
            )
        case "take":
            let n = Int.random(in: 0...3, using: &random)
            return Stage(
                name: "take(\(n))",
                signals: { up, side, _ in
                    if n == 0 {
                        return up.take(0).handleEvents(onBind: { side.hit(.takeZeroFinishesWithoutBinding) })
                    }
                    return up.take(n)
                },
                combine: { up, _, _ in Oracle.prefix(up, n) }
            )
        case "first":
            if Bool.random(using: &random) {
                return Stage(
                    name: "first()",
                    signals: { up, _, _ in up.first() },
                    combine: { up, _, _ in up.first().eraseToAnyPublisher() }
                )
            }
            let m = Int.random(in: 2...3, using: &random)
            return Stage(
                name: "first(where: x%\(m)==0)",
                signals: { up, _, _ in up.first { $0 % m == 0 } },
                combine: { up, _, _ in up.first { $0 % m == 0 }.eraseToAnyPublisher() }
            )
        case "share":
            return Stage(
                name: "share()",
                queuesReentrantSends: true,
                signals: { up, side, _ in
                    // Probe: a binding made after upstream finished is
                    // `share-reconnects-after-finish`.
                    // Probes: a binding made after upstream finished that then gets anything
                    // but an immediate finish is `share-reconnects-after-finish` (rebinding a
                    // finished subject finishes at once, as in Combine); the only binding,
                    // cancelled by its own downstream during the values its connection
                    // delivered while binding, is `share-disconnects-when-cancelled-while-connecting`.
                    let finished = Flag()
                    let live = Counter()
                    let shared = up.handleEvents(onFinish: { finished.isSet = true }).share()
                    return .create { observer in
                        let late = finished.isSet
                        let done = Flag()
                        let binding = Flag()
                        let valueWhileBinding = Flag()
                        binding.isSet = true
                        let token = shared.bind(
                            onValue: { value in
                                if late { side.hit(.shareReconnectsAfterFinish) }
                                if binding.isSet { valueWhileBinding.isSet = true }
                                observer.send(value)
                            },
                            onFinish: {
                                if !done.isSet { live.count -= 1 }
                                done.isSet = true
                                observer.finish()
                            }
                        )
                        binding.isSet = false
                        if late && !done.isSet { side.hit(.shareReconnectsAfterFinish) }
                        if !done.isSet { live.count += 1 }
                        return ProbeToken {
                            if !done.isSet {
                                done.isSet = true
                                live.count -= 1
                                if live.count == 0 && valueWhileBinding.isSet && side.isBinding {
                                    side.hit(.shareDisconnectsWhenCancelledWhileConnecting)
                                }
                            }
                            token.cancel()
                        }
                    }
                },
                combine: { up, _, _ in up.share().eraseToAnyPublisher() }
            )
        case "reduce":
            let initial = Int.random(in: 0...3, using: &random)
            return Stage(
                name: "reduce(\(initial), +)",
                signals: { up, _, _ in up.reduce(initial) { $0 &+ $1 } },
                combine: { up, _, _ in up.reduce(initial) { $0 &+ $1 }.eraseToAnyPublisher() }
            )
        case "collect":
            // The array as one Int (base 7), so histories stay lists of Ints.
            return Stage(
                name: "collect()",
                signals: { up, _, _ in up.collect().map { $0.reduce(1) { $0 &* 7 &+ $1 } } },
                combine: { up, _, _ in up.collect().map { $0.reduce(1) { $0 &* 7 &+ $1 } }.eraseToAnyPublisher() }
            )
        case "last":
            if Bool.random(using: &random) {
                return Stage(
                    name: "last()",
                    signals: { up, _, _ in up.last() },
                    combine: { up, _, _ in up.last().eraseToAnyPublisher() }
                )
            }
            let m = Int.random(in: 2...3, using: &random)
            return Stage(
                name: "last(where: x%\(m)==0)",
                signals: { up, _, _ in up.last { $0 % m == 0 } },
                combine: { up, _, _ in up.last { $0 % m == 0 }.eraseToAnyPublisher() }
            )
        case "append":
            if mayBindSources, Bool.random(using: &random) {
                var stage = Stage(
                    name: "append(sI)",
                    signals: { up, side, i in up.append(side.source(i)) },
                    combine: { up, side, i in up.append(side.source(i)).eraseToAnyPublisher() }
                )
                stage.usesInnerSource = true
                return stage
            }
            let values = (0..<Int.random(in: 1...2, using: &random)).map { _ in Int.random(in: 0...5, using: &random) }
            return Stage(
                name: "append(\(values.map(String.init).joined(separator: ", ")))",
                signals: { up, _, _ in up.append(contentsOf: values) },
                combine: { up, _, _ in up.append(values).eraseToAnyPublisher() }
            )
        case "skip(while:)":
            let bound = Int.random(in: 0...5, using: &random)
            return Stage(
                name: "skip(while: x<\(bound))",
                signals: { up, _, _ in up.skip(while: { $0 < bound }) },
                combine: { up, _, _ in up.drop(while: { $0 < bound }).eraseToAnyPublisher() }
            )
        case "scan(into:)":
            let initial = Int.random(in: 0...3, using: &random)
            return Stage(
                name: "scan(into: \(initial), +=)",
                signals: { up, _, _ in up.scan(into: initial) { $0 = $0 &+ $1 } },
                combine: { up, _, _ in up.scan(initial) { $0 &+ $1 }.eraseToAnyPublisher() }
            )
        case "prepend(stream)":
            if mayBindSources {
                var stage = Stage(
                    name: "prepend(sI)",
                    signals: { up, side, i in up.prepend(side.source(i)) },
                    combine: { up, side, i in up.prepend(side.source(i)).eraseToAnyPublisher() }
                )
                stage.usesInnerSource = true
                return stage
            }
            let values = (0..<Int.random(in: 0...2, using: &random)).map { _ in Int.random(in: 0...5, using: &random) }
            return Stage(
                name: "prepend(sequence \(values))",
                signals: { up, _, _ in up.prepend(Observable.sequence(values)) },
                combine: { up, _, _ in up.prepend(values.publisher).eraseToAnyPublisher() }
            )
        case "ignoreValues":
            return Stage(
                name: "ignoreValues()",
                signals: { up, _, _ in up.ignoreValues() },
                combine: { up, _, _ in up.ignoreOutput().map { _ -> Int in }.eraseToAnyPublisher() }
            )
        case "removeDuplicates(by:)":
            let m = Int.random(in: 2...3, using: &random)
            if Bool.random(using: &random) {
                return Stage(
                    name: "removeDuplicates(by: key x%\(m))",
                    signals: { up, _, _ in up.removeDuplicates(by: { $0 % m }) },
                    combine: { up, _, _ in up.removeDuplicates { $0 % m == $1 % m }.eraseToAnyPublisher() }
                )
            }
            return Stage(
                name: "removeDuplicates(by: a%\(m)==b%\(m))",
                signals: { up, _, _ in up.removeDuplicates { $0 % m == $1 % m } },
                combine: { up, _, _ in up.removeDuplicates { $0 % m == $1 % m }.eraseToAnyPublisher() }
            )
        case "share(in:)":
            // Connected where the pipeline is built, before the script plays: Combine's
            // `multicast(subject:)` + `connect()`.
            return Stage(
                name: "share(in:)",
                queuesReentrantSends: true,
                demandsLater: true,
                signals: { up, side, _ in
                    // Probe: a value that reaches the connection before the first binding
                    // (a property's replay, a cold sequence, a property set before anyone
                    // binds) is `share-in-drops-values-before-its-first-binding`.
                    let bindings = Counter()
                    return up.handleEvents(onValue: { _ in
                        if bindings.count == 0 { side.hit(.shareInDropsValuesBeforeItsFirstBinding) }
                    })
                    .share(in: side.connections)
                    .handleEvents(onBind: { bindings.count += 1 })
                },
                combine: { up, side, _ in
                    let connectable = up.multicast(subject: PassthroughSubject<Int, Never>())
                    side.connections.append(connectable.connect())
                    return connectable.eraseToAnyPublisher()
                }
            )
        default:
            fatalError("unknown stage \(name)")
        }
    }
}

import Dispatch
import Foundation
import Signals
import SignalsTesting
import Testing

/// Issue 26's soak: 4 senders and 24 churners binding and cancelling chains of every
/// multi-source operator, a `Property`, `share` and `receive(on:)`+`debounce` on the same
/// streams, with one stable binding timing how stale its deliveries get. It runs in a process
/// of its own (an exit test), for a bounded time, and fails by itself:
///
/// - a thread still inside a Signals call 10 s after the stop (the livelock: on the engine
///   before issue 26, the thread setting `property.value` spun in `StreamCore.drain` for as long
///   as anyone watched);
/// - the stable binding receiving nothing for more than 2 s while values wait (the stalls:
///   churners binding `a.flatMapLatest { _ in b }`, or `receive(on:)`+`debounce`);
/// - a value sent to the stable binding and never delivered;
/// - resident memory growing by more than 256 MB.
///
/// Under a sanitizer the run is shorter and the 2 s and memory bounds are not checked (the
/// sanitizers' own slowness and shadow memory would break them); the liveness bounds are.
///
/// It runs as a CI step of its own (`.ci/run`: `SIGNALS_SOAK=1 swift test --skip-build --filter
/// ChurnSoakTests`), not inside the whole suite: 28 busy threads for 20 s on a 2-core machine
/// would starve the suite's tests that wait on the main actor with a timeout.
/// The time limit covers a child process that never exits (a hang fails the test by name).
@Suite(.deadlockWatchdog, .timeLimit(.minutes(3))) struct ChurnSoakTests {
    static let seconds: Double = FloodTests.isSanitized ? 8 : 20

    /// Whether the soak was asked for (`SIGNALS_SOAK=1`).
    static var isRequested: Bool {
        guard let value = getenv("SIGNALS_SOAK") else { return false }
        return String(cString: value) == "1"
    }

    @Test(.linuxOnly, .soakStep)
    func sendersAndChurnersOnEveryMultiSourceOperatorNeitherHangNorStall() async {
        let result = await withBlockingReadsOffThePool {
            await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                ChurnSoak.run(seconds: ChurnSoakTests.seconds)
            }
        }
        let broken = result.map {
            String(decoding: $0.standardOutputContent, as: UTF8.self).split(separator: "\n")
                .filter { $0.hasPrefix("broken: ") }.map(String.init)
        } ?? ["broken: the soak process did not exit normally"]
        let summary = result.map {
            String(decoding: $0.standardOutputContent, as: UTF8.self).split(separator: "\n")
                .filter { $0.hasPrefix("soak: ") }.joined(separator: " ")
        } ?? ""
        print(summary)
        #expect(broken.isEmpty, "the churn soak broke: \(broken)")
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a timed, CPU-bound test only in a step of `.ci/run` of its own (`SIGNALS_SOAK=1
    /// swift test --skip-build --filter …`), a process beside nothing else: inside the
    /// whole suite its busy threads, and the cooperative-pool threads an exit test holds, would
    /// starve the tests that wait with a time limit.
    static var soakStep: Self {
        .enabled(if: ChurnSoakTests.isRequested, "a step of .ci/run: SIGNALS_SOAK=1 swift test --filter ChurnSoakTests (or ForEightSeconds)")
    }
}

/// The soak itself (see `ChurnSoakTests`). Prints `soak: …` figures and one `broken: …` line per
/// bound it broke.
enum ChurnSoak {
    final class Shared: @unchecked Sendable {
        // Lock holder: every field is guarded by `lock`.
        let lock = NSLock()
        var stop = false
        var sent = 0
        var received = 0
        var lastDelivery = DispatchTime.now().uptimeNanoseconds
        var finishedThreads = 0
        var insideCall: Set<String> = []

        func withLock<R>(_ body: (Shared) -> R) -> R {
            lock.lock()
            defer { lock.unlock() }
            return body(self)
        }
    }

    /// The chains churners bind: every multi-source operator, a property, share, and
    /// receive(on:)+debounce on a concurrent queue.
    static func chain(_ kind: Int, a: Subject<Int>, b: Subject<Int>, property: Property<Int>, queue: DispatchQueueScheduler) -> Observable<Int> {
        switch kind % 13 {
        case 0: return property.asObservable().zip(b.asObservable()).map { $0.0 &+ $0.1 }
        case 1: return a.flatMapLatest { _ in b.asObservable() }
        case 2: return a.receive(on: queue).debounce(for: .microseconds(100), scheduler: queue)
        case 3: return a.asObservable().merge(with: b.asObservable())
        case 4: return a.asObservable().combineLatest(b.asObservable()).map { $0.0 }
        case 5: return a.asObservable().zip(b.asObservable()).map { $0.0 }
        case 6: return a.asObservable().withLatestFrom(property.asObservable())
        case 7: return a.asObservable().share()
        case 8: return property.asObservable().combineLatest(b.asObservable()).map { $0.0 }
        case 9: return a.asObservable().sample(on: b.asObservable())
        case 10: return a.flatMap { _ in b.asObservable().take(1) }
        case 11: return a.flatMap(maxConcurrent: 2) { _ in b.asObservable().take(1) }
        default: return a.asObservable().take(until: b.asObservable())
        }
    }

    /// Writes a line to standard output at once (the process may exit right after).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func run(seconds: Double) {
        let a = Subject<Int>(), b = Subject<Int>(), property = Property(0)
        let queue = DispatchQueueScheduler(queue: DispatchQueue(label: "soak", attributes: .concurrent))
        let shared = Shared()
        let stable = a.bind { _ in
            shared.withLock { $0.received += 1; $0.lastDelivery = DispatchTime.now().uptimeNanoseconds }
        }
        let group = DispatchGroup()
        func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
            group.enter()
            let thread = Thread {
                body()
                shared.withLock { $0.finishedThreads += 1 }
                group.leave()
            }
            thread.name = name
            thread.start()
        }
        /// Marks `name` as inside a Signals call while `call` runs.
        @Sendable func inside(_ name: String, _ call: () -> Void) {
            shared.withLock { _ = $0.insideCall.insert(name) }
            call()
            shared.withLock { _ = $0.insideCall.remove(name) }
        }
        for sender in 0..<4 {
            spawn("sender \(sender)") {
                var step = 0
                while !shared.withLock({ $0.stop }) {
                    step &+= 1
                    switch sender {
                    case 0: inside("sender 0 (property.value = …)") { property.value = step }
                    case 1: inside("sender 1 (b.send)") { b.send(step) }
                    default:
                        shared.withLock { $0.sent += 1 }
                        inside("sender \(sender) (a.send)") { a.send(step) }
                    }
                }
            }
        }
        for churner in 0..<24 {
            spawn("churner \(churner)") {
                var step = churner
                while !shared.withLock({ $0.stop }) {
                    step &+= 1
                    inside("churner \(churner)") {
                        let bag = CancellableBag()
                        chain(step, a: a, b: b, property: property, queue: queue).bind { _ in }.store(in: bag)
                        if step.isMultiple(of: 2) { bag.cancelAll() }
                    }
                }
            }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let baseline = FloodTests.residentBytes()
        var longestStall: UInt64 = 0
        var peakGrowth = 0
        while DispatchTime.now().uptimeNanoseconds - start < UInt64(seconds * 1e9) {
            usleep(20_000)
            let (waiting, since) = shared.withLock { ($0.sent - $0.received, $0.lastDelivery) }
            let now = DispatchTime.now().uptimeNanoseconds
            if waiting > 0, now > since { longestStall = max(longestStall, now - since) }
            peakGrowth = max(peakGrowth, FloodTests.residentBytes() - baseline)
        }
        shared.withLock { $0.stop = true }
        let returned = group.wait(timeout: .now() + 10) == .success
        let (sent, received, stuck) = shared.withLock { ($0.sent, $0.received, $0.insideCall.sorted()) }
        say("soak: \(sent) values sent to the stable binding, \(received) received; longest stall \(longestStall / 1_000_000) ms; peak memory growth \(peakGrowth >> 20) MB")
        if !returned {
            say("broken: 10 s after the stop, still inside a Signals call: \(stuck.joined(separator: ", "))")
            // The stuck threads cannot be joined: leave at once with the verdict printed.
            exit(0)
        }
        if sent != received { print("broken: \(sent) values sent to the stable binding, \(received) delivered") }
        if !FloodTests.isSanitized {
            if longestStall > 2_000_000_000 { print("broken: the stable binding received nothing for \(longestStall / 1_000_000) ms while values waited (bound: 2000 ms)") }
            if peakGrowth > 256 << 20 { print("broken: memory grew by \(peakGrowth >> 20) MB (bound: 256 MB)") }
        }
        withExtendedLifetime(stable) {}
    }
}

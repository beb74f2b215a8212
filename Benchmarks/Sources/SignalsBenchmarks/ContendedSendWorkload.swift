import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenCombine
import Signals
import Synchronization

// Workload 15 (issue 44): four threads send into one subject with one binding, as fast as they
// can; the cost of a send, wall clock over all sends. Signals delivers one value at a time, as
// its contract says (a sender that finds a delivery running queues its value for the drainer).
// OpenCombine's `PassthroughSubject` serializes nothing: its sinks run on the senders' threads
// at once, so its handler adds with an atomic. The second row gives OpenCombine's sink a lock,
// which is what a handler that is not thread-safe needs there: the same contract as Signals'.

func contendedSendWorkload(_ configuration: Configuration) -> [Row] {
    progress("15. contended send: 4 threads send into one subject, one binding")
    let sends = configuration.count(1_000_000)
    let signals = measure("Signals", nominal: sends, configuration: configuration, ContendedRuns.signals)
    let openCombine = measure("OpenCombine", nominal: sends, configuration: configuration, ContendedRuns.openCombine)
    let serialized = measure("OpenCombine, sink locked", nominal: sends, configuration: configuration,
                             ContendedRuns.openCombineSerialized)
    return [
        Row(id: "15", name: "contended send, 4 threads, per send", unit: "ns/send",
            signals: signals.median, openCombine: openCombine.median,
            note: "OpenCombine's sinks run concurrently (atomic add); Signals delivers one at a time"),
        Row(id: "15", name: "contended send, 4 threads, OpenCombine sink locked", unit: "ns/send",
            signals: signals.median, openCombine: serialized.median,
            note: "OpenCombine column: its sink adds under a Mutex, serialized as Signals' contract is"),
    ]
}

enum ContendedRuns {
    static let threads = 4

    /// `sends` sends in all, split over four threads into one Signals subject.
    @Sendable static func signals(sends: Int) -> UInt64 {
        let subject = Subject<Int>()
        let accumulator = Accumulator()
        let token = subject.asObservable().bind { accumulator.total &+= $0 }
        let elapsed = onFourThreads(sends: sends) { value in subject.send(value) }
        token.cancel()
        consume(accumulator.total)
        return elapsed
    }

    /// The same sends into an OpenCombine `PassthroughSubject`, whose sink adds atomically.
    @Sendable static func openCombine(sends: Int) -> UInt64 {
        // OpenCombine's subjects are thread-safe but not marked Sendable.
        nonisolated(unsafe) let subject = PassthroughSubject<Int, Never>()
        let total = Atomic<Int>(0)
        let token = subject.sink { total.wrappingAdd($0, ordering: .relaxed) }
        let elapsed = withExtendedLifetime(total) { onFourThreads(sends: sends) { value in subject.send(value) } }
        token.cancel()
        consume(total.load(ordering: .relaxed))
        return elapsed
    }

    /// The same sends into a `PassthroughSubject` whose sink adds under a lock.
    @Sendable static func openCombineSerialized(sends: Int) -> UInt64 {
        nonisolated(unsafe) let subject = PassthroughSubject<Int, Never>()
        let total = Mutex<Int>(0)
        let token = subject.sink { value in total.withLock { $0 &+= value } }
        let elapsed = withExtendedLifetime(total) { onFourThreads(sends: sends) { value in subject.send(value) } }
        token.cancel()
        consume(total.withLock { $0 })
        return elapsed
    }

    /// Runs `send` `sends` times in all on four threads started first and released together;
    /// returns the wall clock from the release to the last thread's end.
    static func onFourThreads(sends: Int, _ send: @escaping @Sendable (Int) -> Void) -> UInt64 {
        let perThread = max(1, sends / threads)
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            SenderThread.start {
                ready.signal()
                go.wait()
                let first = thread * perThread
                for value in first..<(first + perThread) { send(value) }
                done.leave()
            }
        }
        for _ in 0..<threads { ready.wait() }
        let start = now()
        for _ in 0..<threads { go.signal() }
        done.wait()
        return now() - start
    }
}

/// A thread of its own (not a pool's: four senders must run at once, whatever the pool's width).
enum SenderThread {
    static func start(_ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
        var handle = pthread_t()
        #else
        var handle: pthread_t?
        #endif
        let result = pthread_create(&handle, nil, { argument in
            Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
            return nil
        }, box)
        precondition(result == 0, "pthread_create failed: \(result)")
        #if canImport(Glibc)
        pthread_detach(handle)
        #else
        pthread_detach(handle!)
        #endif
    }
}

import Dispatch
import Signals
import SignalsTesting
import Testing
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Flood control (The Signals contract, "Floods"): the queue behind a delivery is bounded for
/// senders on other threads, who wait for room; a drainer hands its role to a waiting sender
/// after its turn; a handler's own sends never wait; order is kept. Every test here is driven
/// by handlers that block on semaphores, never by timing. Every wait is bounded (Support.swift,
/// "Waiting with a bound"), so a deadlock fails its test by name.
@Suite(.deadlockWatchdog) struct FloodTests {
    /// Spins until `condition` holds; the deadline only turns a hang into a failure.
    func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
        while !condition() {
            if DispatchTime.now().uptimeNanoseconds > deadline { return false }
            sched_yield()
        }
        return true
    }

    static func threadID() -> UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    @Test(.timeLimit(.minutes(1))) func aSenderOnAnotherThreadWaitsWhileTheQueueIsFullAndEveryValueArrivesInOrder() {
        let subject = Subject<Int>()
        let limit = Subject<Int>.queueLimit
        let history = LockedList<Int>()
        let inDelivery = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let token = subject.asObservable().bind { value in
            history.append(value)
            if value == -1 {
                inDelivery.signal()
                release.waitOrFail("the release")
            }
        }
        let drainerDone = DispatchSemaphore(value: 0)
        detachThread {
            subject.send(-1)
            drainerDone.signal()
        }
        guard inDelivery.waitOrFail("the delivery of -1") else { return }
        // This thread is not the drainer: it fills the queue without waiting.
        for value in 0..<limit { subject.send(value) }
        #expect(subject.queuedCount == limit)
        #expect(subject.parkedSenderCount == 0)
        let lateSenderReturned = Counter()
        let lateSenderDone = DispatchSemaphore(value: 0)
        detachThread {
            subject.send(limit)
            lateSenderReturned.increment()
            lateSenderDone.signal()
        }
        #expect(waitUntil { subject.parkedSenderCount == 1 })
        #expect(subject.queuedCount == limit)
        #expect(lateSenderReturned.value == 0)
        release.signal()
        drainerDone.waitOrFail("the drainer's return")
        lateSenderDone.waitOrFail("the late sender's return")
        #expect(history.elements == [-1] + Array(0...limit))
        #expect(subject.queuedCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test(.timeLimit(.minutes(1))) func theDrainerHandsItsRoleToAWaitingSenderOnceItsTurnIsUsedUp() {
        let subject = Subject<Int>()
        let limit = Subject<Int>.queueLimit
        #expect(Subject<Int>.turnLimit <= limit + 1)
        let history = LockedList<Int>()
        let deliveredBy = LockedList<UInt>()
        let gates = (first: DispatchSemaphore(value: 0), last: DispatchSemaphore(value: 0))
        let inDelivery = DispatchSemaphore(value: 0)
        let token = subject.asObservable().bind { value in
            history.append(value)
            deliveredBy.append(Self.threadID())
            if value == -1 || value == limit - 1 {
                inDelivery.signal()
                (value == -1 ? gates.first : gates.last).waitOrFail("the gate")
            }
        }
        let drainerThread = LockedList<UInt>()
        let drainerDone = DispatchSemaphore(value: 0)
        detachThread {
            drainerThread.append(Self.threadID())
            subject.send(-1)
            drainerDone.signal()
        }
        guard inDelivery.waitOrFail("the delivery of -1") else { return }
        for value in 0..<limit { subject.send(value) }
        gates.first.signal()
        // The drainer delivers its own value and the queue: a whole turn. It waits in the last one.
        guard inDelivery.waitOrFail("the delivery of the last queued value") else { return }
        #expect(subject.queuedCount == 0)
        let senderThread = LockedList<UInt>()
        let senderDone = DispatchSemaphore(value: 0)
        detachThread {
            senderThread.append(Self.threadID())
            subject.send(limit)
            senderDone.signal()
        }
        // Its turn is used up, so a sender from another thread waits to take the role over.
        #expect(waitUntil { subject.parkedSenderCount == 1 })
        gates.last.signal()
        drainerDone.waitOrFail("the drainer's return")
        senderDone.waitOrFail("the sender's return")
        #expect(history.elements == [-1] + Array(0...limit))
        let threads = deliveredBy.elements
        #expect(threads.dropLast().allSatisfy { $0 == drainerThread.elements[0] })
        #expect(threads.last == senderThread.elements[0])
        withExtendedLifetime(token) {}
    }

    @Test(.timeLimit(.minutes(1))) func reEntrantSendsBeyondTheQueueLimitNeverWaitAndKeepTheirOrder() {
        let count = Subject<Int>.queueLimit * 3
        // On a thread of its own: a send that waits for itself would block this one for good.
        let run = runBounded("the handler's sends beyond the queue limit") { () -> (mostQueued: Int, history: [Int], parked: Int) in
            let subject = Subject<Int>()
            var history: [Int] = []
            var mostQueued = 0
            let token = subject.asObservable().bind { value in
                history.append(value)
                if value == 0 {
                    for next in 1...count { subject.send(next) }
                    mostQueued = subject.queuedCount
                }
            }
            subject.send(0)
            withExtendedLifetime(token) {}
            return (mostQueued, history, subject.parkedSenderCount)
        }
        guard let run else { return }
        #expect(run.mostQueued == count)
        #expect(run.history == Array(0...count))
        #expect(run.parked == 0)
    }

    @Test(.timeLimit(.minutes(1))) func propertyWritesFromAWaitingSenderAreDeliveredOnceAndTheLastOneIsCurrent() {
        let property = Property(0)
        let limit = Subject<Int>.queueLimit
        let history = LockedList<Int>()
        let inDelivery = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let token = property.asObservable().bind { value in
            history.append(value)
            if value == -1 {
                inDelivery.signal()
                release.waitOrFail("the release")
            }
        }
        let drainerDone = DispatchSemaphore(value: 0)
        detachThread {
            property.value = -1
            drainerDone.signal()
        }
        guard inDelivery.waitOrFail("the delivery of -1") else { return }
        for value in 1...limit { property.value = value }
        let writerDone = DispatchSemaphore(value: 0)
        detachThread {
            property.modify { $0 = limit + 1 }
            writerDone.signal()
        }
        // The waiting write has not happened yet: the current value is the last queued one.
        #expect(waitUntil { property.parkedSenderCount == 1 })
        #expect(property.value == limit)
        release.signal()
        drainerDone.waitOrFail("the drainer's return")
        writerDone.waitOrFail("the writer's return")
        #expect(history.elements == [0, -1] + Array(1...(limit + 1)))
        #expect(property.value == limit + 1)
        withExtendedLifetime(token) {}
    }

    @Test(.timeLimit(.minutes(1))) func fourThreadsFloodingOneSubjectDeliverEveryValueInEachThreadsOrder() {
        let subject = Subject<Int>()
        let perThread = 50_000
        let run = runBounded("the four senders' return") { () -> (delivered: Int, outOfOrder: Int) in
            var outOfOrder = 0
            var latest = [Int](repeating: -1, count: 4)
            var delivered = 0
            let token = subject.asObservable().bind { value in
                // Serialized: one handler call at a time, so plain state is safe here.
                let thread = value / perThread
                if value <= latest[thread] { outOfOrder += 1 }
                latest[thread] = value
                delivered += 1
            }
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for step in 0..<perThread { subject.send(thread * perThread + step) }
            }
            token.cancel()
            return (delivered, outOfOrder)
        }
        guard let run else { return }
        #expect(run.delivered == 4 * perThread)
        #expect(run.outOfOrder == 0)
        #expect(subject.queuedCount == 0)
        #expect(subject.parkedSenderCount == 0)
    }

    @Test(.timeLimit(.minutes(3))) func handlersSendingIntoEachOthersFloodedSubjectsFromTwoThreadsDoNotDeadlock() {
        let first = Subject<Int>()
        let second = Subject<Int>()
        let perThread = 20_000
        let received = Counter()
        // Each value crosses to the other subject once: a cycle across two threads.
        let firstToken = first.asObservable().bind { value in
            received.increment()
            if value >= 0 { second.send(-1) }
        }
        let secondToken = second.asObservable().bind { value in
            received.increment()
            if value >= 0 { first.send(-1) }
        }
        let done = DispatchSemaphore(value: 0)
        detachThread {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                let target = thread == 0 ? first : second
                for step in 0..<perThread { target.send(step) }
            }
            done.signal()
        }
        // A deadlock would never signal; the bound only turns it into a failure.
        guard done.waitOrFail("the two senders' return", seconds: 120) else { return }
        #expect(received.value == 4 * perThread)
        withExtendedLifetime((firstToken, secondToken)) {}
    }

    // MARK: Operators with more than one source (issue 22 item 5)

    /// Blocks a delivery of `stream` (the one `sendFirst` causes, whose output `value` reads as
    /// -1) on another thread, fills the queue behind it with `sendSecond(0..<limit)`, then sends
    /// once more from a third thread: returns whether that sender waited (instead of queueing
    /// past the limit), and the whole history once released.
    func floodBehindABlockedDelivery<Output>(
        _ stream: Observable<Output>,
        sendFirst: @escaping @Sendable () -> Void,
        sendSecond: @escaping @Sendable (Int) -> Void,
        value: @escaping @Sendable (Output) -> Int
    ) -> (lateSenderWaited: Bool, history: [Int]) {
        let limit = Subject<Int>.queueLimit
        let history = LockedList<Int>()
        let inDelivery = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let token = stream.bind { output in
            history.append(value(output))
            if value(output) == -1 {
                inDelivery.signal()
                release.waitOrFail("the release")
            }
        }
        let drainerDone = DispatchSemaphore(value: 0)
        detachThread {
            sendFirst()
            drainerDone.signal()
        }
        guard inDelivery.waitOrFail("the delivery of -1") else { return (false, []) }
        // This thread is not the operator's drainer: it fills the operator's queue.
        for value in 0..<limit { sendSecond(value) }
        let lateSender = LockedList<UInt>()
        let lateSenderReturned = Counter()
        let lateSenderDone = DispatchSemaphore(value: 0)
        detachThread {
            lateSender.append(Self.threadID())
            sendSecond(limit)
            lateSenderReturned.increment()
            lateSenderDone.signal()
        }
        let settled = waitUntil {
            lateSenderReturned.value == 1 || lateSender.elements.first.map(isParkedInSend) == true
        }
        let waited = settled && lateSenderReturned.value == 0
        release.signal()
        drainerDone.waitOrFail("the drainer's return")
        lateSenderDone.waitOrFail("the late sender's return")
        withExtendedLifetime(token) {}
        return (waited, history.elements)
    }

    @Test(.timeLimit(.minutes(1))) func aSenderIntoAFloodedMergeWaitsWhileItsQueueIsFullAndEveryValueArrivesInOrder() {
        let (first, second) = (Subject<Int>(), Subject<Int>())
        let result = floodBehindABlockedDelivery(
            first.merge(with: second),
            sendFirst: { first.send(-1) },
            sendSecond: { second.send($0) }
        ) { $0 }
        #expect(result.lateSenderWaited)
        #expect(result.history == [-1] + Array(0...Subject<Int>.queueLimit))
    }

    @Test(.timeLimit(.minutes(1))) func aSenderIntoAFloodedCombineLatestWaitsWhileItsQueueIsFullAndEveryValueArrivesInOrder() {
        let (first, second) = (Subject<Int>(), Property(-2))
        // (-1, -2) blocks; then each write to `second` emits (-1, value).
        let result = floodBehindABlockedDelivery(
            first.combineLatest(second),
            sendFirst: { first.send(-1) },
            sendSecond: { second.value = $0 }
        ) { $0.1 == -2 ? -1 : $0.1 }
        #expect(result.lateSenderWaited)
        #expect(result.history == [-1] + Array(0...Subject<Int>.queueLimit))
    }

    /// The process's resident memory in bytes (Linux: `/proc/self/statm`; 0 elsewhere, where
    /// the memory bound is then not checked).
    static func residentBytes() -> Int {
        #if os(Linux)
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return 0 }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return 0
        #endif
    }

    /// One sender's longest send, in time and in handler calls made meanwhile.
    struct Worst: Sendable {
        var nanoseconds: UInt64 = 0
        var deliveries = 0
    }

    /// What a timed flood measured.
    struct FloodRun {
        var sends = 0
        var delivered = 0
        var longestSendNanoseconds: UInt64 = 0
        /// The most handler calls that happened while one send was in progress: what "no send
        /// is held for others' work without bound" means, whatever the machine's load.
        var mostDeliveriesDuringOneSend = 0
        var peakGrowthBytes = 0
    }

    /// Four threads call `send(thread, step)` for `seconds` into a stream whose handler is slower
    /// than a send (issue 11's W9, the benchmark's workload 11). The flood stops early once
    /// memory has grown past the bound, so an unbounded queue fails the test without taking
    /// the machine's memory.
    func flood(
        _ stream: Observable<Int>,
        seconds: Double = 8,
        send: @escaping @Sendable (_ thread: Int, _ step: Int) -> Void
    ) -> FloodRun {
        let bound = 64 << 20
        let delivered = Counter()
        let token = stream.bind { value in
            var x = value
            for _ in 0..<50 {
                x = x &* 31 &+ 7
                x ^= x >> 3
            }
            delivered.increment(by: x == .min ? 2 : 1)
        }
        let baseline = Self.residentBytes()
        let peak = Counter()
        let stop = Counter()
        let samplerDone = DispatchSemaphore(value: 0)
        detachThread {
            let start = DispatchTime.now().uptimeNanoseconds
            while stop.value == 0 {
                let growth = Self.residentBytes() - baseline
                if growth > peak.value { peak.store(growth) }
                if growth > bound || Double(DispatchTime.now().uptimeNanoseconds - start) > seconds * 1e9 {
                    stop.store(1)
                }
                usleep(5_000)
            }
            samplerDone.signal()
        }
        let sends = Counter()
        let longest = LockedList<Worst>()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var step = 0
            var worst = Worst()
            while stop.value == 0 {
                for _ in 0..<64 {
                    let deliveredBefore = delivered.value
                    let before = DispatchTime.now().uptimeNanoseconds
                    send(thread, step)
                    worst.nanoseconds = max(worst.nanoseconds, DispatchTime.now().uptimeNanoseconds - before)
                    worst.deliveries = max(worst.deliveries, delivered.value - deliveredBefore)
                    step += 1
                }
            }
            sends.increment(by: step)
            longest.append(worst)
        }
        samplerDone.waitOrFail("the memory sampler's end", seconds: 120)
        token.cancel()
        return FloodRun(
            sends: sends.value,
            delivered: delivered.value,
            longestSendNanoseconds: longest.elements.map(\.nanoseconds).max() ?? 0,
            mostDeliveriesDuringOneSend: longest.elements.map(\.deliveries).max() ?? 0,
            peakGrowthBytes: peak.value
        )
    }

    /// A send waits at most for its own turn and the turns of the threads waiting before it,
    /// about 1,024 deliveries each, and the queue (at most 1,024 plus one per thread), once per
    /// stream it passes through (a subject's drainer is also the operator's): 64 turns. Seen:
    /// about 14 turns; an unbounded drainer delivers millions in 8 s.
    static let deliveriesOneSendMayWaitFor = 64 * Subject<Int>.turnLimit

    /// 250 ms (issue 11's target), or 1 s under a sanitizer, which slows every handler call
    /// about tenfold.
    static var longestSendBudget: UInt64 {
        #if os(Linux)
        let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)
        #else
        let defaultHandle = UnsafeMutableRawPointer(bitPattern: -2)
        #endif
        let sanitized = dlsym(defaultHandle, "__tsan_init") != nil || dlsym(defaultHandle, "__asan_init") != nil
        return sanitized ? 1_000_000_000 : 250_000_000
    }

    // The timed floods run in a process of their own (an exit test): the memory bound is on the
    // process's resident size, which other suites running in parallel would grow too. The child
    // prints each bound it broke; the parent records them. A bound on wall-clock time alone can
    // be broken by a machine that stalls any thread for a quarter second (a loaded 2-core CI
    // host): such a flood is run once more, and fails only if it breaks a bound again. The
    // handler-call bound is the load-independent form of "no send waits for others' work".
    //
    // They run in a step of `.ci/run` of their own (`SIGNALS_SOAK=1 swift test --filter
    // ForEightSeconds`), not inside the whole suite: four
    // busy threads for 8 s (16 s with the second run) took a 2-core host from the suite's
    // waiting tests, and the quarter second is a bound for a machine that is not busy otherwise
    // (beside four busy processes both runs broke it).

    @Test(.linuxOnly, .timeLimit(.minutes(3)), .soakStep)
    func fourThreadsFloodingAMergeForEightSecondsKeepMemoryBoundedAndNoSendWaitsLong() async {
        var broken = await Self.mergeFlood()
        if Self.onlyWallClockBroken(broken) { broken = await Self.mergeFlood() }
        #expect(broken.isEmpty, "the merge flood broke: \(broken)")
    }

    @Test(.linuxOnly, .timeLimit(.minutes(3)), .soakStep)
    func fourThreadsFloodingACombineLatestForEightSecondsKeepMemoryBoundedAndNoSendWaitsLong() async {
        var broken = await Self.combineLatestFlood()
        if Self.onlyWallClockBroken(broken) { broken = await Self.combineLatestFlood() }
        #expect(broken.isEmpty, "the combineLatest flood broke: \(broken)")
    }

    /// A merge of four subjects flooded by four threads, in a process of its own: the bounds it broke.
    static func mergeFlood() async -> [String] {
        let result = await withBlockingReadsOffThePool {
            await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                alarm(90)  // a flood that never ends (a deadlock) is killed: the exit test fails by name
                let subjects = (0..<4).map { _ in Subject<Int>() }
                let run = FloodTests().flood(Observable.merge(subjects.map { $0.asObservable() })) { thread, step in
                    subjects[thread].send(step)
                }
                FloodTests.printBrokenBounds(of: run, everyValueDelivered: true)
            }
        }
        return brokenBounds(in: result)
    }

    /// A combineLatest of two subjects flooded by four threads, in a process of its own: the
    /// bounds it broke.
    static func combineLatestFlood() async -> [String] {
        let result = await withBlockingReadsOffThePool {
            await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                alarm(90)  // a flood that never ends (a deadlock) is killed: the exit test fails by name
                let (first, second) = (Subject<Int>(), Subject<Int>())
                let run = FloodTests().flood(first.combineLatest(second) { $0 &+ $1 }) { thread, step in
                    (thread.isMultiple(of: 2) ? first : second).send(step)
                }
                FloodTests.printBrokenBounds(of: run, everyValueDelivered: false)
            }
        }
        return brokenBounds(in: result)
    }

    /// Prints one `broken: …` line per bound `run` broke (memory growth < 64 MB, unless a
    /// sanitizer's shadow memory counts in it; handler calls during one send; every value
    /// delivered), and a `slow: …` line for the wall-clock bound on the longest send.
    static func printBrokenBounds(of run: FloodRun, everyValueDelivered: Bool) {
        if !isSanitized, run.peakGrowthBytes >= 64 << 20 {
            print("broken: memory grew by \(run.peakGrowthBytes) bytes (bound: 64 MB)")
        }
        if run.mostDeliveriesDuringOneSend > deliveriesOneSendMayWaitFor {
            print("broken: one send waited for \(run.mostDeliveriesDuringOneSend) handler calls (bound: \(deliveriesOneSendMayWaitFor))")
        }
        if run.sends == 0 { print("broken: no send was made") }
        if everyValueDelivered, run.delivered != run.sends {
            print("broken: \(run.sends) sends but \(run.delivered) deliveries")
        }
        if run.longestSendNanoseconds >= longestSendBudget {
            print("slow: the longest send took \(run.longestSendNanoseconds / 1_000_000) ms (bound: \(longestSendBudget / 1_000_000) ms)")
        }
    }

    /// The `broken:` and `slow:` lines a flood process printed (or why there are none to read).
    static func brokenBounds(in result: ExitTest.Result?) -> [String] {
        guard let result else { return ["broken: the flood process did not exit normally"] }
        return String(decoding: result.standardOutputContent, as: UTF8.self)
            .split(separator: "\n")
            .filter { $0.hasPrefix("broken: ") || $0.hasPrefix("slow: ") }
            .map(String.init)
    }

    /// Whether a flood broke only the wall-clock bound (and so may be run once more).
    static func onlyWallClockBroken(_ broken: [String]) -> Bool {
        !broken.isEmpty && broken.allSatisfy { $0.hasPrefix("slow: ") }
    }

    /// Whether a sanitizer runs this process (its shadow memory counts in the resident size).
    static var isSanitized: Bool {
        let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)
        return dlsym(defaultHandle, "__tsan_init") != nil || dlsym(defaultHandle, "__asan_init") != nil
    }
}

import OpenCombine

/// A virtual-time scheduler for OpenCombine with the same rules as SignalsTesting's
/// `TestScheduler`: nothing runs until `advance(to:)`; work due at the same time runs in the
/// order it was scheduled (FIFO), including work scheduled by running work.
///
/// Single-threaded by design: the conformance run drives everything from one thread.
final class VirtualScheduler: OpenCombine.Scheduler {
    /// A virtual instant, in nanoseconds since zero.
    struct Time: Strideable, Hashable {
        var nanoseconds: Int

        func distance(to other: Time) -> Stride {
            Stride(other.nanoseconds - nanoseconds)
        }

        func advanced(by stride: Stride) -> Time {
            Time(nanoseconds: nanoseconds + stride.nanoseconds)
        }
    }

    /// A virtual duration, in nanoseconds.
    struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable {
        var nanoseconds: Int

        init(_ nanoseconds: Int) { self.nanoseconds = nanoseconds }
        init(integerLiteral value: Int) { nanoseconds = value }
        init?<T: BinaryInteger>(exactly source: T) {
            guard let value = Int(exactly: source) else { return nil }
            nanoseconds = value
        }

        var magnitude: UInt { nanoseconds.magnitude }

        static func seconds(_ s: Int) -> Stride { Stride(s * 1_000_000_000) }
        static func seconds(_ s: Double) -> Stride { Stride(Int(s * 1_000_000_000)) }
        static func milliseconds(_ ms: Int) -> Stride { Stride(ms * 1_000_000) }
        static func microseconds(_ us: Int) -> Stride { Stride(us * 1_000) }
        static func nanoseconds(_ ns: Int) -> Stride { Stride(ns) }

        static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
        static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.nanoseconds + rhs.nanoseconds) }
        static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.nanoseconds - rhs.nanoseconds) }
        static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.nanoseconds * rhs.nanoseconds) }
        static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
    }

    typealias SchedulerTimeType = Time
    typealias SchedulerOptions = Never

    private struct Work {
        let due: Time
        let sequence: Int
        let interval: Stride?
        let action: () -> Void
        let token: Token
    }

    /// Cancels one scheduled action (and its repetitions).
    final class Token: OpenCombine.Cancellable {
        private(set) var isCancelled = false
        func cancel() { isCancelled = true }
    }

    private(set) var now = Time(nanoseconds: 0)
    private var sequence = 0
    /// Sorted by (due, sequence).
    private var queue: [Work] = []

    var minimumTolerance: Stride { .zero }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        enqueue(at: now, interval: nil, action, token: Token())
    }

    func schedule(after date: Time, tolerance: Stride, options: Never?, _ action: @escaping () -> Void) {
        enqueue(at: date, interval: nil, action, token: Token())
    }

    func schedule(
        after date: Time,
        interval: Stride,
        tolerance: Stride,
        options: Never?,
        _ action: @escaping () -> Void
    ) -> OpenCombine.Cancellable {
        let token = Token()
        enqueue(at: date, interval: interval, action, token: token)
        return token
    }

    private func enqueue(at date: Time, interval: Stride?, _ action: @escaping () -> Void, token: Token) {
        sequence += 1
        let work = Work(
            due: Swift.max(date, now), sequence: sequence, interval: interval, action: action, token: token
        )
        let index = queue.firstIndex { ($0.due.nanoseconds, $0.sequence) > (work.due.nanoseconds, work.sequence) }
        queue.insert(work, at: index ?? queue.endIndex)
    }

    /// Runs every action due up to `instant`, in time order, then sets the time to `instant`.
    func advance(to instant: Time) {
        while let first = queue.first, first.due <= instant {
            queue.removeFirst()
            now = Swift.max(now, first.due)
            guard !first.token.isCancelled else { continue }
            first.action()
            if let interval = first.interval, !first.token.isCancelled {
                enqueue(at: first.due.advanced(by: Swift.max(interval, Stride(1))), interval: interval,
                        first.action, token: first.token)
            }
        }
        now = Swift.max(now, instant)
    }
}

extension VirtualScheduler.Time: Comparable {
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

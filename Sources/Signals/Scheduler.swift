import Dispatch

/// Where and when work runs: immediately, on a dispatch queue or the main queue, or in virtual
/// time (`TestScheduler` in SignalsVirtualTime, which SignalsTesting re-exports).
///
/// Times are Swift `Duration`s on every scheduler. Work scheduled for the same time runs in the
/// order it was scheduled. Operators that move delivery onto a scheduler (`receive(on:)`,
/// `delay`, `debounce`, `throttle`) keep delivery serialized per binding, and need a serial
/// scheduler to keep values in order.
public protocol Scheduler: Sendable {
    /// The scheduler's current time, measured from a fixed origin of its own.
    var now: Duration { get }

    /// Runs `action` as soon as the scheduler allows.
    func schedule(_ action: @escaping @Sendable () -> Void)

    /// Runs `action` once `delay` has passed; cancelling the result prevents it if it has not
    /// started.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Cancellable

    /// Runs `action` as soon as the scheduler allows; cancelling the result prevents it if it
    /// has not started, and takes it off the scheduler where the scheduler can.
    @discardableResult
    func scheduleCancellable(_ action: @escaping @Sendable () -> Void) -> Cancellable
}

extension Scheduler {
    /// Schedules through `schedule(_:)` (the fallback for schedulers written before this
    /// requirement existed, and `DispatchQueueScheduler`'s implementation): cancelling releases
    /// `action` at once, and what reaches the scheduler's turn then does nothing.
    @discardableResult
    public func scheduleCancellable(_ action: @escaping @Sendable () -> Void) -> Cancellable {
        let slot = Locked<(@Sendable () -> Void)?>(action)
        let token = AnyCancellable { _ = slot.withLock { $0.take() } }
        // The scheduled work holds the token, so a discarded result does not cancel it.
        schedule { withExtendedLifetime(token) { slot.withLock { $0.take() }?() } }
        return token
    }
}

/// Runs every action at once, on the calling thread. Delays are ignored (as with Combine's
/// `ImmediateScheduler`): `schedule(after:)` runs the action immediately.
public struct ImmediateScheduler: Scheduler {
    /// Creates an immediate scheduler.
    public init() {}

    /// Monotonic time since an arbitrary origin.
    public var now: Duration {
        .nanoseconds(Int64(bitPattern: DispatchTime.now().uptimeNanoseconds))
    }

    /// Runs `action` now.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        action()
    }

    /// Runs `action` now, ignoring `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Cancellable {
        action()
        return AnyCancellable()
    }

    /// Runs `action` now; the result has nothing left to cancel.
    @discardableResult
    public func scheduleCancellable(_ action: @escaping @Sendable () -> Void) -> Cancellable {
        schedule(after: .zero, action)
    }
}

/// Runs actions asynchronously on a `DispatchQueue`. Use a serial queue (such as `.main`) for
/// ordered delivery. A cancelled action is released at once; its turn on the queue does nothing.
public struct DispatchQueueScheduler: Scheduler {
    /// The queue actions run on.
    public let queue: DispatchQueue

    /// Creates a scheduler for `queue`.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Monotonic time (`DispatchTime` uptime).
    public var now: Duration {
        .nanoseconds(Int64(bitPattern: DispatchTime.now().uptimeNanoseconds))
    }

    /// Runs `action` asynchronously on the queue.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        queue.async(execute: action)
    }

    /// Runs `action` on the queue after `delay` (negative delays mean now).
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Cancellable {
        let token = AnyCancellable()
        queue.asyncAfter(deadline: .now() + DispatchTimeInterval(clamping: delay)) {
            if !token.isCancelled { action() }
        }
        return token
    }
}

extension Scheduler where Self == ImmediateScheduler {
    /// A scheduler that runs work at once on the calling thread.
    public static var immediate: ImmediateScheduler { ImmediateScheduler() }
}

extension Scheduler where Self == DispatchQueueScheduler {
    /// The main queue.
    public static var main: DispatchQueueScheduler { DispatchQueueScheduler(queue: .main) }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at `Int64` bounds.
    @inlinable
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow2 { return seconds < 0 ? .min : .max }
        return total
    }
}

extension DispatchTimeInterval {
    /// `duration` as a dispatch interval, never trapping: negative durations are zero, and
    /// the finest unit whose count fits in `Int` is used. `Int` is 32 bits on watchOS
    /// (arm64_32), where `.nanoseconds(Int(ns))` traps from about 2.15 s on.
    init(clamping duration: Duration) {
        let (unit, count) = dispatchIntervalParts(nanoseconds: duration.nanoseconds, as: Int.self)
        switch unit {
        case .nanoseconds: self = .nanoseconds(count)
        case .microseconds: self = .microseconds(count)
        case .milliseconds: self = .milliseconds(count)
        case .seconds: self = .seconds(count)
        }
    }
}

/// The units `dispatchIntervalParts` chooses from.
enum DispatchIntervalUnit: Equatable {
    case nanoseconds, microseconds, milliseconds, seconds
}

/// The finest unit, and the count in it, that represents `nanoseconds` (negative means zero)
/// in the integer type `I`; seconds saturate at `I.max`. Generic over `I` so that tests check
/// the 32-bit case (`Int32`, as `Int` on watchOS) on a 64-bit machine.
func dispatchIntervalParts<I: FixedWidthInteger>(
    nanoseconds: Int64,
    as type: I.Type
) -> (DispatchIntervalUnit, I) {
    let nanoseconds = max(0, nanoseconds)
    if let count = I(exactly: nanoseconds) { return (.nanoseconds, count) }
    if let count = I(exactly: nanoseconds / 1_000) { return (.microseconds, count) }
    if let count = I(exactly: nanoseconds / 1_000_000) { return (.milliseconds, count) }
    return (.seconds, I(clamping: nanoseconds / 1_000_000_000))
}

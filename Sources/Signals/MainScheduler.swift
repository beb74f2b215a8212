import Dispatch

/// Runs actions on the main queue: **at once** when called on the main queue with nothing of
/// this scheduler's still waiting there, otherwise asynchronously (RxSwift's
/// `MainScheduler.instance`, combine-schedulers' `UIScheduler`).
///
/// ```swift
/// output.title
///     .receive(on: .mainInline)     // on main already: delivered in this turn
///     .bind { label.text = $0 }
///     .store(in: bag)
/// ```
///
/// Two main-queue schedulers, for two needs:
/// - ``Scheduler/main`` (``DispatchQueueScheduler``) always hops: even on main, the action runs
///   in a later turn of the main queue. Nothing runs inside the caller's stack; a view model
///   test must run the main queue (or inject another scheduler) to see the value.
/// - `.mainInline` (``MainScheduler``) runs inline on main, so a `@MainActor` view model and
///   its tests see outputs synchronously, as RxSwift users expect; from another thread it
///   hops like `.main`. Order is kept: while actions it sent to the main queue are still
///   waiting, a call on main waits behind them instead of running first.
///
/// "On main" means the main dispatch queue, which is the main actor's executor (and, on Apple
/// platforms, the main thread). On Linux the main queue is drained by a worker thread while
/// `swift test` runs, so the check is a queue-specific key, not `Thread.isMainThread`.
///
/// Delays (`schedule(after:)`) always go through the main queue.
public struct MainScheduler: Scheduler {
    /// The scheduler (it has no state of its own: the main queue is one for the process).
    public static let instance = MainScheduler()

    /// Actions sent to the main queue and not yet run, over every `MainScheduler`.
    private static let waiting = Locked(0)

    /// Creates the main-queue scheduler that runs inline on main.
    public init() {}

    /// Whether the caller runs on the main queue (on Apple platforms, also the main thread).
    public static var isOnMainQueue: Bool { MainQueueMarker.shared.isCurrent }

    /// Monotonic time (`DispatchTime` uptime).
    public var now: Duration {
        .nanoseconds(Int64(bitPattern: DispatchTime.now().uptimeNanoseconds))
    }

    /// Runs `action` now if on main with nothing of this scheduler waiting there; otherwise
    /// asynchronously on the main queue.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        if runsInline() {
            action()
            MainScheduler.waiting.withLock { $0 -= 1 }
            return
        }
        DispatchQueue.main.async {
            action()
            MainScheduler.waiting.withLock { $0 -= 1 }
        }
    }

    /// Runs `action` on the main queue after `delay` (never inline).
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Cancellable {
        DispatchQueueScheduler(queue: .main).schedule(after: delay, action)
    }

    /// Runs `action` now if on main with nothing of this scheduler waiting there (the result
    /// then has nothing left to cancel); otherwise asynchronously on the main queue, where a
    /// cancelled action does nothing.
    @discardableResult
    public func scheduleCancellable(_ action: @escaping @Sendable () -> Void) -> Cancellable {
        if runsInline() {
            action()
            MainScheduler.waiting.withLock { $0 -= 1 }
            return AnyCancellable()
        }
        let slot = Locked<(@Sendable () -> Void)?>(action)
        let token = AnyCancellable { _ = slot.withLock { $0.take() } }
        DispatchQueue.main.async {
            withExtendedLifetime(token) { slot.withLock { $0.take() }?() }
            MainScheduler.waiting.withLock { $0 -= 1 }
        }
        return token
    }

    /// Counts the action as waiting, and says whether it may run at once: on main, with
    /// nothing sent to the main queue before it still waiting (an action scheduled from inside
    /// an inline one waits its turn too).
    private func runsInline() -> Bool {
        let before = MainScheduler.waiting.withLock { count -> Int in
            defer { count += 1 }
            return count
        }
        return before == 0 && MainScheduler.isOnMainQueue
    }
}

extension Scheduler where Self == MainScheduler {
    /// The main queue, inline when already on it (``MainScheduler``); ``Scheduler/main`` always
    /// hops.
    public static var mainInline: MainScheduler { MainScheduler.instance }
}

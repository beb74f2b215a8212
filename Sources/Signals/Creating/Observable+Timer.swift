/// The decisions of `interval` and `timer`: how many ticks have been delivered, and the
/// pending timer.
struct IntervalStateMachine {
    /// The number of ticks after which the stream finishes (`Int.max`: never).
    let limit: Int
    private(set) var ticks = 0
    private var timer: (any Cancellable)?
    private var isCancelled = false

    init(limit: Int = .max) {
        self.limit = limit
    }

    /// Whether another timer is needed.
    var isRunning: Bool { !isCancelled && ticks < limit }

    /// A timer fired: deliver the next tick number (none after cancel), and the finish with
    /// the last one.
    mutating func timerFired() -> Emission<Int> {
        guard isRunning else { return .none }
        let tick = ticks
        ticks += 1
        return ticks == limit ? .valueAndFinish(tick) : .value(tick)
    }

    /// The next timer was scheduled: keep it, or hand it back to cancel when the binding ended.
    mutating func timerScheduled(_ token: any Cancellable) -> (any Cancellable)? {
        guard isRunning else { return token }
        timer = token
        return nil
    }

    /// The binding was cancelled: returns the pending timer, to cancel outside the lock.
    mutating func cancelled() -> (any Cancellable)? {
        isCancelled = true
        return timer.take()
    }
}

extension Observable where Value == Int {
    /// Delivers 0, 1, 2, … every `period` on `scheduler`, starting one `period` after each
    /// binding; never finishes (RxSwift's `interval`).
    ///
    /// ```swift
    /// let seconds = Observable.interval(.seconds(1), scheduler: .main)
    ///     .take(until: input.stopTapped)
    ///     .bind { label.text = "\($0) s" }
    /// ```
    ///
    /// Each binding has its own ticks, timed from its bind on `scheduler.now`: tick `n` is due
    /// `(n + 1) × period` after the bind, so a late timer does not shift the ones after it.
    /// Cancelling the binding cancels the pending timer. `period` must be positive, and the
    /// scheduler must honour delays: `ImmediateScheduler` runs every tick at once, forever, so
    /// it is refused.
    public static func interval(_ period: Duration, scheduler: some Scheduler) -> Observable<Int> {
        precondition(period > .zero, "interval(_:scheduler:) needs a positive period")
        precondition(!(scheduler is ImmediateScheduler), "interval(_:scheduler:) never ends on ImmediateScheduler, which ignores delays")
        return ticking(first: period, period: period, limit: .max, scheduler: scheduler)
    }

    /// Tick `n` (from 0) is due `first + n × period` after the bind; finishes after `limit`.
    static func ticking(first: Duration, period: Duration, limit: Int, scheduler: some Scheduler) -> Observable<Int> {
        Observable { downstream in
            let serializer = Serializer(state: IntervalStateMachine(limit: limit), downstream: downstream)
            let start = scheduler.now
            @Sendable func scheduleTick(_ number: Int) {
                let delay = start + first + period * number - scheduler.now
                let timer = scheduler.schedule(after: delay) {
                    serializer.run { $0.timerFired() }
                    if serializer.withState({ $0.isRunning }) { scheduleTick(number + 1) }
                }
                serializer.withState { $0.timerScheduled(timer) }?.cancel()
            }
            scheduleTick(0)
            return AnyCancellable {
                serializer.cancel()
                serializer.withState { $0.cancelled() }?.cancel()
            }
        }
    }
}

extension Observable where Value == Void {
    /// Delivers `()` once, `delay` after each binding on `scheduler`, then finishes
    /// (RxSwift's `timer`, Combine's `Just(()).delay(for:scheduler:)`).
    ///
    /// ```swift
    /// Observable.timer(.seconds(3), scheduler: .main)
    ///     .bind { banner.hide() }
    ///     .store(in: bag)
    /// ```
    ///
    /// Cancelling the binding before then cancels the timer (its pending work is removed).
    public static func timer(_ delay: Duration, scheduler: some Scheduler) -> Observable<Void> {
        Observable<Int>.ticking(first: delay, period: .zero, limit: 1, scheduler: scheduler).map { _ in }
    }
}

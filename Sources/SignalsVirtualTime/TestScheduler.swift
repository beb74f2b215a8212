import Signals

/// A scheduler with virtual time, for tests: nothing runs until you `advance(by:)` or `run()`.
///
/// Time starts at zero. Work scheduled for the same time runs in the order it was scheduled
/// (FIFO), including work scheduled by work that is running. Actions run on the thread that
/// calls `advance`/`run`, outside the scheduler's lock.
///
/// The scheduler also fixes the *tick* of marble diagrams (one `-`), 100 ms unless you pass
/// another: hot inputs made with `hotObservable(_:)` and recorders bound with this scheduler
/// use it, and ``ticks(_:)`` converts a tick count to a `Duration`.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recorder = Recorder(query.debounce(for: .milliseconds(300), scheduler: scheduler),
///                         scheduler: scheduler)
/// query.send("a")
/// scheduler.advance(by: .milliseconds(300))
/// #expect(recorder.values == ["a"])
/// ```
public final class TestScheduler: Scheduler, @unchecked Sendable {
    // Lock holder: `state` is guarded by `lock`.
    private struct Work {
        let due: Duration
        let sequence: UInt64
        let action: @Sendable () -> Void
        let token: AnyCancellable
    }

    private struct State {
        var now: Duration = .zero
        var sequence: UInt64 = 0
        /// Sorted by (due, sequence).
        var queue: [Work] = []
    }

    private let lock = Locked()
    private var state = State()

    /// The tick used when no other is given: 100 milliseconds, so a 300 ms debounce is `---`.
    public static let defaultTick: Duration = .milliseconds(100)

    /// The duration of one marble-diagram tick (`-`) on this scheduler.
    public let tick: Duration

    /// Creates a scheduler at virtual time zero whose marble diagrams use `tick` per step.
    public init(tick: Duration = TestScheduler.defaultTick) {
        precondition(tick > .zero, "A marble tick must be longer than zero")
        self.tick = tick
    }

    /// The duration of `count` ticks: `scheduler.ticks(3)` is 300 ms with the default tick.
    public func ticks(_ count: Int) -> Duration {
        tick * count
    }

    /// The current virtual time.
    public var now: Duration {
        lock.withLock { state.now }
    }

    /// The number of scheduled, not yet run, not cancelled actions.
    public var pendingCount: Int {
        lock.withLock { state.queue.filter { !$0.token.isCancelled }.count }
    }

    /// Schedules `action` at the current virtual time; it runs on the next `advance`/`run`.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        _ = enqueue(after: .zero, action)
    }

    /// Schedules `action` `delay` after the current virtual time.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Cancellable {
        enqueue(after: delay, action)
    }

    /// Schedules `action` at the current virtual time; cancelling the result takes it out of
    /// the queue (it no longer counts in ``pendingCount`` and `run()` does not wait for it).
    @discardableResult
    public func scheduleCancellable(_ action: @escaping @Sendable () -> Void) -> Cancellable {
        enqueue(after: .zero, action)
    }

    private func enqueue(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> AnyCancellable {
        lock.withLock {
            state.sequence += 1
            let (due, sequence) = (state.now + max(.zero, delay), state.sequence)
            // Cancelling takes the work out of the queue, so its action (and whatever it
            // captured: an operator's downstream, often a view model holding this scheduler)
            // is released at once instead of when virtual time reaches it, which may be never.
            let token = AnyCancellable { [weak self] in self?.remove(due: due, sequence: sequence) }
            let work = Work(due: due, sequence: sequence, action: action, token: token)
            let index = state.queue.partitioningIndex { ($0.due, $0.sequence) > (due, sequence) }
            state.queue.insert(work, at: index)
            return token
        }
    }

    /// Takes cancelled work out of the queue; it is released outside the lock (its action's
    /// captures may cancel more work on deinit).
    private func remove(due: Duration, sequence: UInt64) {
        let removed = lock.withLock { () -> Work? in
            let index = state.queue.partitioningIndex { ($0.due, $0.sequence) >= (due, sequence) }
            guard index < state.queue.count, state.queue[index].sequence == sequence else { return nil }
            return state.queue.remove(at: index)
        }
        withExtendedLifetime(removed) {}
    }

    /// Moves virtual time forward by `duration`, running every action due up to the new time,
    /// in time order (FIFO for equal times). `advance()` runs what is due now.
    public func advance(by duration: Duration = .zero) {
        precondition(duration >= .zero, "TestScheduler cannot go back in time")
        let target = lock.withLock { state.now + duration }
        advance(to: target)
    }

    /// Moves virtual time forward to `instant`, running every action due up to it.
    public func advance(to instant: Duration) {
        deliveringOffMainActor(by: TestScheduler.offMainActorAdvice) {
            while let work = nextWork(upTo: instant) {
                if !work.token.isCancelled { work.action() }
            }
        }
        lock.withLock { state.now = max(state.now, instant) }
    }

    /// Runs every scheduled action, advancing time to each, until none is left.
    ///
    /// - Parameters:
    ///   - limit: the most actions to run, to stop a schedule that never ends (a live
    ///   `interval`, or a timer that always reschedules itself). On reaching it, `run()` stops
    ///   and reports a test failure at its call site (with SignalsTesting linked; otherwise it
    ///   prints the message): the work not run stays scheduled, and the test
    ///   process goes on. A schedule that never ends is tested by time instead:
    ///   `scheduler.advance(by: .seconds(5))` runs exactly the ticks of five seconds.
    ///   - fileID: where the failure is reported (the caller's, by default).
    ///   - filePath: where the failure is reported (the caller's, by default).
    ///   - line: where the failure is reported (the caller's, by default).
    ///   - column: where the failure is reported (the caller's, by default).
    public func run(
        limit: Int = 100_000,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        var count = 0
        var reachedLimit = false
        deliveringOffMainActor(by: TestScheduler.offMainActorAdvice) {
            while count < limit, let work = nextWork(upTo: nil) {
                count += 1
                if !work.token.isCancelled { work.action() }
            }
            reachedLimit = count >= limit && hasScheduledWork
        }
        guard reachedLimit else { return }
        let message = "TestScheduler.run() ran \(limit) actions and stopped at \(now): the schedule does not end "
            + "(a live `interval` or a timer that reschedules itself). Advance by a time instead, "
            + "for example `scheduler.advance(by: .seconds(5))`, or cancel the repeating work first."
        TestScheduler.reportActionLimit(message, fileID, filePath, line, column)
    }

    /// Whether any action is still scheduled (cancelled ones included until their turn).
    public var hasScheduledWork: Bool {
        lock.withLock { !state.queue.isEmpty }
    }

    /// Reports that `run()` reached its action limit: SignalsTesting installs a reporter that
    /// records a test failure at the call site; without it the message is printed.
    package static var reportActionLimit: @Sendable (String, StaticString, StaticString, UInt, UInt) -> Void {
        get { actionLimitReporter.withLock { $0 } }
        set { actionLimitReporter.withLock { $0 = newValue } }
    }

    private static let actionLimitReporter = Locked<@Sendable (String, StaticString, StaticString, UInt, UInt) -> Void>(
        { message, fileID, _, line, _ in print("\(fileID):\(line): \(message)") }
    )

    /// What the debug main-actor check says when this scheduler, advanced off the main actor,
    /// delivers to a handler bound on it.
    static let offMainActorAdvice = "`TestScheduler.advance`/`run()` runs scheduled work (`receive(on:)`, "
        + "`delay`, `debounce`, `throttle`, marble inputs) on the thread that calls it, and it was "
        + "called off the main actor. Advance it from the main actor: make the test `@MainActor`, "
        + "and do not advance it from `Task.detached`, a `@Sendable` closure or a nonisolated "
        + "`async` helper (take `isolation: isolated (any Actor)? = #isolation` instead)"

    private func nextWork(upTo limit: Duration?) -> Work? {
        lock.withLock {
            guard let first = state.queue.first else { return nil }
            if let limit, first.due > limit { return nil }
            state.queue.removeFirst()
            state.now = max(state.now, first.due)
            return first
        }
    }
}

extension Array {
    /// The first index whose element satisfies `belongsInSecondPartition` (binary search over a
    /// partitioned array).
    fileprivate func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsInSecondPartition(self[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}

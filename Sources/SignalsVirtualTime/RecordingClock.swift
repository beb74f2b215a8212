import Signals

/// The clock a recording reads: its scheduler's time (`.zero` without a scheduler), the time
/// recording started, and the marble tick (the `TestScheduler`'s, or the default).
package struct RecordingClock: Sendable {
    private let read: (@Sendable () -> Duration)?
    /// The scheduler's time when recording started: tick 0 of its marble diagrams.
    package let startTime: Duration
    /// The duration of one marble tick.
    package let tick: Duration

    /// A clock reading `scheduler`'s time, if given.
    package init(scheduler: (any Scheduler)?) {
        if let scheduler {
            read = { scheduler.now }
        } else {
            read = nil
        }
        startTime = scheduler?.now ?? .zero
        tick = (scheduler as? TestScheduler)?.tick ?? TestScheduler.defaultTick
    }

    /// Whether a scheduler gives the times.
    package var hasScheduler: Bool { read != nil }

    /// The current time: the scheduler's, or `.zero`.
    package func now() -> Duration {
        read?() ?? .zero
    }
}

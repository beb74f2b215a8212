import Signals

/// Records every event of a stream, with the virtual time it happened at.
///
/// Bind it to the stream under test; assert on the whole history:
///
/// ```swift
/// let recorder = Recorder(subject.map { $0 * 2 })
/// subject.send(1)
/// subject.finish()
/// #expect(recorder.events == [.value(2), .finished])
/// ```
///
/// Thread-safe; the binding lives until `cancel()` or until the recorder is deallocated.
public final class Recorder<Value>: @unchecked Sendable {
    // Lock holder: `entries` is guarded by `lock`.

    /// One recorded event and when it happened.
    public struct Entry {
        /// The scheduler's time when the event arrived (`.zero` without a scheduler).
        public let time: Duration
        /// The event.
        public let event: Event<Value>
    }

    private let lock = Locked()
    private var storage: [Entry] = []
    private let clock: RecordingClock
    private var token: (any Cancellable)?

    /// The scheduler's time when recording started (`.zero` without a scheduler): tick 0 of
    /// the recorder's marble diagram.
    public var startTime: Duration { clock.startTime }

    /// The marble tick: the `TestScheduler`'s tick, or `TestScheduler.defaultTick`.
    var tick: Duration { clock.tick }

    /// Whether times come from a scheduler (without one, every event is at `.zero`).
    var hasScheduler: Bool { clock.hasScheduler }

    /// Binds to `observable` and records from now on; times come from `scheduler` when given.
    public init(_ observable: Observable<Value>, scheduler: (any Scheduler)? = nil) {
        clock = RecordingClock(scheduler: scheduler)
        let token = observable.bind(
            onValue: { [weak self] in self?.record(.value($0)) },
            onFinish: { [weak self] in self?.record(.finished) }
        )
        lock.withLock { self.token = token }
    }

    /// Binds to `stream` (an `Observable`, `Subject`, `Property` or any other
    /// `ObservableConvertible`) and records from now on.
    public convenience init(_ stream: some ObservableConvertible<Value>, scheduler: (any Scheduler)? = nil) {
        self.init(stream.asObservable(), scheduler: scheduler)
    }

    private func record(_ event: Event<Value>) {
        let time = clock.now()
        lock.withLock { storage.append(Entry(time: time, event: event)) }
    }

    /// Every event with its time, in order.
    public var entries: [Entry] { lock.withLock { storage } }

    /// Every event, in order.
    public var events: [Event<Value>] { entries.map(\.event) }

    /// The values, in order.
    public var values: [Value] {
        entries.compactMap { entry in
            if case .value(let value) = entry.event { return value }
            return nil
        }
    }

    /// The most recent value, if any.
    public var lastValue: Value? { values.last }

    /// Whether the stream finished.
    public var isFinished: Bool {
        entries.contains { if case .finished = $0.event { return true } else { return false } }
    }

    /// Forgets what was recorded so far (the binding stays).
    public func clear() {
        lock.withLock { storage.removeAll() }
    }

    /// Stops recording.
    public func cancel() {
        let token = lock.withLock { () -> (any Cancellable)? in
            defer { self.token = nil }
            return self.token
        }
        token?.cancel()
    }
}

extension Recorder.Entry: Equatable where Value: Equatable {}
extension Recorder.Entry: Sendable where Value: Sendable {}

/// Whether two `Void` events are the same event: `Event<Void>` cannot be `Equatable`, so
/// this lets `Recorder<Void>` histories compare.
public func == (lhs: Event<Void>, rhs: Event<Void>) -> Bool {
    switch (lhs, rhs) {
    case (.value, .value), (.finished, .finished): true
    default: false
    }
}

/// Whether two `Void` histories are the same: `#expect(taps.events == [.value(()), .finished])`.
public func == (lhs: [Event<Void>], rhs: [Event<Void>]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
}

/// Whether two `Void` histories differ.
public func != (lhs: [Event<Void>], rhs: [Event<Void>]) -> Bool {
    !(lhs == rhs)
}

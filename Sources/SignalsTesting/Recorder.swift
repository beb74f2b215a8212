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

    /// A test waiting for the recorder to reach `valueCount` values (or the finish).
    private struct Waiter {
        let valueCount: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private let lock = Locked()
    private var storage: [Entry] = []
    private var valueCount = 0
    private var isFinishedNow = false
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiterID = 0
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
        let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            storage.append(Entry(time: time, event: event))
            if case .value = event { valueCount += 1 } else { isFinishedNow = true }
            guard !waiters.isEmpty else { return [] }
            let met = waiters.filter { isFinishedNow || valueCount >= $0.value.valueCount }
            for id in met.keys { waiters[id] = nil }
            return met.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
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
        lock.withLock {
            storage.removeAll()
            valueCount = 0
            isFinishedNow = false
        }
    }

    // MARK: Waiting

    /// How long ``waitForValues(count:timeout:isolation:fileID:filePath:line:column:)`` and
    /// ``waitForNextValue(timeout:isolation:fileID:filePath:line:column:)`` wait, by default, before
    /// failing: a bound for a broken test, not a timing (a value that comes arrives as soon as
    /// its task runs).
    public static var defaultTimeout: Duration { .seconds(10) }

    /// Returns once the recorder holds at least `count` values, and returns them; fails the
    /// test at the caller's line if the stream finishes with fewer, or if they do not arrive
    /// within `timeout` of real time.
    ///
    /// For values a stream delivers in a later task, not while the test's send returns: the
    /// Observation bridge (`Observable.observing(model, \.query)`, which reads a change in a
    /// main-actor task after it), `Observable.task`, an AsyncSequence bridge fed from elsewhere.
    /// No `Task.yield()` loop, whose count of turns is a guess:
    ///
    /// ```swift
    /// let queries = Recorder(Observable.observing(model, \.query))   // [""]
    /// model.query = "swift"
    /// await queries.waitForValues(count: 2)
    /// #expect(queries.values == ["", "swift"])
    /// ```
    @discardableResult
    public func waitForValues(
        count: Int,
        timeout: Duration = Recorder.defaultTimeout,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> [Value] {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await wait(untilValueCount: count, timeout: timeout, isolation: isolation)
        let (have, finished) = lock.withLock { (valueCount, isFinishedNow) }
        if have < count {
            let why = finished ? "the stream finished" : "none more came within \(timeout)"
            recordTestFailure(
                "Expected \(Timeline.count(count, "value")) from the recorded stream; it has \(have) and \(why).",
                at: site
            )
        }
        return values
    }

    /// Returns the first value recorded after this call (waiting for it), or `nil` after
    /// failing the test at the caller's line if the stream finishes first or none comes within
    /// `timeout` of real time: "until the next change arrives".
    ///
    /// Runs on the caller's actor (`isolation`) until it waits, so a `@MainActor` test counts
    /// the values recorded so far before a main-actor task can deliver the next one.
    ///
    /// Call it after making a change that the stream delivers in a later task (an
    /// Observation-bridged property set on the main actor, from a `@MainActor` test); for a
    /// change that may already have arrived, count with
    /// ``waitForValues(count:timeout:isolation:fileID:filePath:line:column:)`` instead.
    ///
    /// ```swift
    /// model.query = "swift"
    /// #expect(await queries.waitForNextValue() == "swift")
    /// ```
    @discardableResult
    public func waitForNextValue(
        timeout: Duration = Recorder.defaultTimeout,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Value? {
        let before = lock.withLock { valueCount }
        let values = await waitForValues(
            count: before + 1, timeout: timeout, isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column
        )
        return values.count > before ? values[before] : nil
    }

    /// Suspends until the recorder holds `count` values, has finished, or `timeout` passed.
    private func wait(untilValueCount count: Int, timeout: Duration, isolation: isolated (any Actor)?) async {
        let id = lock.withLock { () -> Int in
            defer { nextWaiterID += 1 }
            return nextWaiterID
        }
        let watchdog = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            self?.wake(id)
        }
        defer { watchdog.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = lock.withLock { () -> Bool in
                if isFinishedNow || valueCount >= count { return true }
                waiters[id] = Waiter(valueCount: count, continuation: continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func wake(_ id: Int) {
        let waiter = lock.withLock { waiters.removeValue(forKey: id) }
        waiter?.continuation.resume()
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

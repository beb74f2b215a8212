import Signals

/// Records named streams into one log of time-stamped emissions, in the order they happened.
///
/// The recording half of SignalsTesting's `Timeline` (which adds exhaustive assertions), usable
/// outside tests: the Demo logs its view models' outputs with it.
///
/// ```swift
/// let log = EmissionLog(scheduler: scheduler)
/// log.record("isLoading", output.isLoading)
/// input.appeared.fire()
/// scheduler.advance(by: .milliseconds(300))
/// log.entries.map(\.description)   // ["isLoading: false @ 0.0 seconds", "isLoading: true @ …"]
/// log.marbles(for: "isLoading")    // "['false']--['true']"
/// ```
///
/// Thread-safe: streams may emit on any thread; entries are kept in emission order. The
/// bindings live until ``stopRecording()`` or until the log is deallocated.
public final class EmissionLog: @unchecked Sendable {
    // Lock holder: `entriesStorage` and `tokens` are guarded by `lock`.

    /// One emission: which stream, when, and what.
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// The stream's name, as recorded.
        public let name: String
        /// The scheduler's time when it was emitted (`.zero` without a scheduler).
        public let time: Duration
        /// The rendered value, or the finish.
        public let event: Event<String>
        /// The value as emitted (nil for a finish, or for an entry made from text).
        package let value: RecordedValue?

        /// Creates an entry from a rendered event.
        public init(name: String, time: Duration, event: Event<String>) {
            self.init(name: name, time: time, event: event, value: nil)
        }

        package init(name: String, time: Duration, event: Event<String>, value: RecordedValue?) {
            self.name = name
            self.time = time
            self.event = event
            self.value = value
        }

        /// `name: value @ time`, or `name: finished @ time`.
        public var description: String {
            "\(name): \(EmissionLog.render(event)) @ \(time)"
        }

        /// Entries are equal when name, time and rendered event are.
        public static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.identity == rhs.identity }

        /// Hashes name, time and rendered event.
        public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

        private var identity: EmissionIdentity<Duration> { EmissionIdentity(name: name, event: event, time: time) }
    }

    private let lock = Locked()
    private var entriesStorage: [Entry] = []
    private var tokens: [any Cancellable] = []
    private let clock: RecordingClock

    /// Tick 0 of ``marbles(for:tick:)``: the scheduler's time when the log was created.
    public var startTime: Duration { clock.startTime }
    /// The marble tick: the `TestScheduler`'s tick, or `TestScheduler.defaultTick`.
    public var tick: Duration { clock.tick }

    /// Creates an empty log; times come from `scheduler` when given.
    public init(scheduler: (any Scheduler)? = nil) {
        clock = RecordingClock(scheduler: scheduler)
    }

    deinit {
        stopRecording()
    }

    /// Records every event of `observable` under `name`, values rendered with `render` (by
    /// default ``defaultRender(_:)``); the values themselves are kept for typed comparison.
    public func record<Value>(
        _ name: String,
        _ observable: Observable<Value>,
        render: @escaping (Value) -> String = EmissionLog.defaultRender
    ) {
        // Bind outside the lock: a Property delivers its current value during `bind`.
        let token = observable.bind(
            onValue: { [weak self] value in
                self?.append(name, .value(render(value)), value: RecordedValue(value))
            },
            onFinish: { [weak self] in self?.append(name, .finished, value: nil) }
        )
        lock.withLock { tokens.append(token) }
    }

    /// Records every event of `stream` (a `Subject`, `Property` or any other
    /// `ObservableConvertible`) under `name`, values rendered with `render`.
    public func record<Stream: ObservableConvertible>(
        _ name: String,
        _ stream: Stream,
        render: @escaping (Stream.Value) -> String = EmissionLog.defaultRender
    ) {
        record(name, stream.asObservable(), render: render)
    }

    private func append(_ name: String, _ event: Event<String>, value: RecordedValue?) {
        let time = clock.now()
        lock.withLock { entriesStorage.append(Entry(name: name, time: time, event: event, value: value)) }
    }

    /// Every entry recorded, in emission order.
    public var entries: [Entry] { lock.withLock { entriesStorage } }

    /// How many entries have been recorded.
    public var count: Int { lock.withLock { entriesStorage.count } }

    /// One stream's entries in marble notation, ticks counted from ``startTime``.
    public func marbles(for name: String, tick: Duration? = nil) -> String {
        MarbleDiagram(
            timedEvents: entries.lazy.filter { $0.name == name }.map { ($0.time, $0.event) },
            startTime: startTime,
            tick: tick ?? self.tick
        ).description
    }

    /// Cancels every binding: nothing is recorded after it returns. Idempotent.
    public func stopRecording() {
        let tokens = lock.withLock { () -> [any Cancellable] in
            defer { self.tokens = [] }
            return self.tokens
        }
        for token in tokens { token.cancel() }
    }

    /// `String(describing:)` of the value, looking through optionals: `cat` for
    /// `Optional("cat")`, `nil` for `nil`.
    public static func defaultRender<Value>(_ value: Value) -> String {
        var unwrapped: Any = value
        while let optional = unwrapped as? any OptionalRendering {
            guard let wrapped = optional.wrappedForRendering else { return "nil" }
            unwrapped = wrapped
        }
        return String(describing: unwrapped)
    }

    /// `value` for a value, `finished` for the finish.
    package static func render(_ event: Event<String>) -> String {
        switch event {
        case .value(let value): return value
        case .finished: return "finished"
        }
    }
}

/// Lets ``EmissionLog/defaultRender(_:)`` look inside an optional stored as `Any`.
private protocol OptionalRendering {
    var wrappedForRendering: Any? { get }
}

extension Optional: OptionalRendering {
    fileprivate var wrappedForRendering: Any? { map { $0 as Any } }
}

/// What equality and hashing of a recorded or expected emission look at: the stream's name,
/// the rendered event and the time. The emitted value itself is kept beside it only for typed
/// comparisons, so two emissions that render alike are equal.
package struct EmissionIdentity<Time: Hashable>: Hashable {
    let name: String
    let event: Event<String>
    let time: Time

    package init(name: String, event: Event<String>, time: Time) {
        self.name = name
        self.event = event
        self.time = time
    }
}

import Signals

/// A hot test stream that plays a marble diagram on a `TestScheduler` and logs when each
/// binding started and ended (RxTest's `subscriptions`), so a test can assert that a view
/// model cancelled a request when a new query arrived.
///
/// ```swift
/// let response = try HotObservable("---r|", scheduler: scheduler)
/// let viewModel = SearchViewModel(search: { _ in response.asObservable() }, scheduler: scheduler)
/// input.query.send("a")                       // binds at 0
/// scheduler.advance(by: scheduler.ticks(1))
/// input.query.send("ab")                      // the first binding ends at 100 ms
/// #expect(response.subscriptions.first == HotObservable.Subscription(start: .zero, end: .milliseconds(100)))
/// ```
///
/// Operators and `bind` work on it directly (it is `ObservableConvertible`).
public final class HotObservable<Value>: ObservableConvertible, @unchecked Sendable {
    // Lock holder: `log` is guarded by `lock`.

    /// One binding's lifetime, in virtual time.
    public struct Subscription: Hashable, Sendable, CustomStringConvertible {
        /// When the binding was made.
        public var start: Duration
        /// When it was cancelled; nil while it is live.
        public var end: Duration?

        /// Creates a subscription record.
        public init(start: Duration, end: Duration? = nil) {
            self.start = start
            self.end = end
        }

        /// `start…end`, or `start…` while live.
        public var description: String {
            "\(start)…" + (end.map { "\($0)" } ?? "")
        }
    }

    private let subject = Subject<Value>()
    private let scheduler: TestScheduler
    private let lock = Locked()
    private var log: [Subscription] = []

    /// Plays `diagram` (values are its symbols) from the scheduler's current time.
    public convenience init(
        _ diagram: String,
        notation: MarbleNotation = .singleCharacterValues,
        scheduler: TestScheduler
    ) throws(MarbleDiagramError) where Value == String {
        self.init(scheduler: scheduler)
        try scheduler.send(diagram, notation: notation, to: subject)
    }

    /// Plays `diagram`, each symbol mapped through `values`, from the scheduler's current time.
    public convenience init(
        _ diagram: String,
        values: [String: Value],
        notation: MarbleNotation = .singleCharacterValues,
        scheduler: TestScheduler
    ) throws(MarbleDiagramError) {
        self.init(scheduler: scheduler)
        try scheduler.send(diagram, values: values, notation: notation, to: subject)
    }

    private init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Every binding's lifetime, in the order they were made.
    public var subscriptions: [Subscription] { lock.withLock { log } }

    /// The stream: each binding gets the events played from then on, and is logged.
    public func asObservable() -> Observable<Value> {
        Observable.create { [self] observer in
            let index = lock.withLock { () -> Int in
                log.append(Subscription(start: scheduler.now))
                return log.count - 1
            }
            let token = subject.bind(
                onValue: { observer.send($0) },
                onFinish: { observer.finish() }
            )
            return AnyCancellable { [self] in
                token.cancel()
                let now = scheduler.now
                lock.withLock { if log[index].end == nil { log[index].end = now } }
            }
        }
    }
}

/// A hot stream you send values into; bindings get the values sent after they bind (no replay).
///
/// ```swift
/// let refresh = Subject<Void>()
/// let token = refresh.bind { print("refresh") }
/// refresh.fire()
/// ```
///
/// A binding made during a delivery (in a handler, or on another thread) receives only values
/// sent after `bind` returned (see <doc:TheContract#Bindings-made-during-a-delivery>).
///
/// After `finish()`, sends are ignored and new bindings are finished at once.
/// Thread-safe: `send`, `finish` and binding may happen on any thread (see ``Observable``).
public final class Subject<Value> {
    @usableFromInline let core: StreamCore<Value>

    /// Creates a subject with no bindings.
    @inlinable
    public init() {
        core = StreamCore()
    }

    /// A subject whose senders park in `parking`, flooded at `limits` (the interleaving explorer's
    /// runs).
    package init(parking: ParkedSenders, limits: FloodLimits) {
        core = StreamCore(parking: parking, limits: limits)
    }

    /// Delivers `value` to every current binding, in the order they were made.
    @inlinable
    public func send(_ value: Value) {
        core.send(value)
    }

    /// Finishes the stream: every binding gets its finish, later sends are ignored.
    public func finish() {
        core.finish()
    }

    /// The stream of values sent from now on.
    @inlinable
    public func asObservable() -> Observable<Value> {
        let core = self.core
        return Observable { core.bind($0) }
    }

    /// The number of live bindings (for tests and diagnostics).
    public var bindingCount: Int { core.bindingCount }

    /// Values queued behind the running delivery (for tests of the flood control).
    package var queuedCount: Int { core.floodState.queued }

    /// `queuedCount` read without the lock: for the explorer, which reads it only while every
    /// thread that could touch the subject is stopped.
    package var unsynchronizedQueuedCount: Int { core.state.queuedCount }

    /// Senders on other threads parked because the subject is flooded (for tests).
    package var parkedSenderCount: Int { core.floodState.parked }

    /// Whether a thread holds the drainer role (for the explorer).
    package var isDelivering: Bool { core.isDelivering }

    /// How many values may be queued before senders on other threads wait (for tests).
    package static var queueLimit: Int { FloodLimits.standard.queueLimit }

    /// How many values one thread delivers before handing the role to a waiting sender.
    package static var turnLimit: Int { FloodLimits.standard.turnLimit }
}

extension Subject where Value == Void {
    /// Sends `()`: the idiom for event inputs such as `refresh` or `cancelTapped`.
    @inlinable
    public func fire() {
        core.send(())
    }
}

/// A subject can be shared across threads, tasks and actors when its values can: it makes its own
/// state thread-safe, but the values it hands over cross with them.
extension Subject: Sendable where Value: Sendable {}

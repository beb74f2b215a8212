/// A value that changes over time: it always has a current `value`, and every new binding
/// receives that value first, then each later change.
///
/// ```swift
/// let isLoading = Property(false)
/// let token = isLoading.bind { print($0) }   // prints false
/// isLoading.value = true                                     // prints true
/// ```
///
/// Every assignment is delivered, even of an equal value; add `removeDuplicates()` to skip
/// repeats. A property never finishes. Reading and writing `value` is thread-safe, but
/// `property.value += 1` is two operations (a read, then a write): another thread may write in
/// between and one of the increments is lost. Use ``modify(_:)`` for a read-modify-write.
///
/// A binding made while the property is delivering (from one of its handlers, or on another
/// thread) receives the current value once, then only later changes: never a value twice,
/// never an older one (see <doc:TheContract#Bindings-made-during-a-delivery>).
public final class Property<Value> {
    @usableFromInline let core: StreamCore<Value>
    /// The binding that feeds a property made with `init(initial:then:)`; lives as long as the
    /// property or any binding made from it.
    @usableFromInline let feed: (any Cancellable)?

    /// Creates a property holding `initialValue`.
    @inlinable
    public init(_ initialValue: Value) {
        core = StreamCore(currentValue: initialValue)
        feed = nil
    }

    /// A property whose writers park in `parking`, flooded at `limits` (the interleaving explorer's
    /// runs).
    package init(_ initialValue: Value, parking: ParkedSenders, limits: FloodLimits) {
        core = StreamCore(currentValue: initialValue, parking: parking, limits: limits)
        feed = nil
    }

    /// Creates a property holding `initial`, then each value of `values` for as long as the
    /// property lives (ReactiveSwift's `Property(initial:then:)`).
    ///
    /// ```swift
    /// let isLoading = Property(initial: false, then: requests.map { $0.isRunning })
    /// ```
    ///
    /// The property binds `values` at once and keeps that binding while the property or any
    /// binding made from it (directly or through operators) lives: a property made as a local
    /// in `transform` keeps feeding the outputs built from it. A finish of `values` leaves the
    /// last value in place. Setting `value` yourself still works, and the next value of
    /// `values` overwrites it.
    public init(initial: Value, then values: some ObservableConvertible<Value>) {
        let core = StreamCore(currentValue: initial)
        self.core = core
        feed = values.bind { core.send($0) }
    }

    /// The current value; setting it delivers the new value to every binding.
    @inlinable
    public var value: Value {
        get { core.currentValue }
        set { core.send(newValue) }
    }

    /// Changes the value in place and delivers the new value once, atomically: no other write
    /// can come between the read and the write.
    ///
    /// ```swift
    /// let count = Property(0)
    /// count.modify { $0 += 1 }   // safe from any number of threads at once
    /// ```
    ///
    /// `body` runs while the property holds its lock: keep it short, and do not read, write,
    /// bind or cancel a binding of the same property inside it. Such an access could never
    /// take the lock, so instead of deadlocking it stops the process with a message naming the
    /// property (`Property<Int> was read, written, bound or cancelled from inside its own modify
    /// or update closure`). Other properties may be used freely. If `body` throws, the value is
    /// left unchanged and nothing is delivered.
    @inlinable
    @discardableResult
    public func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try core.modify(body)
    }

    /// The current value on bind, then every change.
    ///
    /// For a property made with ``init(initial:then:)``, each binding also keeps the property's
    /// feed alive, so a chain built from a property made in a local scope keeps being fed for
    /// as long as its token is held.
    @inlinable
    public func asObservable() -> Observable<Value> {
        let core = self.core
        guard let feed else { return Observable { core.bind($0) } }
        // The token owns the feed (not the core: the feed's handler refers to the core), so the
        // feed ends once the property and every binding made from it are gone.
        return Observable { observer in
            let token = core.bind(observer)
            return AnyCancellable { withExtendedLifetime(feed) { token.cancel() } }
        }
    }

    /// The number of live bindings (for tests and diagnostics).
    public var bindingCount: Int { core.bindingCount }

    /// Writes queued behind the running delivery (for tests of the flood control).
    package var queuedCount: Int { core.floodState.queued }

    /// Writers on other threads parked because the property is flooded (for tests).
    package var parkedSenderCount: Int { core.floodState.parked }

    /// Whether a thread holds the drainer role (for the explorer).
    package var isDelivering: Bool { core.isDelivering }
}

/// A property can be shared across threads, tasks and actors when its values can: it makes its own
/// state thread-safe, but the values it hands over cross with them.
extension Property: Sendable where Value: Sendable {}

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
/// repeats. A property never finishes. Reading and writing `value` is thread-safe.
public final class Property<Value>: Sendable {
    @usableFromInline let core: StreamCore<Value>
    /// The binding that feeds a property made with `init(initial:then:)`; lives as long as it.
    @usableFromInline let feed: (any Cancellable)?

    /// Creates a property holding `initialValue`.
    @inlinable
    public init(_ initialValue: Value) {
        core = StreamCore(currentValue: initialValue)
        feed = nil
    }

    /// Creates a property holding `initial`, then each value of `values` for as long as the
    /// property lives (ReactiveSwift's `Property(initial:then:)`).
    ///
    /// ```swift
    /// let isLoading = Property(initial: false, then: requests.map { $0.isRunning })
    /// ```
    ///
    /// The property binds `values` at once and keeps that binding until it is deallocated;
    /// a finish of `values` leaves the last value in place. Setting `value` yourself still
    /// works, and the next value of `values` overwrites it.
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

    /// The current value on bind, then every change.
    @inlinable
    public func asObservable() -> Observable<Value> {
        let core = self.core
        return Observable { core.bind($0) }
    }

    /// The number of live bindings (for tests and diagnostics).
    public var bindingCount: Int { core.bindingCount }
}

/// The receiving end of a stream: what a binding gets called with.
///
/// ``Observable/create(_:)`` hands you one to send into. Calls through it are serialized:
/// values sent from several threads, or re-entrantly, are delivered one at a time in order,
/// and nothing is delivered after `finish()` or after the binding is cancelled.
public struct Observer<Value> {
    @usableFromInline package let onValue: (Value) -> Void
    @usableFromInline package let onFinish: () -> Void

    @inlinable
    init(onValue: @escaping (Value) -> Void, onFinish: @escaping () -> Void) {
        self.onValue = onValue
        self.onFinish = onFinish
    }

    /// Delivers `value` to the binding.
    @inlinable
    public func send(_ value: Value) { onValue(value) }

    /// Finishes the stream for this binding; later sends are ignored.
    @inlinable
    public func finish() { onFinish() }
}

// The only observers users can hold are the ones `create` hands out, and those are backed by a
// lock-holding `Serializer`: every call through them is thread-safe.
extension Observer: @unchecked Sendable where Value: Sendable {}

extension Observer where Value == Void {
    /// Delivers `()`.
    @inlinable
    public func fire() { onValue(()) }
}

/// One thing a stream can do: deliver a value, or finish.
public enum Event<Value> {
    /// A value.
    case value(Value)
    /// The stream finished; nothing follows.
    case finished
}

extension Event: Equatable where Value: Equatable {}
extension Event: Hashable where Value: Hashable {}
extension Event: Sendable where Value: Sendable {}

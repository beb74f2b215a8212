/// Mutable state for one binding of a single-source operator.
///
/// Not locked: a binding's handlers never run concurrently (every source serializes its
/// deliveries), and the source's lock orders deliveries made on different threads.
@usableFromInline
final class BindingState<Wrapped> {
    // Exclusive by construction (one binding's serialized handlers), so no runtime checks.
    @usableFromInline @exclusivity(unchecked) var value: Wrapped
    @inlinable init(_ value: Wrapped) { self.value = value }
}

/// Mutable state for one binding of a single-source operator.
///
/// Not locked: a binding's handlers never run concurrently (every source serializes its
/// deliveries), and the source's lock orders deliveries made on different threads.
@usableFromInline
final class Box<Wrapped> {
    @usableFromInline var value: Wrapped
    @inlinable init(_ value: Wrapped) { self.value = value }
}

/// A minimal first-in, first-out queue with amortized O(1) `append` and `popFirst`.
///
/// Used for the pending deliveries of a stream (re-entrant and concurrent sends). It keeps its
/// storage when emptied, so a stream that is re-entered often allocates once.
@usableFromInline
struct FIFOQueue<Element> {
    @usableFromInline var storage: ContiguousArray<Element?> = []
    @usableFromInline var head = 0

    @inlinable init() {}

    @inlinable var isEmpty: Bool { head == storage.count }

    @inlinable var count: Int { storage.count - head }

    /// The oldest element, if any, without removing it.
    @inlinable var first: Element? { head < storage.count ? storage[head] : nil }

    @inlinable mutating func append(_ element: Element) {
        storage.append(element)
    }

    @inlinable mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    @inlinable mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}

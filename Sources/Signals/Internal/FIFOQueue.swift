/// A minimal first-in, first-out queue with amortized O(1) `append` and `popFirst`.
///
/// Used for the pending deliveries of a stream (re-entrant and concurrent sends). It keeps its
/// storage when emptied, so a stream that is re-entered often allocates once.
@usableFromInline
package struct FIFOQueue<Element> {
    @usableFromInline package var storage: ContiguousArray<Element?> = []
    @usableFromInline package var head = 0

    @inlinable package init() {}

    @inlinable package var isEmpty: Bool { head == storage.count }

    @inlinable package var count: Int { storage.count - head }

    /// The oldest element, if any, without removing it.
    @inlinable package var first: Element? { head < storage.count ? storage[head] : nil }

    @inlinable package mutating func append(_ element: Element) {
        storage.append(element)
    }

    @inlinable package mutating func popFirst() -> Element? {
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

    @inlinable package mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}

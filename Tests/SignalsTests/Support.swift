import Synchronization
import Signals

/// A thread-safe counter for tests.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    func increment(by amount: Int = 1) { storage.add(amount, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}

/// A thread-safe list for tests.
final class LockedList<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])
    func append(_ element: Element) { storage.withLock { $0.append(element) } }
    var elements: [Element] { storage.withLock { $0 } }
}

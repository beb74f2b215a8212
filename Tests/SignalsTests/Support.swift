import Foundation
import Signals

/// A thread-safe counter for tests.
final class Counter: Sendable {
    private let storage = Locked<Int>(0)
    func increment(by amount: Int = 1) { storage.withLock { $0 += amount } }
    func store(_ value: Int) { storage.withLock { $0 = value } }
    var value: Int { storage.withLock { $0 } }
}

/// A thread-safe list for tests.
final class LockedList<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])
    func append(_ element: Element) { storage.withLock { $0.append(element) } }
    var elements: [Element] { storage.withLock { $0 } }
}

/// Runs `body` on a new thread of its own. Tests whose threads block on semaphores use this
/// rather than `DispatchQueue.global()`, whose pool (and the cooperative pool that runs the
/// tests) parallel tests can exhaust.
func detachThread(_ body: @escaping @Sendable () -> Void) {
    Thread.detachNewThread(body)
}

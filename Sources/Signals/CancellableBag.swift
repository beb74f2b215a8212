/// A thread-safe collection of cancellables that cancels them all on `cancelAll()` or `deinit`.
///
/// A view model keeps its bindings in its `bag`; when the view model goes away, so do they.
/// The bag is reusable: after `cancelAll()` new cancellables can be inserted. Cancellables
/// cancelled individually stay in the bag (and count) until `cancelAll()`, as in Combine's
/// `Set<AnyCancellable>`.
public final class CancellableBag: @unchecked Sendable {
    // Lock holder: `items` is guarded by `lock`.
    private let lock = Lock()
    private var items: [any Cancellable] = []

    /// Creates an empty bag.
    public init() {}

    deinit {
        for item in items { item.cancel() }
        lock.deallocate()
    }

    /// Adds `cancellable`; it is kept alive until the bag cancels it.
    public func insert(_ cancellable: any Cancellable) {
        lock.lock()
        items.append(cancellable)
        lock.unlock()
    }

    /// The number of cancellables held.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return items.count
    }

    /// Cancels and removes everything in the bag. Cancellation runs outside the bag's lock,
    /// so a cancelled binding may safely touch the bag.
    public func cancelAll() {
        lock.lock()
        let taken = items
        items = []
        lock.unlock()
        for item in taken { item.cancel() }
    }
}

import Dispatch
import Signals

/// One binder's binding: writes each value to the target on the main queue, in arrival order,
/// inline when it arrives on main with nothing of this binding waiting, else in a later turn.
///
/// The order is kept per binding (not over the process, as `MainScheduler` does): bindings of
/// different binders do not wait for each other's hops.
///
/// `@unchecked Sendable` because it is a lock holder: `state` is guarded by its lock, `write`
/// and `target` are used only on the main queue.
final class MainThreadDelivery<Target: AnyObject, Value>: @unchecked Sendable {
    private weak var target: Target?
    private let write: (Target, Value) -> Void
    private let state = Locked(MainHopState<Value>())
    private let upstream = Locked<Cancellable?>(nil)

    init(target: Target, write: @escaping (Target, Value) -> Void) {
        self.target = target
        self.write = write
    }

    /// Binds `source` and returns the token that ends the binding.
    func start(_ source: Observable<Value>) -> Cancellable {
        let token = source.bind(isolation: nil) { [self] value in receive(value) }
        let early = upstream.withLock { stored -> Bool in
            if state.withLock({ $0.isCancelled }) { return true }
            stored = token
            return false
        }
        if early { token.cancel() }
        // The handler holds `self`; the caller's token must not, or releasing it would leave
        // the upstream binding alive (self → upstream token → handler → self).
        return AnyCancellable { [self] in cancel() }
    }

    private func receive(_ value: Value) {
        switch state.withLock({ $0.valueArrived(value, onMain: MainScheduler.isOnMainQueue) }) {
        case .writeNow: deliver(value)
        case .scheduleDrain: DispatchQueue.main.async { [self] in drain() }
        case .none: break
        }
    }

    /// Runs on the main queue: writes the waiting values, oldest first, and those that arrive
    /// while it writes.
    private func drain() {
        while let value = state.withLock({ $0.nextWaiting() }) {
            deliver(value.value)
        }
    }

    private func deliver(_ value: Value) {
        guard let target else {
            cancel()
            return
        }
        write(target, value)
    }

    private func cancel() {
        state.withLock { $0.cancelled() }
        upstream.withLock { $0.take() }?.cancel()
    }
}

/// The decisions of ``MainThreadDelivery``: write now, wait behind the values already waiting
/// for the main queue, or schedule the main queue's turn.
struct MainHopState<Value> {
    enum Action: Equatable {
        /// On main with nothing waiting: write in the caller's turn.
        case writeNow
        /// The first value to wait: ask the main queue for a turn.
        case scheduleDrain
        /// Waits behind others (a turn is already asked for), or the binding has ended.
        case none
    }

    /// A waiting value (boxed, so that an optional `Value` is not confused with "none left").
    struct Waiting {
        let value: Value
    }

    private var waiting: [Waiting] = []
    private var next = 0
    private var isDrainScheduled = false
    private(set) var isCancelled = false

    mutating func valueArrived(_ value: Value, onMain: Bool) -> Action {
        if isCancelled { return .none }
        if onMain, !isDrainScheduled { return .writeNow }
        waiting.append(Waiting(value: value))
        if isDrainScheduled { return .none }
        isDrainScheduled = true
        return .scheduleDrain
    }

    /// The oldest waiting value, or nil (and the drain is over) when none is left.
    mutating func nextWaiting() -> Waiting? {
        guard !isCancelled, next < waiting.count else {
            waiting.removeAll()
            next = 0
            isDrainScheduled = false
            return nil
        }
        defer { next += 1 }
        return waiting[next]
    }

    mutating func cancelled() {
        isCancelled = true
        waiting.removeAll()
        next = 0
    }
}

extension MainHopState.Action: Sendable {}

import Signals

/// Holds every response of a routed stream (a service's request) until a ``VirtualTimeDriver``
/// releases it at a virtual time, so the view models see the same events in the same order on
/// every run, however the threads that ran the requests were scheduled.
///
/// Each request (each binding of a service stream) is numbered when it starts and is due
/// `latency` of virtual time later. The real request runs at once (as a `Task`, for the
/// repository-backed service); its events are captured when they arrive, on any thread. The
/// driver waits until every live request has captured its result, then delivers the due ones
/// in (due time, start order) on its own thread. Cancelling a binding cancels the real request
/// and forgets it.
///
/// ```swift
/// let network = VirtualNetwork(scheduler: scheduler, latency: .milliseconds(300))
/// let photos = network.route(service.editorialPhotos(1, 30))
/// ```
public final class VirtualNetwork: @unchecked Sendable {
    // Lock holder: `state` is guarded by `lock`; deliveries and cancellations run outside it.
    private struct Request {
        let due: Duration
        var events: [@Sendable () -> Void] = []
        var isComplete = false
    }

    private struct State {
        var nextSequence = 0
        /// Live requests by start number.
        var requests: [Int: Request] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
        var startedCount = 0

        var allCaptured: Bool { requests.values.allSatisfy(\.isComplete) }
    }

    /// How long after it starts each request is delivered, in virtual time.
    public let latency: Duration
    private let scheduler: any Scheduler
    private let lock = Locked()
    private var state = State()

    /// Creates a network whose requests are due `latency` after they start, by `scheduler`'s clock.
    public init(scheduler: any Scheduler, latency: Duration = .zero) {
        precondition(latency >= .zero, "latency cannot be negative")
        self.scheduler = scheduler
        self.latency = latency
    }

    /// `upstream` with its events held until the driver delivers them.
    public func route<Value: Sendable>(_ upstream: Observable<Value>) -> Observable<Value> {
        Observable.create { [self] observer in
            let sequence = begin()
            let token = upstream.bind(
                onValue: { [self] value in capture(sequence, isFinish: false) { observer.send(value) } },
                onFinish: { [self] in capture(sequence, isFinish: true) { observer.finish() } }
            )
            return AnyCancellable { [self] in
                token.cancel()
                forget(sequence)
            }
        }
    }

    /// How many requests have started since the network was created.
    public var startedCount: Int { lock.withLock { state.startedCount } }

    /// Whether any request is live (started, not yet delivered, not cancelled).
    public var hasLiveRequests: Bool { lock.withLock { !state.requests.isEmpty } }

    /// The earliest due time of a live request, if any.
    public var nextDueTime: Duration? { lock.withLock { state.requests.values.map(\.due).min() } }

    /// Whether a live request is due at or before `time`.
    public func hasRequests(dueBy time: Duration) -> Bool {
        lock.withLock { state.requests.values.contains { $0.due <= time } }
    }

    /// Returns once every live request has captured its result (at once if none is live).
    public func waitUntilAllCaptured() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isReady = lock.withLock { () -> Bool in
                if state.allCaptured { return true }
                state.waiters.append(continuation)
                return false
            }
            if isReady { continuation.resume() }
        }
    }

    /// Delivers every captured request due at or before `time`, in (due, start) order, on the
    /// calling thread; returns whether anything was delivered.
    @discardableResult
    public func deliverRequests(dueBy time: Duration) -> Bool {
        let due = lock.withLock { () -> [(sequence: Int, request: Request)] in
            let due = state.requests
                .filter { $0.value.isComplete && $0.value.due <= time }
                .sorted { ($0.value.due, $0.key) < ($1.value.due, $1.key) }
            for (sequence, _) in due { state.requests[sequence] = nil }
            return due.map { ($0.key, $0.value) }
        }
        for (_, request) in due {
            for event in request.events { event() }
        }
        return !due.isEmpty
    }

    // MARK: - Bookkeeping

    private func begin() -> Int {
        let due = scheduler.now + latency
        return lock.withLock {
            state.nextSequence += 1
            state.startedCount += 1
            state.requests[state.nextSequence] = Request(due: due)
            return state.nextSequence
        }
    }

    private func capture(_ sequence: Int, isFinish: Bool, _ event: @escaping @Sendable () -> Void) {
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            guard state.requests[sequence] != nil else { return [] }
            state.requests[sequence]?.events.append(event)
            if isFinish { state.requests[sequence]?.isComplete = true }
            return takeWaitersIfReady()
        }
        for waiter in waiters { waiter.resume() }
    }

    private func forget(_ sequence: Int) {
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            state.requests[sequence] = nil
            return takeWaitersIfReady()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Must be called with the lock held.
    private func takeWaitersIfReady() -> [CheckedContinuation<Void, Never>] {
        guard state.allCaptured, !state.waiters.isEmpty else { return [] }
        defer { state.waiters = [] }
        return state.waiters
    }
}

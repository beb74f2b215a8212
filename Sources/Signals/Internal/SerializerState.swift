/// What a `Serializer` decides with, besides its operator's own state: the drainer role and
/// the events queued behind it (`DrainQueue`), and whether the stream has ended.
///
/// A value whose transitions change only itself and say what to do: `Serializer` calls one
/// with its lock held and performs the answer (deliver, park, wake) after unlocking.
/// Invariants, on top of `DrainQueue`'s:
///
/// - **Decision order.** Events are delivered in the order their decisions were made.
/// - **Nothing after the end.** Once a finish is accepted, or the binding is cancelled, later
///   emissions are dropped; after a cancel, what was queued is dropped too.
/// - **Finish last, once.** A finish is the last event delivered, and only one is.
@usableFromInline
struct SerializerState<Value> {
    /// An event queued behind the running delivery.
    @usableFromInline
    enum QueuedEvent {
        case value(Value)
        case finish
    }

    @usableFromInline private(set) var queue = DrainQueue<QueuedEvent>()
    /// A finish was accepted (or the binding was cancelled): later emissions are dropped.
    @usableFromInline private(set) var isTerminated = false
    @usableFromInline private(set) var isCancelled = false

    @inlinable init() {}

    /// Whether a thread holds the drainer role.
    @inlinable var isDelivering: Bool { queue.isDelivering }

    /// Whether the owner may let go of its downstream (read only): cancelled, and nobody holds
    /// the role, so nobody delivers or will.
    @inlinable var releasesDownstream: Bool { isCancelled && !queue.isDelivering }

    /// The thread holding the drainer role (0 while it is handed over).
    @inlinable var drainerThread: ThreadID { queue.gate.drainerThread }

    /// What an arriving emission does (see `arrival`).
    @usableFromInline
    enum Arrival {
        /// Nobody is delivering: decide, then `start`.
        case start
        /// A delivery is running and the queue is flooded: wait for room (`enlist`, then
        /// `resume`), then decide.
        case wait
        /// A delivery is running: decide, then `enqueue`.
        case enqueue
    }

    /// An emission from `thread` arrives (transition "arrival", read only): a re-entrant one
    /// (the drainer's thread) never waits, nor one that would be dropped anyway.
    @inlinable
    func arrival(_ thread: ThreadID, limits: FloodLimits = .standard) -> Arrival {
        if !queue.isDelivering { return .start }
        return !isTerminated && queue.mustWait(thread, limits: limits) ? .wait : .enqueue
    }

    /// The caller of a `mustWait` that returned true waits on `parker` (transition "enlist").
    @inlinable
    mutating func enlist(_ parker: Parker) {
        queue.enlist(parker)
    }

    /// A waiting sender woke with `grant` (transition "resume"): what it does next.
    @inlinable
    mutating func resume(_ grant: Parker.Grant, thread: ThreadID) -> DrainQueue<QueuedEvent>.Resumption {
        queue.resume(grant, thread: thread)
    }

    /// Queues what a decision emitted behind the running delivery (transition "enqueue").
    @inlinable
    mutating func enqueue(_ emission: Emission<Value>) {
        if isTerminated { return }
        switch emission {
        case .none:
            break
        case .value(let value):
            queue.pending.append(.value(value))
        case .finish:
            isTerminated = true
            queue.pending.append(.finish)
        case .valueAndFinish(let value):
            isTerminated = true
            queue.pending.append(.value(value))
            queue.pending.append(.finish)
        }
    }

    /// An emission from `thread` with nobody delivering (transition "start"): true if the
    /// caller now holds the role and delivers the emission's first event at once (its value, or
    /// the finish; the finish of a `valueAndFinish` is queued behind it), then drains; false,
    /// the role left alone, when there is nothing to deliver.
    @inlinable
    mutating func start(_ emission: Emission<Value>, thread: ThreadID) -> Bool {
        switch isTerminated ? .none : emission {
        case .none:
            return false
        case .value:
            queue.takeRole(thread)
        case .finish:
            queue.takeRole(thread)
            isTerminated = true
        case .valueAndFinish:
            queue.takeRole(thread)
            isTerminated = true
            queue.pending.append(.finish)
        }
        return true
    }

    /// An emission from the thread that holds the role (transition "deliver now"): true if it
    /// delivers the emission's first event at once, as `start`; false, the role given back,
    /// when there is nothing to deliver.
    @inlinable
    mutating func deliverHoldingRole(_ emission: Emission<Value>) -> Bool {
        switch isTerminated ? .none : emission {
        case .none:
            queue.release()
            return false
        case .value:
            break
        case .finish:
            isTerminated = true
        case .valueAndFinish:
            isTerminated = true
            queue.pending.append(.finish)
        }
        return true
    }

    /// One drain step (transition "drain step"): after a cancel, drops what is queued; then
    /// `DrainQueue.takeNext`. The wakes go to `woken` (perform them after unlocking).
    @inlinable
    mutating func drainStep(delivered: Int, woken: inout [ParkerWake], limits: FloodLimits = .standard) -> DrainQueue<QueuedEvent>.Step {
        if isCancelled { queue.pending.removeAll() }
        return queue.takeNext(delivered: delivered, woken: &woken, limits: limits)
    }

    /// The binding was cancelled (transition "cancel"): nothing more is delivered. Returns what
    /// was queued, to release after unlocking.
    @inlinable
    mutating func cancel() -> FIFOQueue<QueuedEvent> {
        isTerminated = true
        isCancelled = true
        defer { queue.pending = FIFOQueue() }
        return queue.pending
    }
}

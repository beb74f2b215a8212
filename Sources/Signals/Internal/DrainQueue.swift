/// The numbers behind flood control. `standard` is what every stream uses; the interleaving
/// explorer (`Tests/SignalsTests/Engine`) passes small limits so that floods happen in a
/// handful of steps.
@usableFromInline
package struct FloodLimits: Sendable {
    /// Senders on other threads wait once this many events are queued behind a delivery.
    @usableFromInline package let queueLimit: Int
    /// Waiting senders are let in again once the queue is down to this many.
    @usableFromInline package let resumeBelow: Int
    /// Events one thread delivers in a row before it hands the drainer role to a waiting sender.
    @usableFromInline package let turnLimit: Int
    /// Holes (cancelled bindings) a stream's slot table keeps before it compacts, once they
    /// also outnumber the live bindings (`SlotTable`). Not a flood limit, but set the same way,
    /// so that the explorer reaches compaction in a handful of steps.
    @usableFromInline package let compactAbove: Int

    @inlinable
    package init(queueLimit: Int, resumeBelow: Int, turnLimit: Int, compactAbove: Int = 16) {
        self.queueLimit = queueLimit
        self.resumeBelow = resumeBelow
        self.turnLimit = turnLimit
        self.compactAbove = compactAbove
    }

    /// 1024 queued, resume at 512, 1024 deliveries per turn, compaction past 16 holes.
    /// Computed, so that the drain loops compare against immediates instead of loading a global.
    @inlinable package static var standard: FloodLimits {
        FloodLimits(queueLimit: 1024, resumeBelow: 512, turnLimit: 1024)
    }
}

/// The drainer role, the events queued behind it and the senders waiting to queue: the one
/// delivery mechanism of `StreamCore` (subjects, properties) and `Serializer` (every
/// multi-source operator, `create`, the time operators).
///
/// A value type whose transitions are pure: the owner calls them with its lock held and
/// performs what they return (deliver, park, wake) after unlocking. Invariants:
///
/// - **One drainer.** `isDelivering` is true exactly while one thread holds the role, or
///   while the role is being handed to a waiting sender. Only the role holder delivers, so
///   deliveries are serialized and never re-entrant.
/// - **FIFO.** Events are delivered in the order they were admitted.
/// - **Bounded queue.** A sender from a thread other than the drainer's queues only while
///   fewer than `queueLimit` events wait and nobody waits before it; otherwise it waits
///   (`admit` returns `.wait`). Waiting senders are let in together once the queue is down to
///   `resumeBelow`. Re-entrant sends (the drainer's own thread) never wait.
/// - **Bounded turns.** The drainer hands its role to the oldest waiting sender after
///   `turnLimit` deliveries in a row, or when nothing is left to deliver; a used-up turn with
///   nobody waiting makes the next sender from another thread wait and take the role over.
///   So no sender is held for others' work without bound.
@usableFromInline
struct DrainQueue<Event> {
    @usableFromInline var pending = FIFOQueue<Event>()
    /// True while a thread holds the drainer role (or it is being handed over).
    @usableFromInline var isDelivering = false
    /// The drainer's thread, the parked senders, and whether the drainer wants relief.
    @usableFromInline var gate = FloodGate()

    @inlinable init() {}

    /// What an arriving sender may do with its event (see `admit`).
    @usableFromInline
    enum Admission: Equatable {
        /// Nothing was delivering: the caller now holds the role and delivers at once.
        case deliverNow
        /// A delivery is running: queue the event and return.
        case enqueue
        /// The stream is flooded: the caller must wait (`enlist`, then `resume`).
        case wait
    }

    /// A sender on `thread` has an event (transition "admission"). Keeps "one drainer" and
    /// "bounded queue".
    @inlinable
    mutating func admit(_ thread: ThreadID, limits: FloodLimits = .standard) -> Admission {
        if !isDelivering {
            isDelivering = true
            gate.drainerThread = thread
            return .deliverNow
        }
        return gate.mustWait(thread, queued: pending.count, limits) ? .wait : .enqueue
    }

    /// Takes the role, which nobody holds (`isDelivering` is false).
    @inlinable
    mutating func takeRole(_ thread: ThreadID) {
        isDelivering = true
        gate.drainerThread = thread
    }

    /// Whether a sender on `thread` must wait before queuing behind the running delivery.
    @inlinable
    func mustWait(_ thread: ThreadID, limits: FloodLimits = .standard) -> Bool {
        gate.mustWait(thread, queued: pending.count, limits)
    }

    /// The caller of an `admit` that returned `.wait` will wait on `parker` (the owner has
    /// checked that waiting cannot form a cycle across threads, see `ParkedSenders`).
    @inlinable
    mutating func enlist(_ parker: Parker) {
        gate.waiters.append(parker)
    }

    /// What a woken sender does (see `resume`).
    @usableFromInline
    enum Resumption: Equatable {
        /// The role was handed to it: queue the event behind what waits, then drain.
        case enqueueAndDrain
        /// The delivery ended meanwhile: it holds the role now and delivers at once.
        case deliverNow
        /// There is room: queue the event and return.
        case enqueue
    }

    /// A sender woke from waiting with `grant` (lock held again). Keeps "one drainer".
    @inlinable
    mutating func resume(_ grant: Parker.Grant, thread: ThreadID) -> Resumption {
        if grant == .role {
            gate.drainerThread = thread
            return .enqueueAndDrain
        }
        if !isDelivering {
            isDelivering = true
            gate.drainerThread = thread
            return .deliverNow
        }
        return .enqueue
    }

    /// One drain step's decision about the role (see `takeNext`).
    @usableFromInline
    enum Step {
        /// Deliver this event, then take the next step.
        case deliver(Event)
        /// The role went to a waiting sender, which drains from here: return.
        case handedOff
        /// Nothing is queued: the role was given back; return.
        case idle
    }

    /// One drain step (transition "drain step"): the drainer has delivered `delivered` events
    /// in a row. Hands the role over or lets waiters in (the wakes go to `woken`; perform them
    /// after unlocking), or takes the next event out, or gives the role back. Keeps "FIFO",
    /// "bounded queue" and "bounded turns".
    @inlinable
    mutating func takeNext(delivered: Int, woken: inout [ParkerWake], limits: FloodLimits = .standard) -> Step {
        if !gate.waiters.isEmpty || delivered >= limits.turnLimit {
            if gate.admitWaiters(delivered: delivered, queued: pending.count, limits, into: &woken) {
                return .handedOff
            }
        }
        guard let event = pending.popFirst() else {
            isDelivering = false
            gate.wantsRelief = false
            return .idle
        }
        return .deliver(event)
    }

    /// Gives the role back with nothing queued and nobody waiting (the common end of a
    /// delivery).
    @inlinable
    mutating func release() {
        isDelivering = false
    }
}

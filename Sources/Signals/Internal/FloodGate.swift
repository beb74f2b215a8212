import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An opaque identity of the calling thread (its `pthread_t` as a number).
@usableFromInline package typealias ThreadID = UInt

/// The calling thread's identity: a few instructions, no system call.
@inlinable @inline(__always)
func currentThreadID() -> ThreadID {
    #if canImport(Glibc)
    return ThreadID(pthread_self())
    #else
    return ThreadID(bitPattern: pthread_self())
    #endif
}

/// A sender parked while a flooded stream's queue is full or its drainer wants relief.
///
/// A transition that lets a waiter go returns a `ParkerWake` (which parker, what grant); the
/// owner performs it after unlocking: it stores the grant, then signals the semaphore, which
/// orders the store before the woken sender reads it.
@usableFromInline
package final class Parker: @unchecked Sendable {
    // Lock holder: `grant` is written once, before the semaphore is signalled, and read by the
    // parked sender only after its wait on the semaphore has returned.
    @usableFromInline package enum Grant { case none, room, role }

    @usableFromInline let semaphore = DispatchSemaphore(value: 0)
    @usableFromInline package private(set) var grant = Grant.none
    /// The registry the sender is recorded in while parked.
    @usableFromInline let registry: ParkedSenders

    @usableFromInline package init(registry: ParkedSenders) {
        self.registry = registry
    }

    /// Gives the parked sender `grant` and wakes it (lock not held).
    @usableFromInline func wake(with grant: Grant) {
        scheduling(.wake(self))
        self.grant = grant
        semaphore.signal()
    }
}

/// A parked sender to wake, and what it was granted: an action a transition returns.
@usableFromInline
struct ParkerWake {
    @usableFromInline let parker: Parker
    @usableFromInline let grant: Parker.Grant

    @inlinable init(_ parker: Parker, _ grant: Parker.Grant) {
        self.parker = parker
        self.grant = grant
    }

    /// Performs the wake (lock not held).
    @inlinable func perform() { parker.wake(with: grant) }
}

/// The threads parked in a send right now, so that no two threads ever wait for each other.
///
/// A sender parks only while the stream's drainer is not itself parked: a drainer's handler
/// that sends into a flooded stream whose drainer sends back into the first one (a cycle
/// across threads) queues past the limit instead of deadlocking.
///
/// One registry (`shared`) serves the process's streams; a stream is given it when made (a
/// package initializer takes another), so that an explorer's run has a registry of its own.
@usableFromInline
package final class ParkedSenders: Sendable {
    @usableFromInline static let shared = ParkedSenders()

    let threads = Locked<Set<ThreadID>>([])

    package init() {}

    /// Records `thread` as parked unless `drainer` is parked; returns whether it was recorded.
    @usableFromInline
    package func park(_ thread: ThreadID, unlessParked drainer: ThreadID) -> Bool {
        threads.withLock { parked in
            if parked.contains(drainer) { return false }
            parked.insert(thread)
            return true
        }
    }

    /// Records that `thread` is no longer parked.
    @usableFromInline
    package func unpark(_ thread: ThreadID) {
        _ = threads.withLock { $0.remove(thread) }
    }

    /// Whether `thread` is parked.
    package func contains(_ thread: ThreadID) -> Bool {
        threads.withLock { $0.contains(thread) }
    }
}

/// The flood-control state of one stream with a single drainer: who holds the drainer role,
/// who waits for room or for the role, and whether the drainer wants relief.
///
/// Shared by `StreamCore` (subjects, properties) and `Serializer` (every multi-source
/// operator, `create`, the time operators' deliveries), so that flood control has one
/// definition. Every member is read and written under the owning stream's lock. The owner
/// keeps its own queue and passes its length in.
@usableFromInline
struct FloodGate {
    /// The thread holding the drainer role while a delivery runs (0 while the role is being
    /// handed to a waiting sender): a send from it is re-entrant and never waits.
    @usableFromInline var drainerThread: ThreadID = 0
    /// Senders from other threads parked because the stream is flooded, oldest first.
    @usableFromInline var waiters: [Parker] = []
    /// Set when the drainer has used up its turn and nobody was waiting: the next sender from
    /// another thread waits, and takes the drainer role over.
    @usableFromInline var wantsRelief = false

    @inlinable init() {}

    /// A send from `thread` found a delivery running with `queued` events behind it: whether
    /// it must wait (a re-entrant send from the drainer's own thread never does).
    @inlinable
    func mustWait(_ thread: ThreadID, queued: Int, _ limits: FloodLimits) -> Bool {
        if drainerThread == thread { return false }
        return queued >= limits.queueLimit || !waiters.isEmpty || wantsRelief
    }

    /// Lets waiting senders in (between deliveries, drainer role held). Hands the drainer role
    /// to the oldest waiter when this thread's turn is used up (`delivered` events in a row) or
    /// nothing is left to deliver (`queued`), and returns true; otherwise lets every waiter
    /// queue its value once the queue is down to `FloodLimits.resumeBelow`. A used-up turn
    /// with nobody waiting makes the next sender from another thread wait, so that it takes the
    /// role over. The wakes are added to `woken` (perform them after unlocking).
    @usableFromInline
    mutating func admitWaiters(delivered: Int, queued: Int, _ limits: FloodLimits, into woken: inout [ParkerWake]) -> Bool {
        if waiters.isEmpty {
            wantsRelief = true
            return false
        }
        if delivered >= limits.turnLimit || queued == 0 {
            woken.append(ParkerWake(waiters.removeFirst(), .role))
            drainerThread = 0
            wantsRelief = false
            if queued <= limits.resumeBelow { admitAll(into: &woken) }
            return true
        }
        if queued <= limits.resumeBelow { admitAll(into: &woken) }
        return false
    }

    @usableFromInline
    mutating func admitAll(into woken: inout [ParkerWake]) {
        for parker in waiters { woken.append(ParkerWake(parker, .room)) }
        waiters.removeAll()
    }
}

extension Parker {
    /// A parker for `thread`, recorded as parked, unless the stream's drainer (`drainer`) is
    /// itself parked in a send: then waiting could close a cycle across threads, and the
    /// caller queues instead (returns nil).
    @usableFromInline
    static func enlisting(_ thread: ThreadID, unlessParked drainer: ThreadID, in registry: ParkedSenders) -> Parker? {
        registry.park(thread, unlessParked: drainer) ? Parker(registry: registry) : nil
    }

    /// Waits for a grant, with `lock` (the stream's, held on entry and on return) released
    /// meanwhile; `thread` is the caller, recorded as parked by `Parker.enlisting`.
    @usableFromInline
    func wait(releasing lock: Lock, thread: ThreadID) {
        lock.unlock()
        sleep(thread: thread)
        lock.lock()
    }

    /// Waits for a grant (no lock held); `thread` is the caller, recorded as parked by
    /// `Parker.enlisting`.
    @usableFromInline
    func sleep(thread: ThreadID) {
        scheduling(.park(self))
        semaphore.wait()
        registry.unpark(thread)
    }
}

/// Whether `thread` is parked in a send to a flooded stream of the process's registry right now
/// (for flood tests).
package func isParkedInSend(_ thread: UInt) -> Bool {
    ParkedSenders.shared.contains(thread)
}

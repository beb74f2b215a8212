import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An opaque identity of the calling thread (its `pthread_t` as a number).
@usableFromInline typealias ThreadID = UInt

/// The calling thread's identity: a few instructions, no system call.
@inlinable @inline(__always)
func currentThreadID() -> ThreadID {
    #if canImport(Glibc)
    return ThreadID(pthread_self())
    #else
    return ThreadID(bitPattern: pthread_self())
    #endif
}

/// The numbers behind a stream's flood control (see `StreamCore`).
@usableFromInline
enum FloodControl {
    /// Senders on other threads wait once this many events are queued behind a delivery.
    @usableFromInline static let queueLimit = 1024
    /// Waiting senders are let in again once the queue is down to this many.
    @usableFromInline static let resumeBelow = 512
    /// Events one thread delivers in a row before it hands the drainer role to a waiting sender.
    @usableFromInline static let turnLimit = 1024
}

/// What a send may do once it holds the stream's lock (see `StreamCore.admitLocked`).
@usableFromInline
enum Admission {
    /// The stream has finished: drop the value.
    case ignore
    /// Nothing was delivering: this thread now holds the drainer role; deliver at once.
    case deliver
    /// A delivery is running: queue the event for the drainer and return.
    case enqueue
    /// The drainer role was handed to this waiting sender: queue the event, then drain.
    case enqueueAndDrain
    /// The drainer role was handed over, but the stream finished meanwhile: drain only.
    case drainOnly
}

/// A sender parked while a flooded stream's queue is full or its drainer wants relief.
///
/// `grant` is read and written under the owning stream's lock; the semaphore wakes the sender.
@usableFromInline
final class Parker: @unchecked Sendable {
    // Lock holder: `grant` is guarded by the lock of the stream the parker waits on.
    @usableFromInline enum Grant { case none, room, role }

    @usableFromInline let semaphore = DispatchSemaphore(value: 0)
    @usableFromInline var grant = Grant.none

    @usableFromInline init() {}

    /// Wakes the parked sender (call after setting `grant` and unlocking the stream).
    @usableFromInline func wake() {
        semaphore.signal()
    }
}

/// The threads parked in a send right now, so that no two threads ever wait for each other.
///
/// A sender parks only while the stream's drainer is not itself parked: a drainer's handler
/// that sends into a flooded stream whose drainer sends back into the first one (a cycle
/// across threads) queues past the limit instead of deadlocking.
@usableFromInline
enum ParkedSenders {
    static let threads = Locked<Set<ThreadID>>([])

    /// Records `thread` as parked unless `drainer` is parked; returns whether it was recorded.
    @usableFromInline
    static func park(_ thread: ThreadID, unlessParked drainer: ThreadID) -> Bool {
        threads.withLock { parked in
            if parked.contains(drainer) { return false }
            parked.insert(thread)
            return true
        }
    }

    /// Records that `thread` is no longer parked.
    @usableFromInline
    static func unpark(_ thread: ThreadID) {
        _ = threads.withLock { $0.remove(thread) }
    }
}

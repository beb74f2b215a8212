import CSignalsAtomics

/// The seam through which the interleaving explorer runs the engine's own code: a thread it
/// schedules carries an `EngineSchedule` (a C thread-local), and every synchronization point of
/// `StreamCore` and `Serializer` (each operation on a lock or a lock word, each park and wake of a
/// sender, each access to a binding's cancelled flag) first calls
/// `reach(_:)`, which returns when the explorer gives the thread its turn. Between two points a
/// thread runs alone, so the explorer decides every interleaving of real code.
///
/// Debug builds only: in a release build `scheduling(_:)` is empty and the seam costs nothing.
/// On a thread without a schedule (every thread but the explorer's), a debug build pays one
/// thread-local read per point.
@usableFromInline
package final class EngineSchedule {
    /// A point where the engine synchronizes with other threads.
    @usableFromInline
    package enum Point {
        case tryLock(UnsafeMutablePointer<UInt>)
        /// Takes the lock, waiting while it is held: the explorer runs the thread only once the
        /// word shows it free.
        case lock(UnsafeMutablePointer<UInt>)
        case unlock(UnsafeMutablePointer<UInt>)
        case claim(UnsafeMutablePointer<UInt>)
        case giveBack(UnsafeMutablePointer<UInt>)
        /// Sleeps until the parker has a grant: the explorer runs the thread only once it has.
        case park(Parker)
        case wake(Parker)
        /// Takes a `Lock` (a `Serializer`'s), waiting while it is held: the explorer runs the
        /// thread only once `isFree` says it is free.
        case mutexLock(isFree: () -> Bool)
        case mutexTryLock
        case mutexUnlock
        /// Reads or sets a binding's cancelled flag (an atomic the delivering thread reads
        /// without the lock).
        case cancelledFlag
    }

    /// Called on the scheduled thread before each point; returns when it is the thread's turn.
    @usableFromInline package let reach: (Point) -> Void

    package init(reach: @escaping (Point) -> Void) {
        self.reach = reach
    }

    /// Runs `body` on this thread under `schedule` (or none).
    package static func with<Result>(_ schedule: EngineSchedule?, _ body: () throws -> Result) rethrows -> Result {
        let outer = signals_engine_schedule_get()
        let inner = schedule.map { Unmanaged.passUnretained($0).toOpaque() }
        signals_engine_schedule_set(inner)
        defer { signals_engine_schedule_set(outer) }
        return try withExtendedLifetime(schedule) { try body() }
    }
}

/// Waits for this thread's turn at `point` when the explorer schedules the thread (debug builds).
@inlinable @inline(__always)
func scheduling(_ point: @autoclosure () -> EngineSchedule.Point) {
    #if DEBUG
    if let schedule = signals_engine_schedule_get() {
        Unmanaged<EngineSchedule>.fromOpaque(schedule).takeUnretainedValue().reach(point())
    }
    #endif
}

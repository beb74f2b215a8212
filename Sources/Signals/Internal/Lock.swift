#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A non-recursive mutual-exclusion lock with explicit `lock()` / `unlock()`.
///
/// Signals uses its own lock rather than `Synchronization.Mutex` because on Linux `Mutex`
/// measured ~59 ns per uncontended lock/unlock pair on the target machine against ~8 ns for
/// `pthread_mutex_t` (see `Benchmarks/`), and a send takes two short critical sections.
/// The lock is heap-allocated so its address is stable; it is freed by `deallocate()`,
/// which the owning class calls from its `deinit`.
@usableFromInline
struct Lock {
    #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
    #else
    @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    @usableFromInline let pointer: UnsafeMutablePointer<Primitive>

    @inlinable
    init() {
        pointer = .allocate(capacity: 1)
        #if canImport(Darwin)
        pointer.initialize(to: os_unfair_lock())
        #else
        pointer.initialize(to: pthread_mutex_t())
        pthread_mutex_init(pointer, nil)
        #endif
    }

    /// Frees the lock. Call once, from the owner's `deinit`.
    @inlinable
    func deallocate() {
        #if !canImport(Darwin)
        pthread_mutex_destroy(pointer)
        #endif
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    @inlinable @inline(__always)
    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(pointer)
        #else
        pthread_mutex_lock(pointer)
        #endif
    }

    @inlinable @inline(__always)
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(pointer)
        #else
        pthread_mutex_unlock(pointer)
        #endif
    }
}

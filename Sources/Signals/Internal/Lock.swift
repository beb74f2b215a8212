#if canImport(Darwin)
import Darwin
#elseif os(Linux)
import CSignalsAtomics
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A non-recursive mutual-exclusion lock with explicit `lock()` / `unlock()`.
///
/// Signals uses its own lock rather than `Synchronization.Mutex`, which needs iOS 18. It is
/// `os_unfair_lock` on Apple platforms and, on Linux, a three-state futex mutex
/// (`signals_futex_lock` in `CSignalsAtomics`): uncontended, one inlined compare-and-swap to
/// lock and one atomic decrement to unlock, far less than glibc's `pthread_mutex_t`.
/// `Serializer`, `Locked` and the other internal locks use it; subjects and properties use
/// their own lock word (`StreamWord`). Contended, waiters sleep in the kernel. The lock is
/// heap-allocated so its address is stable; it is freed by `deallocate()`, which the owning
/// class calls from its `deinit`.
@usableFromInline
struct Lock {
    #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
    #elseif os(Linux)
    @usableFromInline typealias Primitive = UInt32
    #else
    @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    @usableFromInline let pointer: UnsafeMutablePointer<Primitive>

    @inlinable
    init() {
        pointer = .allocate(capacity: 1)
        #if canImport(Darwin)
        pointer.initialize(to: os_unfair_lock())
        #elseif os(Linux)
        pointer.initialize(to: 0)
        #else
        pointer.initialize(to: pthread_mutex_t())
        pthread_mutex_init(pointer, nil)
        #endif
    }

    /// Frees the lock. Call once, from the owner's `deinit`.
    /// Whether nobody holds the lock (read by the explorer, between its threads' steps).
    @usableFromInline
    func isFree() -> Bool {
        #if os(Linux)
        return pointer.pointee == 0
        #else
        return true
        #endif
    }

    @inlinable
    func deallocate() {
        #if !canImport(Darwin) && !os(Linux)
        pthread_mutex_destroy(pointer)
        #endif
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    @inlinable @inline(__always)
    func lock() {
        scheduling(.mutexLock(isFree: isFree))
        #if canImport(Darwin)
        os_unfair_lock_lock(pointer)
        #elseif os(Linux)
        signals_futex_lock(pointer)
        #else
        pthread_mutex_lock(pointer)
        #endif
    }

    /// Locks if the lock is free; returns whether it did.
    @inlinable @inline(__always)
    func tryLock() -> Bool {
        scheduling(.mutexTryLock)
        #if canImport(Darwin)
        return os_unfair_lock_trylock(pointer)
        #elseif os(Linux)
        return signals_futex_trylock(pointer)
        #else
        return pthread_mutex_trylock(pointer) == 0
        #endif
    }

    @inlinable @inline(__always)
    func unlock() {
        scheduling(.mutexUnlock)
        #if canImport(Darwin)
        os_unfair_lock_unlock(pointer)
        #elseif os(Linux)
        signals_futex_unlock(pointer)
        #else
        pthread_mutex_unlock(pointer)
        #endif
    }
}

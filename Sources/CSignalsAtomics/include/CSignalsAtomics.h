// Atomic operations on a one-byte flag, for Signals' cancelled/done flags.
//
// Signals supports iOS 16 / macOS 13, where the Synchronization module (`Atomic`) is not
// available, and keeps `dependencies: []`; these few C11 atomics are all it needs. They are
// `static inline`, so the Swift compiler inlines them into their callers (one `mov` for a
// load, one `xchg` for an exchange on x86-64; `ldarb` / `swpalb` or an LL/SC loop on arm64).
//
// The flag is a plain `uint8_t` in Swift's memory; each function views it as `_Atomic`,
// which has the same size and alignment for one byte on every supported platform.
#ifndef C_SIGNALS_ATOMICS_H
#define C_SIGNALS_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

_Static_assert(sizeof(_Atomic(uint8_t)) == sizeof(uint8_t), "atomic byte is one byte");
_Static_assert(_Alignof(_Atomic(uint8_t)) == _Alignof(uint8_t), "atomic byte is byte-aligned");

/// Reads the flag with acquire ordering.
static inline __attribute__((always_inline)) bool
signals_flag_load_acquire(uint8_t *flag) {
    return atomic_load_explicit((_Atomic(uint8_t) *)flag, memory_order_acquire) != 0;
}

/// Sets the flag with release ordering.
static inline __attribute__((always_inline)) void
signals_flag_store_release(uint8_t *flag) {
    atomic_store_explicit((_Atomic(uint8_t) *)flag, 1, memory_order_release);
}

/// Sets the flag and returns whether it was already set (acquire-release ordering).
static inline __attribute__((always_inline)) bool
signals_flag_test_and_set(uint8_t *flag) {
    return atomic_exchange_explicit((_Atomic(uint8_t) *)flag, 1, memory_order_acq_rel) != 0;
}

/// The innermost `Property.modify`/`update` frame of the calling thread (Signals'
/// `ModifyingProperties`), or null. A C thread-local rather than a `pthread_key_t`: reading and
/// writing it is a move relative to the thread pointer, where `pthread_getspecific` and
/// `pthread_setspecific` are calls (benchmark workloads 12 and 13 update properties per event).
extern _Thread_local void *signals_modifying_frame;

/// The calling thread's innermost modify frame.
static inline __attribute__((always_inline)) void *
signals_modifying_frame_get(void) {
    return signals_modifying_frame;
}

/// Makes `frame` the calling thread's innermost modify frame.
static inline __attribute__((always_inline)) void
signals_modifying_frame_set(void *frame) {
    signals_modifying_frame = frame;
}

#if defined(__linux__)
// A three-state futex mutex for Linux (Ulrich Drepper, "Futexes Are Tricky", mutex 3): the word
// is 0 (unlocked), 1 (locked, nobody waiting) or 2 (locked, maybe waiters). Uncontended, a lock
// is one compare-and-swap and an unlock one atomic decrement, both inlined: about a tenth of
// glibc's `pthread_mutex_lock`/`unlock` pair in instructions (benchmark workload 1 spent 106 of
// its 253 instructions per send there). Contended, waiters sleep in the kernel (no spinning),
// as with glibc's default mutex. Not recursive, no owner checks.

void signals_futex_lock_contended(uint32_t *word, uint32_t seen);
void signals_futex_unlock_contended(uint32_t *word);

/// Locks the futex mutex at `word`.
static inline __attribute__((always_inline)) void
signals_futex_lock(uint32_t *word) {
    uint32_t expected = 0;
    if (!atomic_compare_exchange_strong_explicit((_Atomic(uint32_t) *)word, &expected, 1,
                                                 memory_order_acquire, memory_order_relaxed)) {
        signals_futex_lock_contended(word, expected);
    }
}

/// Locks the futex mutex at `word` if it is free; returns whether it did.
static inline __attribute__((always_inline)) bool
signals_futex_trylock(uint32_t *word) {
    uint32_t expected = 0;
    return atomic_compare_exchange_strong_explicit((_Atomic(uint32_t) *)word, &expected, 1,
                                                   memory_order_acquire, memory_order_relaxed);
}

/// Unlocks the futex mutex at `word` (locked by the caller).
static inline __attribute__((always_inline)) void
signals_futex_unlock(uint32_t *word) {
    if (atomic_fetch_sub_explicit((_Atomic(uint32_t) *)word, 1, memory_order_release) != 1) {
        signals_futex_unlock_contended(word);
    }
}
#endif

#endif

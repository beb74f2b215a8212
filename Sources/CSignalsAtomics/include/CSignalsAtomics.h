// Signals' C: one-byte atomic flags (cancelled/done), the thread-local of `Property.modify`'s
// frames, the lock word of subjects and properties, and the Linux futex lock.
//
// Signals supports iOS 16 / macOS 13, where the Synchronization module (`Atomic`) is not
// available, and keeps `dependencies: []`; these C11 atomics are all it needs. The fast paths
// are `static inline`, so the Swift compiler inlines them into their callers (one `mov` for a
// load, one `xchg` for an exchange on x86-64; `ldarb` / `swpalb` or an LL/SC loop on arm64);
// the contended paths are in CSignalsAtomics.c.
//
// A flag is a plain `uint8_t` in Swift's memory; each function views it as `_Atomic`,
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
/// `pthread_setspecific` are calls (trackers and paging update properties on every event).
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

/// The calling thread's engine schedule (Signals' `EngineSchedule`, debug builds only), or null:
/// set on the threads the interleaving explorer runs, so that each of the engine's
/// synchronization points first waits for the explorer to give the thread its turn.
extern _Thread_local void *signals_engine_schedule;

static inline __attribute__((always_inline)) void *
signals_engine_schedule_get(void) {
    return signals_engine_schedule;
}

static inline __attribute__((always_inline)) void
signals_engine_schedule_set(void *schedule) {
    signals_engine_schedule = schedule;
}

// The lock word of a subject or property (Signals' `StreamCore`): a lock and the drainer role in
// one word, so that an uncontended send claims the role with one compare-and-swap and gives it
// back with another, and takes no lock at all. Bits 0-3 are flags; the rest is the claiming
// thread's `pthread_t` (aligned to at least 16 bytes on every supported platform; a thread whose
// identity is not is never given the fast claim).
//
// - LOCKED: a thread holds the lock. WAITERS: threads may be asleep waiting for it.
// - CLAIMED: a send holds the drainer role outside the stream's state and is delivering; the
//   thread bits name it. It took the role without the lock (the word was exactly 0), or an
//   unlock handed it the role it took under the lock (a property's send). The next lock holder
//   sees it and records the role in the stream's state (the word then says CLOSED), so the
//   claim's own give-back fails and goes through the lock.
// - CLOSED: the state, as its last lock holder left it, does not allow a claim (a delivery runs,
//   work is deferred, the stream finished, or it is a property).
//
// A claim succeeds only from 0 (unlocked, open, unclaimed), and its give-back only from exactly
// the claimed value, so neither can happen while the lock is held: the lock holder's view of the
// state plus the CLAIMED bit it saw is the whole truth.

#define SIGNALS_STREAM_LOCKED ((uintptr_t)1)
#define SIGNALS_STREAM_WAITERS ((uintptr_t)2)
#define SIGNALS_STREAM_CLAIMED ((uintptr_t)4)
#define SIGNALS_STREAM_CLOSED ((uintptr_t)8)
#define SIGNALS_STREAM_FLAGS ((uintptr_t)15)

/// The contended half of `signals_stream_lock`: sleeps until the lock is free, then takes it.
/// Returns the word as it was just before it was taken.
uintptr_t signals_stream_lock_contended(uintptr_t *word);
/// Wakes a thread asleep in `signals_stream_lock_contended`.
void signals_stream_wake(uintptr_t *word);
/// The portable (mutex and condition variable) versions of the two, which Apple platforms use;
/// Linux uses a futex, and runs these only in Signals' tests of them.
uintptr_t signals_stream_lock_contended_parking(uintptr_t *word);
void signals_stream_wake_parking(uintptr_t *word);

/// Takes the lock if it is free and returns the word as it was before (LOCKED clear), or returns
/// `SIGNALS_STREAM_LOCKED` if it did not take it. (A result, not an out-parameter: a local whose
/// address is passed makes the Swift callers set up a stack protector on every lock.)
/// `rest`: what the word most likely is (0, or `SIGNALS_STREAM_CLOSED` for a property), tried
/// first without reading the word; if it is something else, the word is read and tried once more.
static inline __attribute__((always_inline)) uintptr_t
signals_stream_trylock(uintptr_t *word, uintptr_t rest) {
    _Atomic(uintptr_t) *atomic_word = (_Atomic(uintptr_t) *)word;
    uintptr_t expected = rest;
    if (atomic_compare_exchange_strong_explicit(atomic_word, &expected, rest | SIGNALS_STREAM_LOCKED,
                                                memory_order_acquire, memory_order_relaxed)) {
        return rest;
    }
    if (expected & SIGNALS_STREAM_LOCKED) return SIGNALS_STREAM_LOCKED;
    if (!atomic_compare_exchange_strong_explicit(atomic_word, &expected, expected | SIGNALS_STREAM_LOCKED,
                                                 memory_order_acquire, memory_order_relaxed)) {
        return SIGNALS_STREAM_LOCKED;
    }
    return expected;
}

/// Takes the lock; returns the word as it was just before (see `SIGNALS_STREAM_CLAIMED`).
static inline __attribute__((always_inline)) uintptr_t
signals_stream_lock(uintptr_t *word, uintptr_t rest) {
    uintptr_t seen = signals_stream_trylock(word, rest);
    if (!(seen & SIGNALS_STREAM_LOCKED)) return seen;
    return signals_stream_lock_contended(word);
}

/// Unlocks, leaving the word `rest`: 0 (a claim may follow) or `SIGNALS_STREAM_CLOSED`.
static inline __attribute__((always_inline)) void
signals_stream_unlock(uintptr_t *word, uintptr_t rest) {
    uintptr_t old = atomic_exchange_explicit((_Atomic(uintptr_t) *)word, rest, memory_order_release);
    if (old & SIGNALS_STREAM_WAITERS) signals_stream_wake(word);
}

/// Claims the drainer role for `thread` without the lock; succeeds only if the word is 0.
static inline __attribute__((always_inline)) bool
signals_stream_claim(uintptr_t *word, uintptr_t thread) {
    uintptr_t expected = 0;
    if (thread & SIGNALS_STREAM_FLAGS) return false;
    return atomic_compare_exchange_strong_explicit((_Atomic(uintptr_t) *)word, &expected,
                                                   thread | SIGNALS_STREAM_CLAIMED,
                                                   memory_order_acquire, memory_order_relaxed);
}

/// Gives back a claimed role: `claim` is the word the claim left (`thread | SIGNALS_STREAM_CLAIMED`
/// from `signals_stream_claim`, or what an unlock that handed the role to the word left, with
/// `SIGNALS_STREAM_CLOSED` for a property). Leaves the word 0 or closed, as it was before the
/// claim; fails if a lock holder has seen the claim since (then the caller ends its delivery
/// under the lock).
static inline __attribute__((always_inline)) bool
signals_stream_give_back(uintptr_t *word, uintptr_t claim) {
    uintptr_t expected = claim;
    return atomic_compare_exchange_strong_explicit((_Atomic(uintptr_t) *)word, &expected,
                                                   claim & SIGNALS_STREAM_CLOSED,
                                                   memory_order_release, memory_order_relaxed);
}

#if defined(__linux__)
// A three-state futex mutex for Linux (Ulrich Drepper, "Futexes Are Tricky", mutex 3): the word
// is 0 (unlocked), 1 (locked, nobody waiting) or 2 (locked, maybe waiters). Uncontended, a lock
// is one compare-and-swap and an unlock one atomic decrement, both inlined: far cheaper than
// glibc's `pthread_mutex_lock`/`unlock`, which are calls. Contended, waiters sleep in the kernel
// (no spinning), as with glibc's default mutex. Not recursive, no owner checks.

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

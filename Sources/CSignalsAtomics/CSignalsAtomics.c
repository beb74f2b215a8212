// The fast paths are `static inline` in include/CSignalsAtomics.h; the locks' contended paths
// are here.
#include "CSignalsAtomics.h"
#include <pthread.h>

_Thread_local void *signals_modifying_frame = 0;
_Thread_local void *signals_engine_schedule = 0;

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

void signals_futex_lock_contended(uint32_t *word, uint32_t seen) {
    _Atomic(uint32_t) *atomic_word = (_Atomic(uint32_t) *)word;
    // Mark the mutex "locked, maybe waiters", then sleep until it is released; whoever takes it
    // after sleeping keeps state 2, so that its unlock wakes the next waiter.
    uint32_t state = seen;
    if (state != 2) {
        state = atomic_exchange_explicit(atomic_word, 2, memory_order_acquire);
    }
    while (state != 0) {
        syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
        state = atomic_exchange_explicit(atomic_word, 2, memory_order_acquire);
    }
}

void signals_futex_unlock_contended(uint32_t *word) {
    atomic_store_explicit((_Atomic(uint32_t) *)word, 0, memory_order_release);
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif

// MARK: The stream word's contended paths

#define STREAM_WORD(word) ((_Atomic(uintptr_t) *)(word))

// One step of a contended lock: takes the lock if it is free and returns true (with `*seen` the
// word before), or marks WAITERS and returns false with `*seen` the word to sleep on. `slept`:
// the caller has slept before, so others may be asleep too: the lock is then taken with WAITERS
// set, so that its unlock wakes the next one.
static bool stream_try_or_mark(uintptr_t *word, uintptr_t *seen, bool slept) {
    uintptr_t current = atomic_load_explicit(STREAM_WORD(word), memory_order_relaxed);
    for (;;) {
        if (!(current & SIGNALS_STREAM_LOCKED)) {
            uintptr_t locked = current | SIGNALS_STREAM_LOCKED | (slept ? SIGNALS_STREAM_WAITERS : 0);
            if (atomic_compare_exchange_weak_explicit(STREAM_WORD(word), &current, locked,
                                                      memory_order_acquire, memory_order_relaxed)) {
                *seen = current & ~SIGNALS_STREAM_WAITERS;
                return true;
            }
            continue;
        }
        if (current & SIGNALS_STREAM_WAITERS) {
            *seen = current;
            return false;
        }
        if (atomic_compare_exchange_weak_explicit(STREAM_WORD(word), &current, current | SIGNALS_STREAM_WAITERS,
                                                  memory_order_relaxed, memory_order_relaxed)) {
            *seen = current | SIGNALS_STREAM_WAITERS;
            return false;
        }
    }
}

// The stripes of the portable parking lot: a sleeper waits on its word's stripe.
enum { STREAM_STRIPES = 64 };
static struct { pthread_mutex_t mutex; pthread_cond_t condition; } stream_stripes[STREAM_STRIPES];
static pthread_once_t stream_stripes_once = PTHREAD_ONCE_INIT;

static void stream_stripes_init(void) {
    for (int index = 0; index < STREAM_STRIPES; index++) {
        pthread_mutex_init(&stream_stripes[index].mutex, NULL);
        pthread_cond_init(&stream_stripes[index].condition, NULL);
    }
}

static unsigned stream_stripe(uintptr_t *word) {
    pthread_once(&stream_stripes_once, stream_stripes_init);
    return (unsigned)(((uintptr_t)word >> 4) % STREAM_STRIPES);
}

uintptr_t signals_stream_lock_contended_parking(uintptr_t *word) {
    uintptr_t seen;
    bool slept = false;
    while (!stream_try_or_mark(word, &seen, slept)) {
        unsigned stripe = stream_stripe(word);
        pthread_mutex_lock(&stream_stripes[stripe].mutex);
        // Sleep only if the word still says "locked, waiters": an unlock clears both before it
        // takes the stripe's mutex to wake sleepers, so it cannot slip in between.
        uintptr_t now = atomic_load_explicit(STREAM_WORD(word), memory_order_relaxed);
        if ((now & (SIGNALS_STREAM_LOCKED | SIGNALS_STREAM_WAITERS)) == (SIGNALS_STREAM_LOCKED | SIGNALS_STREAM_WAITERS)) {
            pthread_cond_wait(&stream_stripes[stripe].condition, &stream_stripes[stripe].mutex);
        }
        pthread_mutex_unlock(&stream_stripes[stripe].mutex);
        slept = true;
    }
    return seen;
}

void signals_stream_wake_parking(uintptr_t *word) {
    unsigned stripe = stream_stripe(word);
    pthread_mutex_lock(&stream_stripes[stripe].mutex);
    pthread_cond_broadcast(&stream_stripes[stripe].condition);
    pthread_mutex_unlock(&stream_stripes[stripe].mutex);
}

#if defined(__linux__)
// The futex operates on the word's low 32 bits, which hold the flags.
static uint32_t *stream_word_low_half(uintptr_t *word) {
#if UINTPTR_MAX > 0xffffffffu && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (uint32_t *)word + 1;
#else
    return (uint32_t *)word;
#endif
}

uintptr_t signals_stream_lock_contended(uintptr_t *word) {
    uintptr_t seen;
    bool slept = false;
    while (!stream_try_or_mark(word, &seen, slept)) {
        // Returns at once if the low half no longer matches (the lock was released meanwhile).
        syscall(SYS_futex, stream_word_low_half(word), FUTEX_WAIT_PRIVATE, (uint32_t)seen, NULL, NULL, 0);
        slept = true;
    }
    return seen;
}

void signals_stream_wake(uintptr_t *word) {
    syscall(SYS_futex, stream_word_low_half(word), FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#else
uintptr_t signals_stream_lock_contended(uintptr_t *word) {
    return signals_stream_lock_contended_parking(word);
}

void signals_stream_wake(uintptr_t *word) {
    signals_stream_wake_parking(word);
}
#endif

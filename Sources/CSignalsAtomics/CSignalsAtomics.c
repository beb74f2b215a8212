// The fast paths are `static inline` in include/CSignalsAtomics.h; the futex mutex's contended
// paths are here.
#include "CSignalsAtomics.h"

_Thread_local void *signals_modifying_frame = 0;

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

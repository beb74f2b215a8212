// The stream word's contended paths under load: threads taking one word's lock around a plain
// counter (the header says what a failure looks like).
#include "CSignalsTestHammer.h"
#include "CSignalsAtomics.h"
#include <pthread.h>

struct stream_hammer {
    uintptr_t word;
    int64_t counter;
    int64_t iterations;
    bool parking;
};

static void *stream_hammer_run(void *context) {
    struct stream_hammer *hammer = context;
    for (int64_t index = 0; index < hammer->iterations; index++) {
        if (signals_stream_trylock(&hammer->word, 0) & SIGNALS_STREAM_LOCKED) {
            if (hammer->parking) signals_stream_lock_contended_parking(&hammer->word);
            else signals_stream_lock_contended(&hammer->word);
        }
        hammer->counter += 1;
        uintptr_t old = atomic_exchange_explicit((_Atomic(uintptr_t) *)&hammer->word, 0, memory_order_release);
        if (old & SIGNALS_STREAM_WAITERS) {
            if (hammer->parking) signals_stream_wake_parking(&hammer->word);
            else signals_stream_wake(&hammer->word);
        }
    }
    return NULL;
}

int64_t signals_stream_hammer(int32_t threads, int64_t iterations, bool parking) {
    struct stream_hammer hammer = { 0, 0, iterations, parking };
    pthread_t ids[64];
    if (threads > 64) threads = 64;
    for (int32_t index = 0; index < threads; index++) pthread_create(&ids[index], NULL, stream_hammer_run, &hammer);
    for (int32_t index = 0; index < threads; index++) pthread_join(ids[index], NULL);
    return hammer.counter;
}

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

#endif

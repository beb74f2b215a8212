// A stress test of the stream word's contended paths (CSignalsAtomics), for Signals' tests only:
// a target of its own, so that the product does not ship it.
#ifndef C_SIGNALS_TEST_HAMMER_H
#define C_SIGNALS_TEST_HAMMER_H

#include <stdbool.h>
#include <stdint.h>

/// Runs `threads` threads (at most 64) that each lock and unlock one stream word `iterations`
/// times around a plain counter, sleeping through the portable parking lot if `parking`, else
/// through the platform's path; returns the counter. A lock that lets two in loses increments;
/// a lost wake-up never returns.
int64_t signals_stream_hammer(int32_t threads, int64_t iterations, bool parking);

#endif

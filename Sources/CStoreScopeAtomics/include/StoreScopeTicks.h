#ifndef STORESCOPE_TICKS_H
#define STORESCOPE_TICKS_H

// The processor's cycle counter, read in one instruction: what the recorder times a store's
// actions with on the store's thread where the kernel's own monotonic clock is that counter
// (`TickSource` in StoreScope decides, off the hot path). `static inline`, so the Swift caller
// gets the instruction itself, not a call.

#include <stdint.h>

#if defined(__x86_64__)
/// The time-stamp counter (`rdtsc`, not serializing: it may run a few instructions early or
/// late, which the worker's conversion tolerates).
static inline uint64_t storescope_read_tsc(void) {
    uint32_t low, high;
    __asm__ __volatile__("rdtsc" : "=a"(low), "=d"(high));
    return ((uint64_t)high << 32) | low;
}
#endif

#endif

#ifndef STORESCOPE_ATOMICS_H
#define STORESCOPE_ATOMICS_H

// C11 atomics on one 64-bit word, for Swift code that must run below the Apple floor of
// `Synchronization.Atomic` (iOS 18 / macOS 15): StoreScope's app-side code builds for iOS 16,
// macOS 13, tvOS 16, watchOS 9 and visionOS 1.
//
// Every function is `static inline`, so Swift's Clang importer emits its body into the calling
// module and the optimizer folds it into one instruction or a few (a relaxed load is a plain
// `mov`, an add a `lock xadd`), as `Atomic` would. One function per memory order keeps each
// order a constant the compiler sees.
//
// The word is a plain `uint64_t` in memory the Swift side allocates and never moves
// (`AtomicValue` in TraceFormat), cast here to `_Atomic(uint64_t)`: the two have the same size
// and alignment wherever 64-bit atomics are lock-free, which the assertions below require of
// every target (x86_64, arm64, arm64e and watchOS's arm64_32 all have them).

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

_Static_assert(sizeof(_Atomic(uint64_t)) == sizeof(uint64_t), "an atomic word must be a plain word");
_Static_assert(_Alignof(_Atomic(uint64_t)) == _Alignof(uint64_t), "an atomic word must align as a plain word");
_Static_assert(__atomic_always_lock_free(sizeof(uint64_t), 0), "64-bit atomics must be lock-free");

#define STORESCOPE_WORD(pointer) ((_Atomic(uint64_t) *)(pointer))

#define STORESCOPE_LOAD(suffix, order)                                                           \
    static inline uint64_t storescope_atomic_load_##suffix(const uint64_t *_Nonnull word) {      \
        return atomic_load_explicit((const _Atomic(uint64_t) *)word, order);                     \
    }
#define STORESCOPE_STORE(suffix, order)                                                          \
    static inline void storescope_atomic_store_##suffix(uint64_t *_Nonnull word, uint64_t value) { \
        atomic_store_explicit(STORESCOPE_WORD(word), value, order);                              \
    }
#define STORESCOPE_EXCHANGE(suffix, order)                                                       \
    static inline uint64_t storescope_atomic_exchange_##suffix(uint64_t *_Nonnull word, uint64_t value) { \
        return atomic_exchange_explicit(STORESCOPE_WORD(word), value, order);                    \
    }
#define STORESCOPE_ADD(suffix, order)                                                            \
    static inline uint64_t storescope_atomic_fetch_add_##suffix(uint64_t *_Nonnull word, uint64_t value) { \
        return atomic_fetch_add_explicit(STORESCOPE_WORD(word), value, order);                   \
    }                                                                                            \
    static inline uint64_t storescope_atomic_fetch_sub_##suffix(uint64_t *_Nonnull word, uint64_t value) { \
        return atomic_fetch_sub_explicit(STORESCOPE_WORD(word), value, order);                   \
    }

#define STORESCOPE_OR(suffix, order)                                                             \
    static inline uint64_t storescope_atomic_fetch_or_##suffix(uint64_t *_Nonnull word, uint64_t value) { \
        return atomic_fetch_or_explicit(STORESCOPE_WORD(word), value, order);                    \
    }

/// Stores `desired` if the word holds `expected`; returns whether it did.
static inline bool storescope_atomic_compare_exchange_seq_cst(uint64_t *_Nonnull word, uint64_t expected, uint64_t desired) {
    return atomic_compare_exchange_strong_explicit(
        STORESCOPE_WORD(word), &expected, desired, memory_order_seq_cst, memory_order_seq_cst);
}

STORESCOPE_LOAD(relaxed, memory_order_relaxed)
STORESCOPE_LOAD(acquire, memory_order_acquire)
STORESCOPE_LOAD(seq_cst, memory_order_seq_cst)

STORESCOPE_STORE(relaxed, memory_order_relaxed)
STORESCOPE_STORE(release, memory_order_release)
STORESCOPE_STORE(seq_cst, memory_order_seq_cst)

STORESCOPE_EXCHANGE(relaxed, memory_order_relaxed)
STORESCOPE_EXCHANGE(acquire, memory_order_acquire)
STORESCOPE_EXCHANGE(release, memory_order_release)
STORESCOPE_EXCHANGE(acq_rel, memory_order_acq_rel)
STORESCOPE_EXCHANGE(seq_cst, memory_order_seq_cst)

STORESCOPE_ADD(relaxed, memory_order_relaxed)
STORESCOPE_ADD(acq_rel, memory_order_acq_rel)

STORESCOPE_OR(relaxed, memory_order_relaxed)

/// A sequentially consistent fence, as `atomicMemoryFence(ordering: .sequentiallyConsistent)`.
static inline void storescope_atomic_fence_seq_cst(void) { atomic_thread_fence(memory_order_seq_cst); }

/// Tells the core that this thread spins waiting for another (x86 `pause`, arm64 `yield`): the
/// loop yields the pipeline, and on leaving it no memory-order mis-speculation is paid.
static inline void storescope_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

#undef STORESCOPE_LOAD
#undef STORESCOPE_STORE
#undef STORESCOPE_EXCHANGE
#undef STORESCOPE_ADD
#undef STORESCOPE_OR
#undef STORESCOPE_WORD

#endif

import CStoreScopeAtomics

/// A value of at most 64 bits that threads read and write without a lock: what
/// `Synchronization.Atomic` does, for the platforms below its floor (iOS 18 / macOS 15).
///
/// StoreScope's app-side code builds for iOS 16, macOS 13, tvOS 16, watchOS 9 and visionOS 1,
/// so its atomics are C11's (`CStoreScopeAtomics`, one `static inline` function per operation
/// and memory order, which the optimizer reduces to the instruction `Atomic` would use). The
/// word lives in memory of its own that never moves, freed when the value is destroyed; the
/// value is noncopyable, as `Atomic` is, so it has one owner (a `let` in a class, or a static).
///
/// The names follow `Atomic` (`load(ordering:)`, `store(_:ordering:)`, `exchange(_:ordering:)`,
/// `add(_:ordering:)`), and so do the orderings (`.relaxed`, `.acquiring`, `.releasing`,
/// `.acquiringAndReleasing`, `.sequentiallyConsistent`): an argument written for one reads
/// the same for the other.
///
/// ```swift
/// let started = AtomicValue(0)
/// started.add(1, ordering: .relaxed)
/// ```
@usableFromInline
package struct AtomicValue<Value: AtomicWordRepresentable>: ~Copyable, @unchecked Sendable {
    // @unchecked: `word` is allocated in init, freed in deinit, and read and written only
    // through the C11 atomic operations below, which make every access from any thread safe.
    @usableFromInline let word: UnsafeMutablePointer<UInt64>

    /// Creates the value.
    ///
    /// - Parameters:
    ///   - initialValue: the value before any thread changes it.
    ///   - ownCacheLine: gives the word 128 bytes aligned to themselves, so that writes to
    ///     values next to it in memory never evict its line (Apple's cores have 128-byte lines,
    ///     Intel's prefetcher pairs 64-byte ones). For the hand-off's contended flags.
    package init(_ initialValue: Value, ownCacheLine: Bool = false) {
        let size = ownCacheLine ? 128 : MemoryLayout<UInt64>.size
        let alignment = ownCacheLine ? 128 : MemoryLayout<UInt64>.alignment
        word = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: alignment)
            .initializeMemory(as: UInt64.self, repeating: 0, count: size / MemoryLayout<UInt64>.size)
        word.pointee = initialValue.atomicWord
    }

    deinit {
        UnsafeMutableRawPointer(word).deallocate()
    }

    /// The value, as of a moment between the call and the return.
    @inlinable @inline(__always)
    package func load(ordering: AtomicLoadOrdering) -> Value {
        switch ordering {
        case .relaxed: Value(atomicWord: storescope_atomic_load_relaxed(word))
        case .acquiring: Value(atomicWord: storescope_atomic_load_acquire(word))
        case .sequentiallyConsistent: Value(atomicWord: storescope_atomic_load_seq_cst(word))
        }
    }

    /// Replaces the value.
    @inlinable @inline(__always)
    package func store(_ value: Value, ordering: AtomicStoreOrdering) {
        switch ordering {
        case .relaxed: storescope_atomic_store_relaxed(word, value.atomicWord)
        case .releasing: storescope_atomic_store_release(word, value.atomicWord)
        case .sequentiallyConsistent: storescope_atomic_store_seq_cst(word, value.atomicWord)
        }
    }

    /// Replaces the value and returns the one it replaced, in one step.
    @inlinable @inline(__always) @discardableResult
    package func exchange(_ value: Value, ordering: AtomicUpdateOrdering) -> Value {
        let new = value.atomicWord
        return switch ordering {
        case .relaxed: Value(atomicWord: storescope_atomic_exchange_relaxed(word, new))
        case .acquiring: Value(atomicWord: storescope_atomic_exchange_acquire(word, new))
        case .releasing: Value(atomicWord: storescope_atomic_exchange_release(word, new))
        case .acquiringAndReleasing: Value(atomicWord: storescope_atomic_exchange_acq_rel(word, new))
        case .sequentiallyConsistent: Value(atomicWord: storescope_atomic_exchange_seq_cst(word, new))
        }
    }

    /// Replaces the value with `desired` if it is `expected`, in one sequentially consistent
    /// step.
    ///
    /// - Returns: whether it replaced it.
    @inlinable @inline(__always) @discardableResult
    package func compareExchange(expected: Value, desired: Value) -> Bool {
        storescope_atomic_compare_exchange_seq_cst(word, expected.atomicWord, desired.atomicWord)
    }
}

extension AtomicValue where Value: FixedWidthInteger {
    /// Adds `delta`, wrapping around on overflow, in one step.
    ///
    /// - Returns: the value before and after.
    @inlinable @inline(__always) @discardableResult
    package func add(_ delta: Value, ordering: AtomicCountOrdering) -> (oldValue: Value, newValue: Value) {
        let old = switch ordering {
        case .relaxed: Value(atomicWord: storescope_atomic_fetch_add_relaxed(word, delta.atomicWord))
        case .acquiringAndReleasing: Value(atomicWord: storescope_atomic_fetch_add_acq_rel(word, delta.atomicWord))
        }
        return (old, old &+ delta)
    }

    /// Subtracts `delta`, wrapping around on overflow, in one step.
    ///
    /// - Returns: the value before and after.
    @inlinable @inline(__always) @discardableResult
    package func subtract(_ delta: Value, ordering: AtomicCountOrdering) -> (oldValue: Value, newValue: Value) {
        let old = switch ordering {
        case .relaxed: Value(atomicWord: storescope_atomic_fetch_sub_relaxed(word, delta.atomicWord))
        case .acquiringAndReleasing: Value(atomicWord: storescope_atomic_fetch_sub_acq_rel(word, delta.atomicWord))
        }
        return (old, old &- delta)
    }
}

extension AtomicValue where Value == UInt64 {
    /// Sets the bits of `mask`, relaxed, in one step (async-signal-safe, as every operation
    /// here: a signal handler may call it).
    @inlinable @inline(__always)
    package func setBits(_ mask: UInt64) {
        _ = storescope_atomic_fetch_or_relaxed(word, mask)
    }
}

/// A sequentially consistent fence: no load or store moves across it, as
/// `atomicMemoryFence(ordering: .sequentiallyConsistent)`.
@inlinable @inline(__always)
package func sequentiallyConsistentFence() {
    storescope_atomic_fence_seq_cst()
}

/// How a load orders the memory accesses around it.
@usableFromInline
package enum AtomicLoadOrdering: Sendable {
    /// Atomic, and nothing more.
    case relaxed
    /// Sees every write made before the releasing store it reads.
    case acquiring
    /// Acquiring, and in the one total order of all sequentially consistent operations.
    case sequentiallyConsistent
}

/// How a store orders the memory accesses around it.
@usableFromInline
package enum AtomicStoreOrdering: Sendable {
    /// Atomic, and nothing more.
    case relaxed
    /// Publishes every write made before it to the acquiring load that reads it.
    case releasing
    /// Releasing, and in the one total order of all sequentially consistent operations.
    case sequentiallyConsistent
}

/// How a read-and-write (`exchange`) orders the memory accesses around it.
@usableFromInline
package enum AtomicUpdateOrdering: Sendable {
    case relaxed
    case acquiring
    case releasing
    case acquiringAndReleasing
    case sequentiallyConsistent
}

/// How an addition orders the memory accesses around it (counters are relaxed or both ways).
@usableFromInline
package enum AtomicCountOrdering: Sendable {
    case relaxed
    case acquiringAndReleasing
}

/// A type stored in an ``AtomicValue``'s 64-bit word: its bits, and back.
@usableFromInline
package protocol AtomicWordRepresentable {
    /// The value whose word is `atomicWord`.
    init(atomicWord: UInt64)
    /// The value's bits, widened to 64.
    var atomicWord: UInt64 { get }
}

extension Bool: AtomicWordRepresentable {
    @inlinable package init(atomicWord: UInt64) { self = atomicWord != 0 }
    @inlinable package var atomicWord: UInt64 { self ? 1 : 0 }
}

extension UInt64: AtomicWordRepresentable {
    @inlinable package init(atomicWord: UInt64) { self = atomicWord }
    @inlinable package var atomicWord: UInt64 { self }
}

// The narrower integers keep their bits in the word's low end (signed ones sign-extended), and
// take them back by truncation: additions that wrap in the word wrap the same way in them,
// which holds for `Int` and `UInt` on watchOS's 32-bit arm64_32 too.

extension Int: AtomicWordRepresentable {
    @inlinable package init(atomicWord: UInt64) { self = Int(truncatingIfNeeded: atomicWord) }
    @inlinable package var atomicWord: UInt64 { UInt64(truncatingIfNeeded: self) }
}

extension UInt: AtomicWordRepresentable {
    @inlinable package init(atomicWord: UInt64) { self = UInt(truncatingIfNeeded: atomicWord) }
    @inlinable package var atomicWord: UInt64 { UInt64(truncatingIfNeeded: self) }
}

extension Int32: AtomicWordRepresentable {
    @inlinable package init(atomicWord: UInt64) { self = Int32(truncatingIfNeeded: atomicWord) }
    @inlinable package var atomicWord: UInt64 { UInt64(truncatingIfNeeded: self) }
}

extension UInt8: AtomicWordRepresentable {
    @inlinable package init(atomicWord: UInt64) { self = UInt8(truncatingIfNeeded: atomicWord) }
    @inlinable package var atomicWord: UInt64 { UInt64(self) }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, reached only while holding a `pthread_mutex_t`: the one mutex of
/// every StoreScope module (the recorder, the listener's thread, the CLI), and the only code
/// that calls the pthread lock functions. (The recorder's queue is the one exception: app threads
/// meet the worker on one atomic word, `LaneGate` in StoreScope, which costs the store thread
/// one locked instruction per action where this lock and the lanes' flags cost three.)
///
/// It stands where `Synchronization.Mutex` would, for one reason: this toolchain's `Mutex` is
/// invisible to ThreadSanitizer, which then reports every access made under it as a race and
/// can find no real one. TSan intercepts the pthread functions, so with this lock a
/// `swift test --sanitize=thread` run reports only real races. It cost the store thread about
/// 10 ns per action more than `Mutex`, when the queue still took it (docs/BENCHMARKS.md, "Locks
/// and the hand-off").
///
/// ```swift
/// let names = LockedValue<[String]>([])
/// names.withLock { $0.append("main") }
/// ```
@usableFromInline
package final class LockedValue<Value: ~Copyable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLock` (or between `lock` and
    // `unlock`), between `pthread_mutex_lock` and `pthread_mutex_unlock` on `mutex`; it is
    // taken `sending` at init, as `Mutex` takes it, so no other reference to it survives
    // outside the lock.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value, in memory of its own that never moves, so that ``lock()`` can hand out its
    /// address. Reached through a pointer, it has no runtime exclusivity check: the mutex
    /// already makes every access exclusive, and the check (a thread-local access set) cost
    /// the store thread some 120 instructions per action.
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// Creates the lock around `initialValue`.
    @usableFromInline
    package init(_ initialValue: consuming sending Value) {
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
        // A pthread mutex must not move once initialized, so it lives on the heap.
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Takes the lock and gives the value to code that cannot be a closure: the recorder's
    /// hand-off moves each action into the queue, and a closure can only copy what it captures.
    /// Every call is followed, in the same function and with nothing in between that can throw
    /// or return early, by ``unlock()``; prefer ``withLock(_:)`` everywhere else.
    @inlinable
    package func lock() -> UnsafeMutablePointer<Value> {
        pthread_mutex_lock(mutex)
        return value
    }

    /// Releases the lock ``lock()`` took.
    @inlinable
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the value, holding the lock; `body` must not call `withLock` on the
    /// same lock again (the mutex is not recursive).
    ///
    /// - Parameter body: reads or changes the value.
    /// - Returns: what `body` returns.
    @inlinable
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

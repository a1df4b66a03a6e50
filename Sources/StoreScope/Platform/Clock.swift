#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// The two clocks records carry: monotonic nanoseconds (ordering and durations) and wall-clock
/// nanoseconds since 1970 (for humans). Both are single calls; the only clock reads of
/// StoreScope's records.
@usableFromInline
enum Clock {
    /// Nanoseconds of a clock that only moves forward (``MonotonicClock``, which the trace
    /// writer's flush interval reads too).
    @inlinable
    static func monotonicNanos() -> UInt64 {
        MonotonicClock.nanos()
    }

    @usableFromInline
    static func wallNanos() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}

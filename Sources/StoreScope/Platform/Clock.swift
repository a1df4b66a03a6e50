#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The two clocks records carry: monotonic nanoseconds (ordering and durations) and wall-clock
/// nanoseconds since 1970 (for humans). Both are single calls; the only clock reads of
/// StoreScope's records.
@usableFromInline
enum Clock {
    /// Nanoseconds of a clock that only moves forward. Linux: `CLOCK_MONOTONIC`. Darwin:
    /// `clock_gettime_nsec_np(CLOCK_UPTIME_RAW)` (`clock_gettime(3)`, macOS 10.12 / iOS 10):
    /// Darwin's `CLOCK_MONOTONIC` has microsecond resolution and keeps counting while the
    /// machine sleeps, which would put a sleep inside a reducer's duration; `CLOCK_UPTIME_RAW`
    /// is `mach_absolute_time()` in nanoseconds (what `DispatchTime` reads there), stopped
    /// during sleep.
    @inlinable
    static func monotonicNanos() -> UInt64 {
        #if canImport(Darwin)
        return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
        #else
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #endif
    }

    @usableFromInline
    static func wallNanos() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}

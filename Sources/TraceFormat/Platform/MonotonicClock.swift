#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock that only moves forward, read with one system call: what records' monotonic
/// times and the writer's flush interval are measured by.
@usableFromInline
package enum MonotonicClock {
    /// Nanoseconds of a clock that only moves forward. Linux: `CLOCK_MONOTONIC`. Darwin:
    /// `clock_gettime_nsec_np(CLOCK_UPTIME_RAW)` (`clock_gettime(3)`, macOS 10.12 / iOS 10):
    /// Darwin's `CLOCK_MONOTONIC` has microsecond resolution and keeps counting while the
    /// machine sleeps, which would put a sleep inside a reducer's duration; `CLOCK_UPTIME_RAW`
    /// is `mach_absolute_time()` in nanoseconds (what `DispatchTime` reads there), stopped
    /// during sleep. About a fifth of `DispatchTime.now()`'s instructions on Linux, which
    /// wraps the same read.
    @inlinable
    package static func nanos() -> UInt64 {
        #if canImport(Darwin)
        return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
        #else
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #endif
    }
}

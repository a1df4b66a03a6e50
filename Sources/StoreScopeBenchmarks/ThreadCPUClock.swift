#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Stopwatch {
    /// Nanoseconds of CPU time this thread has used (user and system). For single-threaded
    /// work it is what the work costs, without the time other processes on a shared machine
    /// held the core: the capture-and-diff tables use it.
    static func threadCPUNanos() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

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

    /// Nanoseconds of CPU time every thread of this process has used: with
    /// ``threadCPUNanos()`` of the sending thread, what the recorder's worker used.
    static func processCPUNanos() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// This thread's resource usage (context switches, page faults); the whole process's where
    /// the platform has no per-thread usage.
    static func threadUsage() -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(1, &usage)  // RUSAGE_THREAD, which the Glibc module does not export
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CStoreScopeAtomics

/// Waits for another thread to leave a section of a few hundred nanoseconds: spins with the
/// core's pause hint, then gives the processor away (the other thread may have been preempted
/// inside the section and need this core to finish it), then sleeps in short naps.
///
/// ```swift
/// var wait = SpinWait()
/// while !done() { wait.pause() }
/// ```
struct SpinWait {
    private var rounds = 0

    init() {}

    /// Waits a little longer each time: the first 8 rounds a pause hint each (about the length
    /// of the section waited for), the next 64 a `sched_yield`, then 50 µs naps.
    mutating func pause() {
        rounds += 1
        if rounds <= 8 {
            storescope_spin_pause()
        } else if rounds <= 72 {
            sched_yield()
        } else {
            usleep(50)
        }
    }
}

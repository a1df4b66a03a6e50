#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work to do when the process exits normally: the only StoreScope code that calls `atexit`.
///
/// `exit()` (and returning from `main`) runs these handlers on the thread that called it,
/// while the process's other threads still run; a crash, a fatal signal, `_exit()` or
/// `abort()` runs none.
enum ProcessExit {
    /// Registers `handler` to run at normal exit. A C function pointer cannot capture context:
    /// the handler reaches what it needs through a global.
    static func run(_ handler: @convention(c) () -> Void) {
        _ = atexit(handler)
    }
}

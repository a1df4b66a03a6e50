#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C and `kill` for a live command: SIGINT and SIGTERM are caught (``SignalPipe``) so that
/// the command's loop, which checks ``requested`` between its waits (and whose waits the signal
/// interrupts), can close every file cleanly before exiting. SIGPIPE is caught too: when the
/// reader of standard output goes away (`storescope listen --record DIR | head`), the write fails
/// with `EPIPE` instead of the signal ending the process with its session files unfinished; the
/// loop stops on the failed write as it does on Ctrl-C. For command-line tools only: a library
/// must never change its host's signal handlers.
public enum StopSignals {
    /// The pipe, for the life of the process once installed. `nonisolated(unsafe)`: written
    /// only by ``install()``, which commands call once from the main thread before any other
    /// thread could read it; nothing else touches it.
    nonisolated(unsafe) private static var pipe: SignalPipe?

    /// Catches SIGINT, SIGTERM and SIGPIPE (and unblocks them, which a parent may have
    /// blocked). Call once, from the main thread, before the command's loop.
    public static func install() {
        if pipe == nil { pipe = SignalPipe.catching([SIGINT, SIGTERM, SIGPIPE]) }
    }

    /// Whether SIGINT or SIGTERM arrived since ``install()``.
    public static var requested: Bool {
        SignalPipe.hasCaught(SIGINT) || SignalPipe.hasCaught(SIGTERM)
    }
}

/// Ctrl-C and `kill` for a live command: SIGINT and SIGTERM set a flag the command's loop
/// checks (and interrupt its waits), so it can close every file cleanly before exiting.
/// For command-line tools only: a library must never change its host's signal handlers.
public enum StopSignals {
    /// Installs the handlers (and unblocks both signals, which a parent may have blocked).
    public static func install() {
        LiveSyscalls.catchStopSignals()
    }

    /// Whether SIGINT or SIGTERM arrived since ``install()``.
    public static var requested: Bool {
        LiveSyscalls.stopRequested.load(ordering: .relaxed)
    }
}

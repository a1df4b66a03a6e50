/// Whether `/proc` describes this machine's processes (`/proc/PID/status`, `/proc/PID/stat`):
/// Linux only. Darwin has no `/proc`; its per-process figures come from `proc_pid_rusage`,
/// whose units differ, so tests that read `/proc` are skipped there (`.enabled(if:)`).
public let hasProcFileSystem: Bool = {
    #if os(Linux)
    true
    #else
    false
    #endif
}()

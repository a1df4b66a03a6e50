import Foundation
import TraceFormat

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to completion with standard output sent to a file, and measures its wall
/// time and peak resident memory (from `wait4`'s resource usage).
enum ChildRun {
    struct Outcome {
        var status: Int32
        var seconds: Double
        /// Peak resident set size of the child, in bytes.
        var peakBytes: Int
        /// User and system CPU seconds of the child (and of its children it waited for).
        var cpuSeconds: Double = 0
    }

    static func run(_ arguments: [String], stdout path: String) -> Outcome {
        let start = Stopwatch.now()
        let spawned = spawn(arguments, opening: [(1, path, O_WRONLY | O_CREAT | O_TRUNC)])
        guard case let .success(pid) = spawned else { preconditionFailure("cannot run \(arguments[0]): \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(Stopwatch.now() - start) / 1e9
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Outcome(status: (status >> 8) & 0xFF, seconds: seconds, peakBytes: peakBytes(usage), cpuSeconds: cpu)
    }

    /// Starts `arguments[0]` with `arguments` and this process's environment, after opening
    /// each of `files` (`0o644` when created) on its descriptor.
    ///
    /// Darwin's `posix_spawn_file_actions_t` is an opaque pointer (`typedef void *`), set by
    /// `posix_spawn_file_actions_init`, where Glibc's is a struct; and Darwin's overlay has no
    /// `environ` (`environ(7)`: only `_NSGetEnviron()` there), so the environment is passed as
    /// Foundation sees it, on both.
    static func spawn(_ arguments: [String], opening files: [(descriptor: Int32, path: String, flags: Int32)]) -> Result<pid_t, Errno> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for file in files { posix_spawn_file_actions_addopen(&actions, file.descriptor, file.path, file.flags, 0o644) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        return spawned == 0 ? .success(pid) : .failure(Errno(code: spawned))
    }

    /// `ru_maxrss` in bytes: Darwin counts bytes, Linux KiB (`getrusage(2)` on each).
    static func peakBytes(_ usage: rusage) -> Int {
        #if canImport(Darwin)
        Int(usage.ru_maxrss)
        #else
        Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// This process's peak resident memory as Linux's `VmHWM` line gives it (`N kB`): read
    /// from `/proc/self/status` on Linux; from `getrusage` elsewhere (Darwin has no `/proc`).
    static func ownPeakResident() -> String {
        #if os(Linux)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.map { $0.dropFirst(6).trimmingCharacters(in: .whitespaces) } ?? "?"
        #else
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return "?" }
        return "\(peakBytes(usage) / 1024) kB"
        #endif
    }

    /// User and system CPU seconds of the child processes waited for so far.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_CHILDREN, &usage)
        #else
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

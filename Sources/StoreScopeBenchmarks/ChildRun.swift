import Foundation

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
    }

    static func run(_ arguments: [String], stdout path: String) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = Stopwatch.now()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        precondition(spawned == 0, "cannot run \(arguments[0]): error \(spawned)")
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(Stopwatch.now() - start) / 1e9
        #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            let peak = Int(usage.ru_maxrss) * 1024  // KiB on Linux
        #endif
        return Outcome(status: (status >> 8) & 0xFF, seconds: seconds, peakBytes: peak)
    }
}

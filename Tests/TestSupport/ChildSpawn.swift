import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `arguments[0]` with `arguments` and this process's environment, after opening each of
/// `files` on its descriptor, with an empty signal mask (a test runner may block signals the
/// child must receive). The caller reaps the child with `waitpid`.
///
/// The one `posix_spawn` of the tests, written for both C libraries: Darwin's
/// `posix_spawn_file_actions_t` and `posix_spawnattr_t` are opaque pointers (`typedef void *`,
/// spawn.h) that their `_init` functions set, where Glibc's are structs; and Darwin's overlay has
/// no `environ` (`environ(7)`: `_NSGetEnviron()` there), so the environment is passed as
/// Foundation sees it.
///
/// - Parameters:
///   - arguments: the program's path, then its arguments.
///   - files: descriptor, path, `open` flags and mode of each file to open in the child.
/// - Returns: the child's pid, or `nil` when it could not be started.
public func spawnChild(_ arguments: [String], opening files: [(descriptor: Int32, path: String, flags: Int32, mode: mode_t)]) -> pid_t? {
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t? = nil
    var attributes: posix_spawnattr_t? = nil
    #else
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for file in files { posix_spawn_file_actions_addopen(&actions, file.descriptor, file.path, file.flags, file.mode) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    return posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 ? pid : nil
}

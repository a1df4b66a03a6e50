import Foundation
@testable import StoreScopeCLI
import StoreScopeTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `storescope` inside the test's own process, through ``StoreScopeCLI/run(_:console:)``
/// with a ``Console`` whose standard output and standard error are files, and answers as
/// ``ChildProcess/storescope(_:workingDirectory:)`` does. For tests of parsing and output: the
/// command, its arguments, what it prints and the status it returns are the same code the binary
/// runs, without a process to start and wait for. Tests whose subject is the process (an exit
/// by signal, a closed or full standard output, the terminal, sockets, the working directory)
/// run the binary instead.
enum InProcess {
    /// Runs the command line `arguments` (without the program name) and returns its status and
    /// output, as the binary's `main` would end with them.
    static func storescope(_ arguments: [String]) throws -> ChildProcess.Outcome {
        let scratch = try TemporaryDirectory()
        let outPath = scratch.path("stdout"), errPath = scratch.path("stderr")
        let output = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errors = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            if output >= 0 { close(output) }
            if errors >= 0 { close(errors) }
        }
        guard output >= 0, errors >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        let console = Console(output: StandardStream(descriptor: output), errors: StandardStream(descriptor: errors))
        let status = console.finish(StoreScopeCLI.run(arguments, console: console))
        return ChildProcess.Outcome(
            status: status,
            stdoutBytes: Array(try Data(contentsOf: URL(fileURLWithPath: outPath))),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self))
    }
}

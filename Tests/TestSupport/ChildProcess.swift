import Foundation

/// Runs a child process to completion with a deadline, so a hang fails the test instead of
/// stalling the suite. Output goes to files, so a chatty child never blocks on a full pipe.
///
/// ```swift
/// let check = try ChildProcess.run(product: "storescope", ["check", path])
/// #expect(check.status == 0, "stderr: \(check.stderr)")
/// ```
public enum ChildProcess {
    /// What one run printed and how it ended.
    public struct Outcome: Sendable {
        /// The exit status, or 128 plus the signal number when a signal ended the child (as a
        /// shell reports it).
        public var status: Int32
        /// Whether the child exited or was ended by a signal.
        public var terminationReason: Process.TerminationReason
        /// Everything the child wrote to standard output.
        public var stdoutBytes: [UInt8]
        /// Everything the child wrote to standard error, decoded as UTF-8.
        public var stderr: String
        /// ``stdoutBytes`` decoded as UTF-8.
        public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }

        /// An outcome of these parts; a run in the test's own process gives one too.
        public init(status: Int32, terminationReason: Process.TerminationReason = .exit, stdoutBytes: [UInt8], stderr: String) {
            self.status = status
            self.terminationReason = terminationReason
            self.stdoutBytes = stdoutBytes
            self.stderr = stderr
        }
    }

    /// The child was still running at its deadline and was killed.
    public struct TimedOut: Error, CustomStringConvertible {
        /// The command line that did not finish.
        public var command: String
        /// One line naming the command.
        public var description: String { "\(command) did not finish within the deadline (killed)" }
    }

    /// Runs `executable` and waits for it to end.
    ///
    /// - Parameters:
    ///   - executable: The program to run.
    ///   - arguments: Its arguments, without the program name.
    ///   - input: What the child reads on standard input; empty by default.
    ///   - workingDirectory: The child's working directory; the test runner's by default.
    ///   - timeout: How long the child may run before it is killed.
    /// - Returns: The child's exit status and output.
    /// - Throws: ``TimedOut`` when the child outlives `timeout`, or the error that kept it
    ///   from starting.
    public static func run(
        _ executable: URL, _ arguments: [String], input: Data = Data(), workingDirectory: URL? = nil,
        timeout: Duration = .seconds(30)
    ) throws -> Outcome {
        try SkippedTags.cancelIfSkipped()
        let scratch = try TemporaryDirectory()
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        let inURL = scratch.url.appendingPathComponent("stdin")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try input.write(to: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let errors = try FileHandle(forWritingTo: errURL)
        let standardInput = try FileHandle(forReadingFrom: inURL)
        defer {
            try? output.close()
            try? errors.close()
            try? standardInput.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        process.standardInput = standardInput
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now >= deadline {
                stop(process)
                throw TimedOut(command: ([executable.lastPathComponent] + arguments).joined(separator: " "))
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        process.waitUntilExit()
        return Outcome(
            status: process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus,
            terminationReason: process.terminationReason,
            stdoutBytes: Array(try Data(contentsOf: outURL)),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs an executable the package builds, found with ``ProductLocator``, and waits for it
    /// to end.
    ///
    /// - Parameters:
    ///   - name: The executable product's name, such as `"storescope"`.
    ///   - arguments: Its arguments, without the program name.
    ///   - input: What the child reads on standard input; empty by default.
    ///   - workingDirectory: The child's working directory; the test runner's by default.
    ///   - timeout: How long the child may run before it is killed.
    /// - Returns: The child's exit status and output.
    /// - Throws: ``ProductNotFound`` when the product was not built, ``TimedOut`` when the
    ///   child outlives `timeout`, or the error that kept it from starting.
    public static func run(
        product name: String, _ arguments: [String], input: Data = Data(), workingDirectory: URL? = nil,
        timeout: Duration = .seconds(30)
    ) throws -> Outcome {
        try run(
            ProductLocator.url(of: name), arguments, input: input, workingDirectory: workingDirectory, timeout: timeout)
    }

    /// Kills a child that is still running and waits for it. SIGKILL, not `terminate()`:
    /// children inherit the test runner's signal mask, in which SIGTERM is blocked.
    public static func stop(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

import Foundation

/// A child process that runs alongside the test (a listener, an app): the test writes lines to
/// its standard input, waits for what it prints, signals it, and waits for it to end, each
/// with a deadline. Killed with SIGKILL when released, so a failing test leaves nothing behind.
public final class RunningProcess: @unchecked Sendable {
    // @unchecked: used by one test at a time; `Process` and `FileHandle` are thread-safe for
    // the calls made here.
    private let process = Process()
    private let input = Pipe()
    private let scratch: TemporaryDirectory
    private let outURL: URL
    private let errURL: URL

    /// Starts `executable` with `arguments`, adding `environment` to the test runner's.
    ///
    /// - Throws: the error that kept it from starting.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws {
        try SkippedTags.cancelIfSkipped()
        scratch = try TemporaryDirectory()
        outURL = scratch.url.appendingPathComponent("stdout")
        errURL = scratch.url.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    /// Starts a product the package builds (see ``ProductLocator``).
    public convenience init(product: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        try self.init(ProductLocator.url(of: product), arguments, environment: environment)
    }

    deinit { ChildProcess.stop(process) }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }
    /// Whether it still runs.
    public var isRunning: Bool { process.isRunning }
    /// What it printed so far on standard output.
    public var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    /// What it printed so far on standard error.
    public var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    /// Writes `line` and a newline to its standard input. A write that fails (the process
    /// already ended) is left to the wait that follows, which reports what it printed: a trap
    /// here would end every test running in the same process.
    public func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Closes its standard input: a process reading it to the end then ends.
    public func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits until `condition` holds for its standard output.
    ///
    /// - Throws: ``ChildProcess/TimedOut`` at the deadline, naming what was awaited.
    @discardableResult
    public func waitForOutput(
        _ what: String, timeout: Duration = .seconds(20), until condition: (String) -> Bool
    ) throws -> String {
        try waitFor(what, timeout: timeout) { condition(stdout) ? stdout : nil }
    }

    /// Waits until standard output contains `text`.
    @discardableResult
    public func waitForOutput(containing text: String, timeout: Duration = .seconds(20)) throws -> String {
        try waitForOutput("'\(text)' on stdout", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until standard output has a whole line (its newline written) containing `text`,
    /// and returns that line: a line seen while its writer is still writing it is not taken.
    public func waitForLine(containing text: String, timeout: Duration = .seconds(20)) throws -> String {
        try waitFor("a whole line with '\(text)' on stdout", timeout: timeout) {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first { $0.contains(text) }.map(String.init)
        }
    }

    /// Waits until standard error contains `text`.
    @discardableResult
    public func waitForError(containing text: String, timeout: Duration = .seconds(20)) throws -> String {
        try waitFor("'\(text)' on stderr", timeout: timeout) { stderr.contains(text) ? stderr : nil }
    }

    /// Waits until standard error meets `condition`.
    @discardableResult
    public func waitForError(
        _ what: String, timeout: Duration = .seconds(20), until condition: (String) -> Bool
    ) throws -> String {
        try waitFor(what, timeout: timeout) { condition(stderr) ? stderr : nil }
    }

    /// Sends `signal` (SIGINT, SIGTERM, SIGKILL...).
    public func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for it to end.
    ///
    /// - Returns: the exit status, or 128 plus the signal number.
    /// - Throws: ``ChildProcess/TimedOut`` at the deadline (it is killed then).
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(20)) throws -> Int32 {
        _ = try waitFor("exit", timeout: timeout) { process.isRunning ? nil : "" }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    private func waitFor<T>(_ what: String, timeout: Duration, _ check: () -> T?) throws -> T {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let value = check() { return value }
            if ContinuousClock.now >= deadline {
                let command = ([process.executableURL?.lastPathComponent ?? "?"] + (process.arguments ?? [])).joined(separator: " ")
                ChildProcess.stop(process)
                throw ChildProcess.TimedOut(command: "\(command) (waiting for \(what); stdout: \(stdout.suffix(500)) stderr: \(stderr.suffix(500)))")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}

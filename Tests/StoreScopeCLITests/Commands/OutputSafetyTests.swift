import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// The real `storescope` binary writing where writes fail, and echoing hostile arguments.
@Suite("storescope output safety", .tags(.process))
struct OutputSafetyTests {
    let directory: TemporaryDirectory
    let tracePath: String

    init() throws {
        directory = try TemporaryDirectory()
        tracePath = directory.path("small.sstrace")
        try SmallTrace.write((UInt64(1)...200).map { SmallTrace.action($0, "tick") }, to: tracePath)
    }

    /// Runs `storescope arguments` through `/bin/sh` with `SIGPIPE` ignored (an ignored signal
    /// stays ignored across `exec`), standard output on `output`, standard error in a file.
    func run(_ arguments: [String], output: Any) throws -> (status: Int32, stderr: String) {
        let errURL = directory.url.appendingPathComponent("stderr-\(UUID().uuidString)")
        try Data().write(to: errURL)
        let errors = try FileHandle(forWritingTo: errURL)
        defer { try? errors.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", try ProductLocator.url(of: "storescope").path] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning {
            if ContinuousClock.now >= deadline {
                ChildProcess.stop(process)
                Issue.record("storescope \(arguments) did not finish")
                break
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        process.waitUntilExit()
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        return (status, String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    @Test("writing to a full device reports the error once and exits 74", arguments: [["cat"], ["cat", "--json"], ["check"]])
    func fullDevice(command: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let outcome = try run(command + [tracePath], output: full)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == "Error: cannot write to standard output: No space left on device\n")
    }

    @Test("help written to a full device fails too instead of claiming success")
    func fullDeviceHelp() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let outcome = try run(["--help"], output: full)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == "Error: cannot write to standard output: No space left on device\n")
    }

    @Test("a closed pipe with SIGPIPE ignored ends the command quietly with status 141", arguments: [["cat"], ["cat", "--json"], ["check", "--json"]])
    func closedPipe(command: [String]) throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let outcome = try run(command + [tracePath], output: pipe)
        #expect(outcome.status == 141)
        #expect(outcome.stderr == "")
    }

    @Test("usage errors never echo a raw escape sequence from an argument")
    func usageErrorsAreSanitized() throws {
        let escape = "\u{1B}[2J\u{9B}31m\u{202E}"
        for arguments in [["cat", tracePath, escape], ["cat", "--\(escape)", tracePath], [escape], ["check", "-\u{7}"]] {
            let outcome = try ChildProcess.storescope(arguments)
            #expect(outcome.status == 64)
            #expect(!outcome.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E || $0.value == 0x07 }, "\(outcome.stderr.debugDescription)")
            #expect(outcome.stderr.hasPrefix("Error: "))
        }
        let outcome = try ChildProcess.storescope(["cat", tracePath, escape])
        #expect(outcome.stderr.hasPrefix("Error: unexpected argument '\\u{1b}[2J\\u{9b}31m\\u{202e}'\n"))
    }
}

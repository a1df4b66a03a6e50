import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat
@testable import StoreScopeCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `storescope test` writes its two files as the recorder writes a trace (issue 44): the
/// fixture, a copy of a private trace, private too; no symbolic link followed; no other
/// user's file replaced; every scalar that would not show as itself escaped in literals.
@Suite("storescope test writes its files safely", .tags(.process))
struct TestCommandOutputTests {
    static let arguments = ["--module", "StoreScopeSamples", "--reducer", "TodoReducer().reduce(state:mutation:)"]

    @Test("the fixture is 0600 whatever the trace's mode, and the test is not readable by others either")
    func outputsArePrivate() throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("todos", in: directory)
        chmod(trace, 0o644)
        let run = try InProcess.storescope(["test", trace] + Self.arguments + ["--output", directory.path("T.swift")])
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["T.sstrace", "T.swift"] {
            let mode = try #require(FileManager.default.attributesOfItem(atPath: directory.path(name))[.posixPermissions] as? Int)
            #expect(mode & 0o777 == 0o600, "\(name): \(String(mode, radix: 8))")
        }
    }

    @Test("a symbolic link at either output is refused and what it points to is left alone", arguments: ["T.swift", "T.sstrace"])
    func noLinkFollowed(linked: String) throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("todos", in: directory)
        let victim = directory.path("victim.txt")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: directory.path(linked), withDestinationPath: victim)
        let run = try InProcess.storescope(["test", trace] + Self.arguments + ["--output", directory.path("T.swift")])
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr.contains("it is a symbolic link, and trace files are never written through one"), "\(run.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
    }

    @Test("another user's file at the output is not replaced (as root, which could)", .enabled(if: getuid() == 0, "needs root to make a file another user's"))
    func anotherUsersFileIsKept() throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("todos", in: directory)
        let output = directory.path("T.swift")
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: output))
        #expect(chown(output, 4242, 4242) == 0)
        let run = try InProcess.storescope(["test", trace] + Self.arguments + ["--output", output])
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr.contains("it belongs to another user, whose file is never replaced"), "\(run.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "theirs")
    }

    @Test("a literal shows every scalar that would not show as itself as an escape")
    func literalsEscapeInvisibleScalars() {
        #expect(ReplayTestSource.literal("a\u{202E}b\u{2028}c\u{2066}d\u{200B}e\u{A0}f\u{E000}g h\u{7}") ==
            #""a\u{202e}b\u{2028}c\u{2066}d\u{200b}e\u{a0}f\u{e000}g h\u{7}""#)
        #expect(ReplayTestSource.literal("plain \"é\" ✓") == #""plain \"é\" ✓""#)
    }

    @Test("a trace with nothing readable says so and where it is damaged, not 'no store main (stores: )'")
    func damagedTraceSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let trace = try Analysis.recordSample("todos", in: directory)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: trace))
        let headerEnd = Int(try TraceReader(path: trace).headerSize)
        for index in headerEnd..<bytes.count { bytes[index] ^= 0x5A }
        try bytes.write(to: URL(fileURLWithPath: trace))
        let run = try InProcess.storescope(["test", trace] + Self.arguments + ["--output", directory.path("T.swift")])
        #expect(run.status == 1, "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "Error: no action or keyframe of any store could be read from \(trace):", "\(run.stderr)")
        #expect(lines.count > 1, "the damage is named: \(run.stderr)")
        #expect(!run.stderr.contains("no store"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("T.swift")))
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

extension LiveProcessTests {
    /// End-to-end tests of `storescope tail` following files that real app processes write.
    @Suite("storescope tail")
    struct TailCommandTests {
        @Test("tail --wait follows a file that does not exist yet, prints exactly what cat prints, and stops at the footer")
        func followsAGrowingFile() throws {
            let directory = try TemporaryDirectory()
            let trace = directory.path("growing.sstrace")
            let tail = try RunningProcess(product: "storescope", ["tail", "--wait", trace])
            Thread.sleep(forTimeInterval: 0.2)
            #expect(tail.isRunning, "waits for the file: \(tail.stderr)")
            let app = try RunningProcess(product: "live-app-fixture", ["tailed", "--file", trace])
            try Live.record(app, 20, endingAt: 20)
            try tail.waitForOutput(containing: " #20 main action")
            #expect(tail.isRunning, "keeps following an open trace")
            try Live.record(app, 20, endingAt: 40)
            _ = try Live.close(app)
            #expect(try tail.waitForExit() == 0, "stops by itself at the footer")
            let cat = try ChildProcess.storescope(["cat", trace])
            #expect(tail.stdout == cat.stdout)
            #expect(tail.stderr.isEmpty)
        }

        @Test("tail -n N starts with the last N actions")
        func lastActions() throws {
            let directory = try TemporaryDirectory()
            let trace = directory.path("done.sstrace")
            let app = try RunningProcess(product: "live-app-fixture", ["done", "--file", trace])
            try Live.record(app, 10, endingAt: 10)
            _ = try Live.close(app)
            let tail = try ChildProcess.storescope(["tail", "-n", "2", trace])
            #expect(tail.status == 0)
            let cat = try ChildProcess.storescope(["cat", trace]).stdout
            let start = try #require(cat.range(of: "#9 main action"))
            let lineStart = cat[..<start.lowerBound].lastIndex(of: "\n").map { cat.index(after: $0) } ?? cat.startIndex
            #expect(tail.stdout == String(cat[lineStart...]))
        }

        @Test("tail survives its writer being killed: it keeps what was written, reports a torn tail once, and ends on SIGINT")
        func writerKilled() throws {
            let directory = try TemporaryDirectory()
            let trace = directory.path("killed.sstrace")
            let app = try RunningProcess(product: "live-app-fixture", ["doomed", "--file", trace])
            try Live.record(app, 15, endingAt: 15)
            app.send("flush")
            try app.waitForOutput(containing: "flushed")
            let tail = try RunningProcess(product: "storescope", ["tail", trace])
            try tail.waitForOutput(containing: " #15 main action")
            app.signal(SIGKILL)
            _ = try app.waitForExit()
            // The writer died inside a chunk: its first half is all that reached the file.
            let bytes = try TraceBytes(path: trace)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: trace))
            try handle.seekToEnd()
            try handle.write(contentsOf: bytes.chunk.prefix(100))
            try handle.close()
            try tail.waitForError(containing: "ends in an incomplete chunk of 100 bytes")
            Thread.sleep(forTimeInterval: 2.5)
            #expect(tail.stderr.components(separatedBy: "incomplete chunk").count == 2, "once: \(tail.stderr)")
            #expect(tail.isRunning)
            tail.signal(SIGINT)
            #expect(try tail.waitForExit() == 0)
            #expect(tail.stdout.components(separatedBy: " main action ").count == 16)
        }

        @Test("tail of a missing file without --wait exits 2 with the reason, and says how to wait for it")
        func missingFile() throws {
            let tail = try ChildProcess.storescope(["tail", "/nonexistent/trace.sstrace"])
            #expect(tail.status == 2)
            #expect(tail.stderr == "Error: /nonexistent/trace.sstrace: cannot open /nonexistent/trace.sstrace: No such file or directory (storescope tail --wait /nonexistent/trace.sstrace waits for it to be created)\n")
        }
    }
}

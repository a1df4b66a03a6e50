import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// What `storescope mcp` keeps between calls: a `blame` page resumes at the action its cursor
/// names, and `stats` is summarized once per session.
@Suite("storescope mcp: pages resume, stats are kept", .tags(.process))
struct MCPCachingTests {
    /// `count` actions of store "main", each setting `.rows[0]` and `.rows[1]` (two changes per
    /// action for `.rows[*]`), in small chunks, with a keyframe every 500 actions.
    static func rowsTrace(_ path: String, count: UInt64) throws {
        let state = { (seq: UInt64) in
            TraceValue.structure(type: "State", fields: [.init("rows", .array([.int(Int64(seq)), .int(-Int64(seq))]))])
        }
        let writer = try TraceWriter(path: path, header: SmallTrace.header, options: .init(chunkSize: 4 * 1024))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state(0))))
        for seq in UInt64(1)...count {
            try writer.append(SmallTrace.action(seq, "tick", [.init("note", .string(String(repeating: "n", count: 150)))]))
            if seq % 500 == 0 {
                try writer.append(.keyframe(Keyframe(seq: seq, store: "main", state: state(seq))))
            } else {
                try writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [
                    .set(path: [.field("rows"), .index(0)], value: .int(Int64(seq))),
                    .set(path: [.field("rows"), .index(1)], value: .int(-Int64(seq))),
                ])))
            }
        }
        try writer.close()
    }

    @Test("blame pages: each within the budget, resuming at the action the cursor names, together the CLI's changes once each")
    func blamePagesResume() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("rows.sstrace")
        try Self.rowsTrace(trace, count: 300)
        let pages = try MCPConversation.pages(traces: [trace], "blame", ["path": ".rows[*]"])
        var changes: [[String: Any]] = [], cursor: String?
        for page in pages {
            let items = try #require(page.answer["changes"] as? [[String: Any]])
            #expect(try page.size(of: "changes") + page.text.utf8.count <= 20_000 + 200)
            // The page starts at the action the cursor named (STORE:SEQ:SKIP).
            if let cursor, let seq = cursor.split(separator: ":").dropFirst().first.flatMap({ Int($0) }) {
                #expect(items.first?["seq"] as? Int == seq, "cursor \(cursor)")
            }
            changes += items
            cursor = page.answer["nextCursor"] as? String
        }
        #expect(pages.count > 3)
        let cli = try jsonLines(try ChildProcess.storescope(["blame", trace, ".rows[*]", "--json"]).stdout)
        #expect(cli.count == 600)
        #expect(sameJSON(changes, cli))
    }

    @Test("a blame resumed at an action reads the chunks from the keyframe before it, not the whole trace")
    func blameResumeReadsLittle() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("rows.sstrace")
        try Self.rowsTrace(trace, count: 5_000)
        let pattern = try PathPattern(parsing: ".rows[0]")
        func decodes(from resume: UInt64?) throws -> (chunks: Int, seqs: [UInt64]) {
            let session = try TraceSession(path: trace)
            let opened = session.chunkDecodes
            var seqs: [UInt64] = []
            session.forEachChange(of: pattern, in: "main", from: resume) { item in
                if case let .change(change) = item { seqs.append(change.entry.seq) }
                return seqs.count < 10
            }
            return (session.chunkDecodes - opened, seqs)
        }
        let whole = try decodes(from: nil)
        let resumed = try decodes(from: 4_601)
        #expect(whole.seqs == Array(1...10))
        #expect(resumed.seqs == Array(4_601...4_610))
        // From the start: the first chunks. Resumed near the end: the keyframe at #4500's chunk
        // on, a small part of the trace's chunks.
        let total = try TraceReader(path: trace).chunks.count
        #expect(resumed.chunks < total / 4, "\(resumed.chunks) of \(total) chunks")
    }

    @Test("stats are summarized once per session: zeroing the trace between two calls changes nothing in the second answer")
    func statsKept() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("rows.sstrace")
        try Self.rowsTrace(trace, count: 300)
        let server = try RunningProcess(product: "storescope", ["mcp", trace])
        server.send(MCPConversation.call(1, "stats"))
        try server.waitForOutput(containing: #""id":1"#)
        // Overwrite the file in place (the server's descriptor reads the zeros from now on).
        let size = try #require(try FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int)
        let handle = try #require(FileHandle(forWritingAtPath: trace))
        try handle.write(contentsOf: Data(count: size))
        try handle.close()
        server.send(MCPConversation.call(2, "stats"))
        let output = try server.waitForOutput(containing: #""id":2"#)
        server.send(MCPConversation.call(3, "stats", ["by": "case-path"]))
        let all = try server.waitForOutput(containing: #""id":3"#)
        let answers = try jsonLines(all).reduce(into: [Int: [String: Any]]()) { $0[$1["id"] as! Int] = $1 }
        func rows(_ id: Int) -> [[String: Any]]? {
            ((answers[id]?["result"] as? [String: Any])?["structuredContent"] as? [String: Any])?["rows"] as? [[String: Any]]
        }
        let first = try #require(rows(1))
        #expect(first.contains { $0["kind"] as? String == "session" && $0["actions"] as? Int == 300 }, "\(first.prefix(3))")
        #expect(sameJSON(rows(2) as Any, first), "\(output.suffix(500))")
        // Another grouping is summarized anew: from the zeroed file, nothing of the actions.
        #expect((rows(3) ?? []).contains { $0["kind"] as? String == "session" && $0["actions"] as? Int == 0 })
        // The server ends (SIGKILL) when the test releases it.
    }
}

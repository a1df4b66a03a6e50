import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// Issue 8 #11: `check` and `cat` make values cut by capture limits visible.
@Suite("storescope truncation reports")
struct TruncationReportTests {
    let directory: TemporaryDirectory
    let path: String

    /// A trace whose keyframe #0 holds two truncated values and action #2 one; action #1 none.
    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("truncated.sstrace")
        let writer = try SmallTrace.write([
            .keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "State", fields: [
                .init("items", .array([.int(1), .truncated(.init(reason: .collection, type: "[Int]", omitted: 7))])),
                .init("tree", .truncated(.init(reason: .depth, type: "Tree"))),
            ]))),
            SmallTrace.action(1, "tick"),
            SmallTrace.action(2, "load", [.init("page", .truncated(.init(reason: .size, type: "Page", omitted: 3)))]),
        ], to: path)
        #expect(writer.truncatedValuesAppended == 3)
    }

    @Test("check warns how many values were truncated and where the first is, and still exits 0")
    func checkReportsTruncation() throws {
        let check = try InProcess.storescope(["check", path])
        #expect(check.status == 0, "stderr: \(check.stderr)")
        #expect(check.stdout.contains("""
            truncated: 3 values cut by capture limits, first in keyframe #0, shown as <truncated …> (warning: the trace is intact, but those values are incomplete)
            gaps:      0
            ended:     no 'session ended' record: the app was killed, lost its listener, or is still recording
            status:    clean, but the session did not end
            """))

        let json = try InProcess.storescope(["check", "--json", path])
        #expect(json.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["truncatedValues"] as? Int == 3)
        #expect(report["firstTruncated"] as? String == "keyframe")
        #expect(report["firstTruncatedSeq"] as? Int == 0)
        #expect(report["status"] as? String == "clean")
    }

    @Test("check reports zero truncated values for a trace without any")
    func checkReportsNoTruncation() throws {
        let clean = directory.path("clean.sstrace")
        try SmallTrace.write([.keyframe(Keyframe(seq: 0, store: "main", state: .int(1)))], to: clean)
        let check = try InProcess.storescope(["check", clean])
        #expect(!check.stdout.contains("truncated"))
        let json = try InProcess.storescope(["check", "--json", clean])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["truncatedValues"] as? Int == 0)
        #expect(report["firstTruncatedSeq"] == nil)
    }

    @Test("cat marks each truncated value with its limit and warns with the count on standard error")
    func catShowsTruncation() throws {
        let cat = try InProcess.storescope(["cat", path])
        #expect(cat.status == 0)
        #expect(cat.stdout.contains("#0 main keyframe State(items: [2 elements], tree: <truncated by depth limit: Tree>)  <2 truncated>\n"))
        let lines = cat.stdout.split(separator: "\n")
        let tick = try #require(lines.first { $0.contains("#1 main action") })
        #expect(!tick.contains("truncated"))
        let load = try #require(lines.first { $0.contains("#2 main action") })
        #expect(load.hasSuffix("  <1 truncated>"))
        #expect(cat.stdout.contains("<truncated by size limit: Page, 3 omitted>"))
        #expect(cat.stderr == "warning: 3 values cut by capture limits, first in keyframe #0, shown as <truncated …>\n")

        let json = try InProcess.storescope(["cat", "--json", path])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""$truncated":"Tree""#))
        #expect(json.stderr == cat.stderr)
    }
}

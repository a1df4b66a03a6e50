import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// How `stats` lays out its tables (both found by an outside review).
@Suite("storescope stats: tables")
struct StatsTablesTests {
    /// A trace of one store whose actions are `type.tap`, one per type, each with a patch.
    private static func trace(actionTypes: [String], in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("stats.sstrace")
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Stats", store: "app", schemaFingerprint: 1))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "app", state: .structure(type: "S", fields: [.init("n", .int(0))]))))
        for (index, type) in actionTypes.enumerated() {
            let seq = UInt64(index + 1)
            try writer.append(.action(ActionRecord(
                seq: seq, store: "app", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: type, caseName: "tap", payload: []))))
            try writer.append(.patch(StatePatch(seq: seq, store: "app", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
        }
        try writer.close()
        return path
    }

    /// A row named `エフェクト🔥` sat six columns right of its header.
    @Test("a column's right edge is the same terminal column in the header and every row, whatever the names' widths")
    func columnsLineUp() throws {
        let directory = try TemporaryDirectory()
        let stats = try InProcess.storescope(["stats", try Self.trace(actionTypes: ["検索🔥", "A"], in: directory)])
        #expect(stats.status == 0, "\(stats.stderr)")
        let lines = stats.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("  action ") })
        let table = Array(lines[header...header + 2])
        #expect(table[1].contains("検索🔥.tap") && table[2].contains("A.tap"), "\(stats.stdout)")
        // The count column ends where its header does: terminal columns, not characters.
        func countEnd(_ line: String) -> Int {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            let prefix = line[..<line.range(of: " \(words[1])")!.upperBound]
            return prefix.unicodeScalars.reduce(0) { $0 + (Self.isWide($1) ? 2 : 1) }
        }
        #expect(countEnd(table[1]) == countEnd(table[0]), "\(table)")
        #expect(countEnd(table[2]) == countEnd(table[0]), "\(table)")
    }

    /// A header-only trace printed the per-case table's header and no row.
    @Test("a session with no action says so where the per-case table would be, with no empty table")
    func noActionIsSaid() throws {
        let directory = try TemporaryDirectory()
        let stats = try InProcess.storescope(["stats", try Self.trace(actionTypes: [], in: directory)])
        #expect(stats.status == 0, "\(stats.stderr)")
        let lines = stats.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("reducer time per action case: no action"), "\(stats.stdout)")
        #expect(!lines.contains { $0.hasPrefix("  action ") }, "\(stats.stdout)")
        #expect(lines.contains("effects: none"), "\(stats.stdout)")
    }

    /// The test's own width rule for the characters it uses: CJK ideographs and emoji.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
    }
}

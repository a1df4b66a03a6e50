import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `stats` tables line up in a terminal when names hold characters two columns wide.
@Suite("storescope stats: wide characters")
struct StatsWideNamesTests {
    /// An outside review: a row named `エフェクト🔥` sat six columns right of its header.
    @Test("a column's right edge is the same terminal column in the header and every row, whatever the names' widths")
    func columnsLineUp() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("wide.sstrace")
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Wide", store: "app", schemaFingerprint: 1))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "app", state: .structure(type: "S", fields: [.init("n", .int(0))]))))
        for (seq, type) in [(UInt64(1), "検索🔥"), (2, "A")] {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "app", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: type, caseName: "tap", payload: []))))
            try writer.append(.patch(StatePatch(seq: seq, store: "app", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
        }
        try writer.close()

        let stats = try InProcess.storescope(["stats", path])
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

    /// The test's own width rule for the characters it uses: CJK ideographs and emoji.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `stats` on a session that recorded no action.
@Suite("storescope stats: no action")
struct StatsNoActionTests {
    /// An outside review: a header-only trace printed the per-case table's header and no row.
    @Test("a session with no action says so where the per-case table would be, with no empty table")
    func noActionIsSaid() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("quiet.sstrace")
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Quiet", store: "app", schemaFingerprint: 1))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "app", state: .structure(type: "S", fields: [.init("n", .int(0))]))))
        try writer.close()

        let stats = try InProcess.storescope(["stats", path])
        #expect(stats.status == 0, "\(stats.stderr)")
        let lines = stats.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("reducer time per action case: no action"), "\(stats.stdout)")
        #expect(!lines.contains { $0.hasPrefix("  action ") }, "\(stats.stdout)")
        #expect(lines.contains("effects: none"), "\(stats.stdout)")
    }
}

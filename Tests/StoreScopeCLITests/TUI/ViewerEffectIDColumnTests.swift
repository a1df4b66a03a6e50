import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The effects view's id column is as wide as the largest id on screen needs: at 4 cells it cut
/// every id from 10,000 on (`1000` for effect 10000, `1234` for 12345).
@Suite("The effects view's id column")
struct ViewerEffectIDColumnTests {
    /// Action 1, which starts effects 9,999 to 10,002 (`load`), each finishing.
    static func trace(in directory: TemporaryDirectory, firstID: UInt64) throws -> String {
        let path = directory.path + "/effects10k.sstrace"
        var records: [Record] = [
            .keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "State", fields: [.init("count", .int(0))]))),
            SmallTrace.action(1, "start"),
        ]
        for id in firstID..<(firstID + 4) {
            records.append(.effectStarted(EffectStarted(effectID: id, name: "load", store: "main", parentSeq: 1, monotonicNanos: 10 + id % 10)))
        }
        for id in firstID..<(firstID + 4) {
            records.append(.effectEnded(EffectEnded(effectID: id, outcome: .finished, monotonicNanos: 100 + id % 10)))
        }
        try SmallTrace.write(records, to: path)
        return path
    }

    @Test("Ids past 9999 are whole in their rows and the title, the bar giving up the cells")
    func wholeIDs() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(in: directory, firstID: 9_999))
        viewer.press(.character("e"))
        let lines = viewer.lines
        #expect(lines[0].hasPrefix("    id effect        store    started by"), "\(viewer.screen)")
        #expect(lines[1].hasPrefix("> 9999 load          main     #1 .start"), "\(viewer.screen)")
        #expect(lines[2].hasPrefix(" 10000 load          main     #1 .start"), "\(viewer.screen)")
        #expect(lines[4].hasPrefix(" 10002 load          main     #1 .start"), "\(viewer.screen)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "no row is wider than the window")
        #expect(ViewerRender.EffectColumns(columns: 80, largestID: 10_002).bar == ViewerRender.EffectColumns(columns: 80).bar - 1)
        #expect(ViewerRender.EffectColumns(columns: 80, largestID: 9_999).id == 4, "small ids keep their screens")
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The seq column is as wide as the trace's largest seq needs: from `#100000` on, a 6-cell
/// column cut every number (`#1000…`, and `#9999…` on every row of a 1M-action trace).
@Suite("The viewer's seq column")
struct ViewerSeqColumnTests {
    /// A keyframe after action 99,996, then actions 99,997 to 100,002 (`Action.tick(note:)`),
    /// each setting `.count`.
    static func trace(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/seq100k.sstrace"
        var records: [Record] = [.keyframe(Keyframe(seq: 99_996, store: "main", state: .structure(type: "State", fields: [.init("count", .int(0))])))]
        for seq in UInt64(99_997)...100_002 {
            records.append(SmallTrace.action(seq, "tick", [.init("note", .string("n"))]))
            records.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("count")], value: .int(Int64(seq)))])))
        }
        try SmallTrace.write(records, to: path)
        return path
    }

    @Test("Past #99999 the rows show whole seqs at 80 and 40 columns, the action column giving up the cell")
    func wholeSeqs() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(in: directory))
        viewer.press(.character("G"))
        #expect(viewer.lines[0] == "     seq time      store    action                reducer changes          fx", "\(viewer.screen)")
        #expect(viewer.lines[4] == "  #99999 +99.99µs  main     .tick(note: \"n\")          1ns .count")
        #expect(viewer.lines[5] == " #100000 +100.00µs main     .tick(note: \"n\")          1ns .count")
        #expect(viewer.lines[7] == ">#100002 +100.00µs main     .tick(note: \"n\")          1ns .count", "the cursor in the margin, the seq whole")
        #expect(ViewerLayout(columns: 80, rows: 24, largestSeq: 100_002).actionWidth == ViewerLayout(columns: 80, rows: 24).actionWidth - 1)
        #expect(ViewerLayout(columns: 80, rows: 24, largestSeq: 1_000_000).seqWidth == 8)
        #expect(ViewerLayout(columns: 80, rows: 24, largestSeq: 99_999).seqWidth == 6, "small traces keep their screens")

        viewer.send(.resize(columns: 40, rows: 12))
        #expect(viewer.lines[0] == "     seq time      action          fx", "\(viewer.screen)")
        #expect(viewer.lines[1] == " #100000 +100.00µs .tick(note: \"n…")
        #expect(viewer.lines[3] == ">#100002 +100.00µs .tick(note: \"n…")
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The marks an app places with `Recorder.mark` in the viewer (issue 19, item 14): shown in the
/// timeline on the action they follow, and `)` `(` go to the next and previous one.
@Suite("App marks in the viewer")
struct ViewerAppMarkTests {
    /// Ten actions; the app marked "checkout started" after #3 and "paid" after #7.
    static func trace(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("marks.sstrace")
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "S", fields: [])))]
        for seq in 1...10 as ClosedRange<UInt64> {
            records.append(HostileTrace.action(seq, at: seq * 1_000_000))
            if seq == 3 { records.append(.log(LogRecord(level: .mark, message: "checkout started", monotonicNanos: 3_500_000, seq: 3))) }
            if seq == 7 { records.append(.log(LogRecord(level: .mark, message: "paid", monotonicNanos: 7_500_000, seq: 7))) }
            if seq == 8 { records.append(.log(LogRecord(level: .info, message: "not a mark", monotonicNanos: 8_500_000, seq: 8))) }
        }
        try HostileTrace.write(records, perChunk: 4, to: path)
        return path
    }

    @Test("The marked rows show the mark's name and M; ) and ( go from mark to mark, whatever the filter hides, and say when there is none")
    func jumpBetweenMarks() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(in: directory))
        let rows = viewer.screen.split(separator: "\n")
        let third = try #require(rows.first { $0.contains(" #3 ") })
        #expect(third.contains("◆ checkout started") && third.hasSuffix(" M"), "\(third)")
        let eighth = try #require(rows.first { $0.contains(" #8 ") })
        #expect(!eighth.contains("◆") && !eighth.hasSuffix("M"), "a log line is not a mark: \(eighth)")

        viewer.press(.character(")"))
        #expect(viewer.state.selected == 3)
        #expect(viewer.state.message == "#3 mark \"checkout started\" () again for the next)")
        viewer.press(.character(")"))
        #expect(viewer.state.selected == 7)
        #expect(viewer.state.message?.hasPrefix("#7 mark \"paid\"") == true)
        viewer.press(.character(")"))
        #expect(viewer.state.selected == 7)
        #expect(viewer.state.message == "no mark after #7 (the app places marks with Recorder.mark)")

        viewer.press(.character("f"))
        viewer.type("seq:8..10")
        viewer.press(.enter, .character("G"), .character("("))
        #expect(viewer.state.selected == 7, "marks are found whatever the filter hides, like bookmarks")
        #expect(viewer.screen.contains("#7/10 (hidden by the filter)"))
        viewer.press(.character("("))
        #expect(viewer.state.selected == 3)
        viewer.press(.character("("))
        #expect(viewer.state.message == "no mark before #3 (the app places marks with Recorder.mark)")
    }
}

@Suite("App marks in the viewer at 80x24")
struct ViewerAppMarkScreenTests {
    @Test("The mark's row, ) to it, the event in the detail pane")
    func markOnScreen() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try ViewerAppMarkTests.trace(in: directory))
        #expect(viewer.screen.contains("#1/10 │ no filter"))
        #expect(viewer.screen.contains("◆ checkout started"))
        viewer.press(.character(")"))
        #expect(viewer.screen.contains("#3/10 │ no filter"))
        #expect(viewer.screen.contains("#3 mark \"checkout started\""))
        #expect(viewer.screen.contains("mark after #3: checkout started"), "the detail pane lists the mark: \(viewer.screen)")
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI
@testable import TraceAnalysis

/// A state far from any keyframe (a hostile trace of one-action chunks after a single keyframe)
/// is replayed off the loop's thread by the ``BackgroundReader``, so the key that selects it is
/// answered at once and the viewer's own session never replays it.
@Suite("Viewer on a state far from its keyframe")
struct ViewerLongReplayTests {
    @Test("G on the last of 20,000 one-action chunks moves at once; the reader replays it and the exact state is shown")
    func lastAction() throws {
        let directory = try TemporaryDirectory()
        let count = 20_000
        let path = directory.path + "/far.sstrace"
        try TraceFixture.writeOneActionChunks(count, to: path, app: "Far")
        var viewer = try ViewerHarness(path: path, waitsForReads: false)
        viewer.waitForDetail()
        #expect(viewer.state.selected == 1 && viewer.state.detail?.isLoading == false)

        viewer.press(.character("G"))
        viewer.waitForRows()
        #expect(viewer.state.selected == UInt64(count))
        #expect(viewer.state.detail?.isLoading == true)

        viewer.waitForDetail()
        #expect(viewer.reader.chunkDecodes >= count - 8, "the reader replayed the chunks")
        guard case let .success(state)? = viewer.state.detail?.state else {
            Issue.record("no state once read")
            return
        }
        #expect(state == .structure(type: "S", fields: [.init("n", .int(Int64(count)))]))
        guard case let .success(lines)? = viewer.state.detail?.diff else { Issue.record("no diff"); return }
        #expect(lines.map(\.text).joined(separator: "\n").contains("-   n: \(count - 1)\n+   n: \(count)"), "\(lines.map(\.text))")

        // The replay left its states and checkpoints in the reader's session: k replays from
        // there, a few chunks, not the 20,000 again.
        let replayed = viewer.reader.chunkDecodes
        viewer.press(.character("k"))
        viewer.waitForRows()
        #expect(viewer.state.selected == UInt64(count - 1))
        viewer.waitForDetail()
        #expect(viewer.reader.chunkDecodes - replayed < 64, "\(viewer.reader.chunkDecodes - replayed) chunks")
        guard case let .success(previous)? = viewer.state.detail?.state else { Issue.record("no state of #\(count - 1)"); return }
        #expect(previous == .structure(type: "S", fields: [.init("n", .int(Int64(count - 1)))]))
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI
@testable import TraceAnalysis

/// A state far from any keyframe (a hostile trace of one-action chunks after a single keyframe)
/// is replayed on the ticks, a part per tick, so the key that selects it is answered at once.
@Suite("Viewer on a state far from its keyframe")
struct ViewerLongReplayTests {
    @Test("G on the last of 20,000 one-action chunks moves at once; the ticks replay a part each, then show the exact state")
    func lastAction() throws {
        let directory = try TemporaryDirectory()
        let count = 20_000
        let path = directory.path + "/far.sstrace"
        try TraceFixture.writeOneActionChunks(count, to: path, app: "Far")
        var viewer = try ViewerHarness(path: path)
        let session = viewer.reducer.session
        #expect(viewer.state.selected == 1 && viewer.state.detail?.isLoading == false, "#1 is next to its keyframe: read on the key")

        let before = session.chunkDecodes
        viewer.press(.character("G"))
        #expect(viewer.state.selected == UInt64(count))
        #expect(viewer.state.detail?.isLoading == true)
        #expect(session.chunkDecodes - before < 64, "the key read the rows, not the replay: \(session.chunkDecodes - before) chunks")

        var ticks = 0
        while viewer.state.detail?.isLoading == true, ticks < 20 {
            let decodes = session.chunkDecodes
            viewer.send(.tick)
            ticks += 1
            #expect(session.chunkDecodes - decodes <= ViewerReducer.replayPartChunks + 8, "tick \(ticks) read \(session.chunkDecodes - decodes) chunks")
        }
        #expect(ticks >= count / ViewerReducer.replayPartChunks, "the replay took \(ticks) ticks")
        guard case let .success(state)? = viewer.state.detail?.state else {
            Issue.record("no state after \(ticks) ticks")
            return
        }
        #expect(state == .structure(type: "S", fields: [.init("n", .int(Int64(count)))]))
        guard case let .success(lines)? = viewer.state.detail?.diff else { Issue.record("no diff"); return }
        #expect(lines.map(\.text).joined(separator: "\n").contains("-   n: \(count - 1)\n+   n: \(count)"), "\(lines.map(\.text))")

        // The replay left its states behind: k reads the one before at once.
        viewer.press(.character("k"))
        #expect(viewer.state.selected == UInt64(count - 1) && viewer.state.detail?.isLoading == false)
    }
}

import StoreScopeTestSupport
import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite("How long a replay will be")
struct ReplayLengthTests {
    @Test("replayChunks counts the chunks from the nearest keyframe or kept state, reading none")
    func fromTheNearestStart() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/far.sstrace"
        try TraceFixture.writeOneActionChunks(3_000, to: path, app: "Far")
        // No checkpoints: the kept state is the only start after the keyframe.
        let session = try TraceSession(path: path, budget: .init(chunkBytes: 4 << 20, states: 4, checkpointInterval: 0))
        let decodes = session.chunkDecodes
        #expect(session.replayChunks(of: "main", after: 3_000) >= 2_999)
        #expect(session.replayChunks(of: "main", after: 2) <= 2)
        #expect(session.chunkDecodes == decodes, "the index alone tells")
        // A state reconstructed on the way is kept: a replay to the end starts there.
        #expect(session.state(of: "main", after: 2_500).value == .structure(type: "S", fields: [.init("n", .int(2_500))]))
        #expect(session.replayChunks(of: "main", after: 3_000) <= 501)
        #expect(session.replayChunks(of: "main", after: 2_000) >= 1_999, "a kept state later than the point is no start")
    }
}

import StoreScopeTestSupport
import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite("A long replay in parts")
struct ReplayPartsTests {
    /// One keyframe per store, then `count` one-action chunks: every action of "main" sets `n`,
    /// except that with `otherStore` only the first is "main"'s and the rest are "other"'s.
    static func trace(actions count: Int, otherStore: Bool, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/parts-\(otherStore).sstrace"
        try TraceFixture.writeOneActionChunks(count, to: path, app: "Parts", stores: ["main", "other"]) { otherStore && $0 > 1 ? "other" : "main" }
        return path
    }

    @Test("each part reads at most its chunks and brings the start nearer; the state at the end is the one a replay at once gives")
    func parts() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.trace(actions: 3_000, otherStore: false, in: directory)
        let session = try TraceSession(path: path)
        #expect(session.replayChunks(of: "main", after: 3_000) >= 2_999)
        var parts = 0
        while true {
            let decodes = session.chunkDecodes
            let done = session.replayPart(of: "main", toward: 3_000, chunks: 500)
            #expect(session.chunkDecodes - decodes <= 500 + 8)
            if done { break }
            parts += 1
            #expect(parts < 20, "no end to the parts")
            if parts >= 20 { return }
        }
        #expect(parts >= 5)
        #expect(session.replayChunks(of: "main", after: 3_000) <= 500)
        let decodes = session.chunkDecodes
        let state = session.state(of: "main", after: 3_000).value
        #expect(session.chunkDecodes - decodes <= 500 + 8, "the state starts where the parts left off")
        #expect(state == (try TraceSession(path: path)).state(of: "main", after: 3_000).value)
        #expect(state == .structure(type: "S", fields: [.init("n", .int(3_000))]))
    }

    @Test("a store whose last record lies where the part started ends the parts at once, instead of ticking for ever")
    func noProgress() throws {
        let directory = try TemporaryDirectory()
        let session = try TraceSession(path: try Self.trace(actions: 3_000, otherStore: true, in: directory))
        // "main" changed at #1 only: no kept state can start after chunk 1, whatever is read.
        var calls = 0
        while !session.replayPart(of: "main", toward: 3_000, chunks: 500) {
            calls += 1
            if calls > 3 { break }
        }
        #expect(calls <= 1, "\(calls) parts before giving up")
        #expect(session.state(of: "main", after: 3_000).value == .structure(type: "S", fields: [.init("n", .int(1))]))
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The effects view of a session without effects says so, and draws no time axis: an axis
/// from the session's start to itself read as a negative time (`-228.469423s ── -228.469423s`).
@Suite("Viewer effects view without effects")
struct ViewerEffectsEmptyTests {
    @Test("e on a session that started 228 s into the monotonic clock and has no effects shows no negative time")
    func noAxis() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("quiet.sstrace")
        let start: UInt64 = 228_469_423_000
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: .int(0)))]
        for seq in UInt64(1)...3 {
            records.append(.action(ActionRecord(
                seq: seq, store: "main", monotonicNanos: start + seq * 1_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "Action", caseName: "tick", payload: []))))
        }
        try TraceFixture.write(records, to: path, header: TraceFixture.header(startMonotonicNanos: start))
        var viewer = try ViewerHarness(path: path)
        viewer.press(.character("e"))
        for _ in 0..<20 where viewer.state.effects.spans?.isComplete != true { viewer.send(.tick) }
        let screen = viewer.screen
        #expect(screen.contains("(no effects in this trace)"), "\(screen)")
        #expect(!screen.contains("-228"), "\(screen)")
        #expect(!screen.contains("s ─"), "no axis: \(screen)")
    }
}

import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

/// A state too large for the budget as a whole, with one scalar beside its collection.
struct WideState: Equatable, Sendable {
    var values: [Int] = (0..<20_000).map { $0 &* 1_000_003 }
    var counter = 0
}

/// What a queued action is charged against ``RecorderConfiguration/maximumPendingBytes``.
@Suite struct RecorderMemoryBudgetTests {
    @Test("after a keyframe, scalar-only actions are charged their own size, not the keyframe's, and none is dropped")
    func scalarActionsAfterAKeyframeAreNotDropped() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(
            sink: .file(directory.path("t.sstrace")),
            configuration: .init(maximumPendingBytes: 32 * 1024, keyframeEveryActions: 2, diagnostics: { _ in }))
        var state = WideState()
        let recording = recorder.store("wide", initialState: state, actions: Int.self)
        recording.record(1, reducing: &state) { $0.counter += $1 }
        recording.record(1, reducing: &state) { $0.counter += $1 }
        #expect(recorder.flush(timeout: .seconds(120)))
        #expect(recording.inbox.track.keyframeBytes > 32 * 1024, "a keyframe larger than the whole budget")
        for _ in 0..<100 { recording.record(1, reducing: &state) { $0.counter += $1 } }
        // Every other action writes a keyframe of 20,000 values: slow in a sanitizer build.
        #expect(recorder.close(timeout: .seconds(300)))
        #expect(recorder.status.actionsDropped == 0)
        #expect(recorder.status.actionsRecorded == 102)
    }

    @Test("a collection change charges the next actions the bytes of that collection's buffer")
    func aCollectionChangeIsChargedItsBuffer() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(sink: .file(directory.path("t.sstrace")), configuration: .init(diagnostics: { _ in }))
        var state = WideState()
        let recording = recorder.store("wide", initialState: state, actions: Int.self)
        recording.record(7, reducing: &state) { $0.values[0] = $1 }
        #expect(recorder.flush(timeout: .seconds(120)))
        #expect(recording.inbox.track.pinnedEstimate.load(ordering: .relaxed) == state.values.capacity * MemoryLayout<Int>.stride)
        recording.record(1, reducing: &state) { $0.counter += $1 }
        #expect(recorder.flush(timeout: .seconds(120)))
        #expect(recording.inbox.track.pinnedEstimate.load(ordering: .relaxed) == state.values.capacity * MemoryLayout<Int>.stride / 2)
        #expect(recorder.close(timeout: .recorderCloseInTests))
    }
}

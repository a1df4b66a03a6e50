import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceFormat

/// The worker writes a change of its store's root scalar fields straight from the state
/// (`RootScalarPatch`): the trace holds the patches `capturePatch` finds, and the bytes of those
/// patches count toward the next keyframe as any patch's do.
@Suite struct ScalarPatchRecordingTests {
    struct Screen: Equatable, Sendable {
        var isLoading = false
        var query = ""
        var page = 0
        var rows = [1, 2, 3]
    }

    @Test("scalar-only changes recorded by the worker read back as capturePatch's patches, and their bytes bring keyframes")
    func scalarChangesReadBackAndBringKeyframes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sstrace")
        let recorder = try Recorder(
            sink: .file(path),
            configuration: .init(keyframeEveryPatchBytes: 1024, stateCoalescing: .never, diagnostics: { _ in }))
        var state = Screen()
        let recording = recorder.store("screen", initialState: state, actions: Int.self)
        var after: [UInt64: Screen] = [:]
        var before: [UInt64: Screen] = [:]
        for step in 1...600 {
            let previous = state
            let seq = recording.record(step, reducing: &state) { state, step in
                switch step % 6 {
                case 0: state.isLoading.toggle()
                case 1: state.query = "query \(step)"
                case 2: state.page += 1; state.isLoading.toggle()
                case 3: break
                case 4: state.rows.append(step)
                default: state.page = step
                }
            }
            before[seq] = previous
            after[seq] = state
            if step % 100 == 0 { #expect(recorder.flush(timeout: .seconds(60))) }
        }
        #expect(recorder.close(timeout: .seconds(60)))

        var keyframes = 0
        var written: Set<UInt64> = []
        for record in try TraceReader(path: path).allRecords() {
            switch record {
            case let .patch(patch):
                written.insert(patch.seq)
                let (old, new) = (try #require(before[patch.seq]), try #require(after[patch.seq]))
                #expect(patch.operations == capturePatch(from: old, to: new), "seq \(patch.seq)")
                #expect(patch.store == "screen")
            case let .keyframe(keyframe) where keyframe.store == "screen":
                keyframes += 1
                written.insert(keyframe.seq)
                if let state = after[keyframe.seq] { #expect(keyframe.state == captureValue(state)) }
            default:
                break
            }
        }
        // Every action that changed the state has its patch, or a keyframe in its place.
        for (seq, new) in after where new != before[seq] {
            #expect(written.contains(seq), "seq \(seq)")
        }
        // About 13 bytes a scalar patch: with a keyframe every 1 KiB of patches, 6 or 7 in all
        // (none came by the action count, 10,000).
        #expect(keyframes >= 4, "\(keyframes) keyframes")
    }
}

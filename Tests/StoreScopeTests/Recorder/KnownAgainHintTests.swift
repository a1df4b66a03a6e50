import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis
import TraceFormat

/// Where the state is known again after a drop (issue 39, item 9: the hint "known again from
/// the keyframe at #928" was wrong, #669 was): for every action whose state is unknown in a
/// recorder's real trace with drops, the hint names the store's first keyframe after it.
@Suite struct KnownAgainHintTests {
    @Test func theHintNamesTheNextKeyframe() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("drops.sstrace")
        let gate = GatedOutput(file: try TraceFile.create(path))
        let recorder = try Recorder(
            sink: RecordingSink { gate },
            configuration: .init(chunking: .init(chunkSize: 2_048), maximumPendingBytes: 16 * 1024, diagnostics: { _ in }))
        var list = ListState(), other = ListState()
        let recording = recorder.store("list", initialState: list, actions: ListAction.self)
        let second = recorder.store("other", initialState: other, actions: ListAction.self)
        for round in 0..<6 {
            // A burst the stalled worker cannot take drops; then it catches up.
            for id in 1...300 {
                recording.record(.add(round * 1_000 + id, "item \(id)"), reducing: &list) { reduceList(&$0, $1) }
                if id % 7 == 0 { second.record(.setFilter("f\(id)"), reducing: &other) { reduceList(&$0, $1) } }
            }
            if round == 0 { gate.open() }
            #expect(recorder.flush())
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(recorder.status.actionsDropped > 0)

        let records = try TraceReader(path: path).allRecords()
        let session = try TraceSession(path: path)
        var checked = 0
        for store in ["list", "other"] {
            let keyframes = records.compactMap { if case let .keyframe(keyframe) = $0, keyframe.store == store { keyframe.seq } else { nil } }
            for seq in 1...(session.seqRange?.upperBound ?? 0) {
                let answer = session.state(of: store, after: seq)
                guard answer.unknown != nil else { continue }
                checked += 1
                #expect(answer.nextKeyframeSeq == keyframes.first { $0 > seq }, "\(store) after #\(seq): \(answer.unknownDescription ?? "")")
            }
        }
        #expect(checked > 0)
    }
}

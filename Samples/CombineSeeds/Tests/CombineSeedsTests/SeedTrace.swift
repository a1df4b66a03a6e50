import Foundation
import SeedJournal
import StoreScope
import Testing
import TraceAnalysis

/// A trace file in a directory of its own, removed when the test is done.
struct TraceFile: ~Copyable {
    let directory: URL
    let path: String

    init(_ name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("combine-seeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("\(name).sstrace").path
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The records, read back from a trace that was closed cleanly and has no gap.
    func records() throws -> [Record] {
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer, "the app closed the trace")
        #expect(reader.gaps.isEmpty)
        return reader.allRecords()
    }
}

/// Checks a seed store's trace against the app's own journal: every action (its value), every
/// state (replayed from the trace's keyframes and patches), and every effect (name, parent,
/// the actions it emitted, how it ended); and that no other action is linked to an effect.
func expectTrace<State, Action>(
    _ records: [Record], store: String, matches journal: [Journal<State, Action>.Entry], effects: [ExpectedEffect],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let steps = Array(ActionSteps(records: records))
    try #require(steps.count == journal.count, "one action per journal entry", sourceLocation: sourceLocation)
    try #require(effects.flatMap { $0.emitted + ($0.parent.map { [$0] } ?? []) }.allSatisfy(steps.indices.contains))
    #expect(steps.allSatisfy { $0.action.store == store }, sourceLocation: sourceLocation)
    for (index, (step, entry)) in zip(steps, journal).enumerated() {
        #expect(step.action.action == captureValue(entry.action), "action [\(index)]", sourceLocation: sourceLocation)
        #expect(step.state == captureValue(entry.state), "state after [\(index)] \(entry.action)", sourceLocation: sourceLocation)
    }

    let seqs = steps.map(\.action.seq)
    let started = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
    #expect(started.map(\.name) == effects.map(\.name), "the effects, in the order they started", sourceLocation: sourceLocation)
    for (index, (span, expected)) in zip(started, effects).enumerated() {
        #expect(span.store == store, sourceLocation: sourceLocation)
        #expect(span.parentSeq == expected.parent.map { seqs[$0] }, "parent of effect \(index), \(expected.name)", sourceLocation: sourceLocation)
        let emitted = records.compactMap { record -> UInt64? in
            if case let .effectEmitted(emitted) = record, emitted.effectID == span.effectID { emitted.actionSeq } else { nil }
        }
        #expect(emitted == expected.emitted.map { seqs[$0] }, "emitted by effect \(index), \(expected.name)", sourceLocation: sourceLocation)
        let ends = records.compactMap { record -> ExpectedEffect.End? in
            guard case let .effectEnded(ended) = record, ended.effectID == span.effectID else { return nil }
            return switch ended.outcome {
            case .finished: .finished
            case .cancelled: .cancelled
            case .failed: .failed
            }
        }
        #expect(ends == [expected.end], "end of effect \(index), \(expected.name)", sourceLocation: sourceLocation)
    }
    let linked = steps.compactMap(\.action.effectID)
    #expect(linked.count == effects.flatMap(\.emitted).count, "only the effects' actions are linked", sourceLocation: sourceLocation)
}

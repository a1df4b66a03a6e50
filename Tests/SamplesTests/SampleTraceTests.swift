import StoreScope
import StoreScopeSamples
import Testing
import TraceAnalysis

/// Each sample records a real trace; these check the trace says what the store did.
@Suite("Sample traces")
struct SampleTraceTests {
    static let names = Samples.names

    @Test("Every sample's recorded actions are the journal's actions, in order, under the store's name", arguments: names)
    func recordedActionsMatchTheJournal(name: String) async throws {
        let trace = try await SampleTrace.record(name)
        #expect(!trace.run.journal.isEmpty)
        #expect(trace.actions.map(\.store) == Array(repeating: trace.run.store, count: trace.run.journal.count))
        #expect(trace.actions.map(\.action) == trace.run.journal.map { captureValue($0.action) })
        #expect(trace.actions.map(\.seq) == trace.actions.map(\.seq).sorted(), "sequence numbers increase")
    }

    @Test("Every sample's effects have the right parent, emitted actions and outcome, and none is left open", arguments: names)
    func effectSpansMatchTheScenario(name: String) async throws {
        let trace = try await SampleTrace.record(name)
        let seqs = trace.actions.map(\.seq)
        try #require(seqs.count == trace.run.journal.count)
        let started = trace.started
        try #require(started.map(\.name) == trace.run.effects.map(\.name))

        var emitter: [UInt64: UInt64] = [:]  // action seq -> effect id
        for (span, expected) in zip(started, trace.run.effects) {
            #expect(span.store == trace.run.store)
            #expect(span.parentSeq == expected.parent.map { seqs[$0] }, "parent of \(expected)")
            #expect(trace.emitted(by: span.effectID) == expected.emitted.map { seqs[$0] }, "emitted by \(expected)")
            #expect(trace.outcomes(of: span.effectID) == [expected.outcome], "outcome of \(expected)")
            for index in expected.emitted { emitter[seqs[index]] = span.effectID }
        }
        #expect(trace.actions.map(\.effectID) == seqs.map { emitter[$0] }, "each action links to the effect that emitted it, or none")

        let outcomes = trace.run.effects.map(\.outcome)
        #expect(outcomes.contains(.cancelled), "the scenario cancels an effect")
        #expect(outcomes.contains { if case .failed = $0 { true } else { false } }, "the scenario has an effect fail")
    }

    @Test("Replaying every sample's keyframe and patches gives the journal's state after every action", arguments: names)
    func replayedStatesMatchTheJournal(name: String) async throws {
        let trace = try await SampleTrace.record(name)
        var replay = StateReplay()
        var replayed: [TraceValue?] = []
        var afterAction = false
        for record in trace.records {
            if case let .action(action) = record, action.store == trace.run.store {
                if afterAction { replayed.append(replay.state(of: trace.run.store)) }
                afterAction = true
            }
            replay.apply(record)
        }
        if afterAction { replayed.append(replay.state(of: trace.run.store)) }

        #expect(replay.problems.isEmpty)
        #expect(replayed.count == trace.run.journal.count)
        for (index, (state, entry)) in zip(replayed, trace.run.journal).enumerated() {
            #expect(state == captureValue(entry.state), "state after action [\(index)] \(captureValue(entry.action).shortDescription)")
        }
    }
}

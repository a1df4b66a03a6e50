import Foundation
import StoreScope
import Testing
import TraceAnalysis
import UnidirectionalFlowSearch

/// The search app on the real swift-unidirectional-flow (ported to Linux by Patches/apply.sh),
/// recorded as docs/GUIDE.md says, read back from its trace file and checked against the app's
/// own journal.
@MainActor
@Suite struct SearchRecordingTests {
    /// Runs the scenario into a fresh trace file; the app (and with it the recorder) is released
    /// before the file is read, without a call to `close()`.
    static func record() async throws -> (journal: [SearchJournal.Entry], records: [Record]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uf-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("search.sstrace").path
        var journal: [SearchJournal.Entry] = []
        do {
            let app = try SearchApp(tracePath: path)
            await app.run()
            journal = app.journal.all
        }
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer, "the recorder closed the trace when the app went away")
        #expect(reader.gaps.isEmpty)
        return (journal, reader.allRecords())
    }

    @Test("every action the store reduced is recorded, in order, and decodes to the journal's action")
    func actionsMatchTheJournal() async throws {
        let (journal, records) = try await Self.record()
        let actions = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        #expect(journal.count == 4)
        #expect(actions.map(\.store) == Array(repeating: "search", count: journal.count))
        let decoded = try actions.map { try TraceValueDecoder().decode(SearchAction.self, from: $0.action) }
        #expect(decoded == journal.map(\.action))
    }

    @Test("the state after every recorded action, replayed from the trace and decoded into SearchState, is the journal's state")
    func statesMatchTheJournal() async throws {
        let (journal, records) = try await Self.record()
        // The state after each action, replayed from the trace's keyframes and patches.
        let steps = Array(ActionSteps(records: records))
        #expect(steps.allSatisfy { $0.state != nil && $0.action.store == "search" }, "every state is known")
        let states = try steps.map { try TraceValueDecoder().decode(SearchState.self, from: try #require($0.state)) }
        #expect(states.count == journal.count)
        for (index, (state, entry)) in zip(states, journal).enumerated() {
            #expect(state == entry.state, "state after [\(index)] \(entry.action)")
        }
        #expect(states.last?.repos.map(\.name) == ["swift-syntax"])
    }

    @Test("each middleware call is an effect of the action it processed, its answer is linked to it, and it finished")
    func effectsMatchTheScenario() async throws {
        let (journal, records) = try await Self.record()
        let seqs = records.compactMap { if case let .action(action) = $0 { action.seq } else { nil } }
        try #require(seqs.count == journal.count)
        let index = Dictionary(uniqueKeysWithValues: seqs.enumerated().map { ($1, $0) })
        let started = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
        var found: [ExpectedEffect] = []
        for span in started {
            #expect(span.store == "search")
            let emitted = records.compactMap { record -> UInt64? in
                if case let .effectEmitted(emitted) = record, emitted.effectID == span.effectID { emitted.actionSeq } else { nil }
            }
            let ends = records.compactMap { record -> EffectOutcome? in
                if case let .effectEnded(ended) = record, ended.effectID == span.effectID { ended.outcome } else { nil }
            }
            #expect(ends == [.finished], "end of \(span.name)")
            let parent = try #require(span.parentSeq.flatMap { index[$0] }, "parent of \(span.name)")
            found.append(ExpectedEffect(name: span.name, parent: parent, emitted: emitted.compactMap { index[$0] }))
        }
        #expect(found.count == SearchApp.scenarioEffects.count)
        #expect(Set(found) == SearchApp.scenarioEffects)
        let linked = records.compactMap { if case let .action(action) = $0 { action.effectID } else { nil } }
        #expect(linked.count == 2, "the two results, each from its search's SearchMiddleware call")
    }
}

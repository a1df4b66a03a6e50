import Foundation
import OneWayCounter
import StoreScope
import Testing
import TraceAnalysis

/// The counter app on the real OneWay, recorded as docs/GUIDE.md says, read back from its trace
/// file and checked against the app's own journal.
@Suite struct CounterRecordingTests {
    /// Runs the scenario into a fresh trace file; the app (and with it the recorder) is released
    /// before the file is read, without a call to `close()`.
    static func record() async throws -> (journal: [CounterJournal.Entry], records: [Record]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oneway-counter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("counter.sstrace").path
        var journal: [CounterJournal.Entry] = []
        do {
            let app = try CounterApp(tracePath: path)
            await app.run()
            journal = app.journal.all
        }
        // OneWay's store releases its reducer (and with it the recorder) from its own tasks;
        // wait for the footer the release writes.
        var reader = try TraceReader(path: path)
        for _ in 0..<2_000 where reader.indexSource != .footer {
            try await Task.sleep(for: .milliseconds(5))
            reader = try TraceReader(path: path)
        }
        #expect(reader.indexSource == .footer, "the recorder closed the trace when the app went away")
        #expect(reader.gaps.isEmpty)
        return (journal, reader.allRecords())
    }

    @Test("every action OneWay's store reduced is recorded, in order, and decodes to the journal's action")
    func actionsMatchTheJournal() async throws {
        let (journal, records) = try await Self.record()
        let actions = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        #expect(journal.count == 10)
        #expect(actions.map(\.store) == Array(repeating: "counter", count: journal.count))
        let decoded = try actions.map { try TraceValueDecoder().decode(CounterAction.self, from: $0.action) }
        #expect(decoded == journal.map(\.action))
    }

    @Test("the state after every recorded action, replayed from the trace and decoded into CounterState, is the journal's state")
    func statesMatchTheJournal() async throws {
        let (journal, records) = try await Self.record()
        // The state after each action, replayed from the trace's keyframes and patches.
        let steps = Array(ActionSteps(records: records))
        #expect(steps.allSatisfy { $0.state != nil && $0.action.store == "counter" }, "every state is known")
        let states = try steps.map { try TraceValueDecoder().decode(CounterState.self, from: try #require($0.state)) }
        #expect(states.count == journal.count)
        for (index, (state, entry)) in zip(states, journal).enumerated() {
            #expect(state == entry.state, "state after [\(index)] \(entry.action)")
        }
        #expect(states.last?.count == 5)
    }

    @Test("each returned effect is recorded with the action that returned it as parent, and ends finished or cancelled as it did")
    func effectsMatchTheScenario() async throws {
        let (journal, records) = try await Self.record()
        let seqs = records.compactMap { if case let .action(action) = $0 { action.seq } else { nil } }
        try #require(seqs.count == journal.count)
        let started = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }.sorted { $0.effectID < $1.effectID }
        #expect(started.map(\.name) == CounterApp.scenarioEffects.map(\.name))
        for (span, expected) in zip(started, CounterApp.scenarioEffects) {
            #expect(span.store == "counter")
            #expect(span.parentSeq == seqs[expected.parent], "parent of \(expected.name)")
            let ends = records.compactMap { record -> EffectOutcome? in
                if case let .effectEnded(ended) = record, ended.effectID == span.effectID { ended.outcome } else { nil }
            }
            #expect(ends == [expected.outcome], "end of \(expected.name)")
        }
    }

    /// OneWay's store queues what it is sent and reduces it on whichever `send` call drains the
    /// queue, so the app's helper sends each effect action to the store itself, inside
    /// `linkingFirstAction`: the action is linked when that call reduces it, which in this
    /// scenario (one effect sending at a time) is every time.
    @Test("the actions an effect sends are linked to it: factLoaded to fetchFact, the three increments to countUp")
    func effectActionsAreLinked() async throws {
        let (journal, records) = try await Self.record()
        let actions = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        try #require(actions.count == journal.count)
        let started = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
        let ids = Dictionary(uniqueKeysWithValues: started.map { ($0.name, $0.effectID) })
        let fetchFact = try #require(ids["fetchFact"]), countUp = try #require(ids["countUp"])
        // [3] factLoaded (from fetchFact), [5...7] increment (from countUp); the rest the app sent.
        #expect(actions.map(\.effectID) == [nil, nil, nil, fetchFact, nil, countUp, countUp, countUp, nil, nil])
        let emitted = records.compactMap { if case let .effectEmitted(emitted) = $0 { emitted } else { nil } }
        #expect(emitted.map(\.effectID) == [fetchFact, countUp, countUp, countUp])
        #expect(emitted.map(\.actionSeq) == [3, 5, 6, 7].map { actions[$0].seq })
    }
}

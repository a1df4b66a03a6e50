import Foundation
import ReSwiftCart
import StoreScope
import Testing
import TraceAnalysis

/// The cart app on the real ReSwift and ReSwift-Thunk, recorded as docs/GUIDE.md says, read
/// back from its trace file and checked against the app's own journal.
@MainActor
@Suite struct CartRecordingTests {
    /// Runs the scenario into a fresh trace file; the app (and with it the recorder) is released
    /// before the file is read, without a call to `close()`.
    static func record() async throws -> (journal: [CartJournal.Entry], records: [Record]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reswift-cart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cart.sstrace").path
        var journal: [CartJournal.Entry] = []
        do {
            let app = try CartApp(tracePath: path)
            await app.run()
            journal = app.journal.entries
        }
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer, "the recorder closed the trace when the app went away")
        #expect(reader.gaps.isEmpty)
        return (journal, reader.allRecords())
    }

    @Test("every action that reached ReSwift's reducer is recorded, in order, under its own type, ReSwiftInit first")
    func actionsMatchTheJournal() async throws {
        let (journal, records) = try await Self.record()
        let actions = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        #expect(journal.count == 13)
        #expect(actions.map(\.store) == Array(repeating: "cart", count: journal.count))
        let names = actions.map { action -> String in
            if case let .structure(type, _) = action.action { type } else { "\(action.action)" }
        }
        #expect(names == journal.map(\.action))
        #expect(names.first == "ReSwiftInit")
    }

    @Test("the state after every recorded action, replayed from the trace and decoded into CartState, is the journal's state")
    func statesMatchTheJournal() async throws {
        let (journal, records) = try await Self.record()
        // The state after each action, replayed from the trace's keyframes and patches.
        let steps = Array(ActionSteps(records: records))
        #expect(steps.allSatisfy { $0.state != nil && $0.action.store == "cart" }, "every state is known")
        let states = try steps.map { try TraceValueDecoder().decode(CartState.self, from: try #require($0.state)) }
        #expect(states.count == journal.count)
        for (index, (state, entry)) in zip(states, journal).enumerated() {
            #expect(state == entry.state, "state after [\(index)] \(entry.action)")
        }
        #expect(states.last?.checkout == .failed(message: "total 17800 is over the order limit"))
    }

    @Test("the thunk and each order are effects with the right parent, the actions they dispatched, and a recorded end")
    func effectsMatchTheScenario() async throws {
        let (journal, records) = try await Self.record()
        let seqs = records.compactMap { if case let .action(action) = $0 { action.seq } else { nil } }
        try #require(seqs.count == journal.count)
        let started = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
        #expect(started.map(\.name) == CartApp.scenarioEffects.map(\.name))
        for (span, expected) in zip(started, CartApp.scenarioEffects) {
            #expect(span.store == "cart")
            #expect(span.parentSeq == expected.parent.map { seqs[$0] }, "parent of \(expected.name)")
            let emitted = records.compactMap { record -> UInt64? in
                if case let .effectEmitted(emitted) = record, emitted.effectID == span.effectID { emitted.actionSeq } else { nil }
            }
            #expect(emitted == expected.emitted.map { seqs[$0] }, "emitted by \(expected.name)")
            let ends = records.compactMap { record -> EffectOutcome? in
                if case let .effectEnded(ended) = record, ended.effectID == span.effectID { ended.outcome } else { nil }
            }
            #expect(ends == [.finished], "end of \(expected.name)")
        }
        let linked = records.compactMap { if case let .action(action) = $0 { action.effectID } else { nil } }
        #expect(linked.count == CartApp.scenarioEffects.flatMap(\.emitted).count, "only the effects' actions are linked")
    }
}

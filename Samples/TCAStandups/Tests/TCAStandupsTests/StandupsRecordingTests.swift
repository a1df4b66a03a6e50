import Foundation
import StoreScope
import TCAStandups
import Testing
import TraceAnalysis

/// The standups app on the real Composable Architecture, recorded as docs/GUIDE.md says, read
/// back from its trace file and checked against the app's own journal.
@MainActor
@Suite struct StandupsRecordingTests {
    /// Runs the scenario into a fresh trace file; the app (and with it the store and the
    /// recorder) is released before the file is read, without a call to `close()`.
    static func record() async throws -> (journal: [StandupsJournal.Entry], records: [Record]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tca-standups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("standups.sstrace").path
        var journal: [StandupsJournal.Entry] = []
        do {
            let app = try StandupsApp(tracePath: path)
            await app.run()
            journal = app.journal.entries
            #expect(await app.server.saved == [["Design review", "Infrastructure"]], "the save effect ran")
        }
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer, "the recorder closed the trace when the app went away")
        #expect(reader.gaps.isEmpty)
        return (journal, reader.allRecords())
    }

    /// The case names down an action's nesting, from the trace: `standups.element.startMeeting`.
    static func casePath(_ value: TraceValue) -> String {
        guard case let .enumeration(_, caseName, payload) = value else { return "" }
        let inner = payload.reversed().first { if case .enumeration = $0.value { true } else { false } }
        return inner.map { caseName + "." + casePath($0.value) } ?? caseName
    }

    /// The same path from the journal's action, through `Mirror`.
    static func casePath(_ action: Any) -> String {
        let mirror = Mirror(reflecting: action)
        guard let payload = mirror.children.first, let label = payload.label else { return "\(action)" }
        let value = Mirror(reflecting: payload.value)
        if value.displayStyle == .enum { return label + "." + casePath(payload.value) }
        let inner = value.children.reversed().first { Mirror(reflecting: $0.value).displayStyle == .enum }
        return inner.map { label + "." + casePath($0.value) } ?? label
    }

    @Test("every action the store reduced is recorded, in order, nested cases and all")
    func actionsMatchTheJournal() async throws {
        let (journal, records) = try await Self.record()
        let actions = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        #expect(journal.count == 17)
        #expect(actions.map(\.store) == Array(repeating: "standups", count: journal.count))
        #expect(actions.map { Self.casePath($0.action) } == journal.map { Self.casePath($0.action) })
        #expect(Self.casePath(actions[4].action) == "standups.element.startMeeting")
    }

    @Test("the state after every recorded action, replayed from the trace and decoded, is the journal's state")
    func statesMatchTheJournal() async throws {
        let (journal, records) = try await Self.record()
        let steps = Array(ActionSteps(records: records))
        #expect(steps.allSatisfy { $0.state != nil && $0.action.store == "standups" }, "every state is known")
        let states = try steps.map { try TraceValueDecoder().decode(StandupsSnapshot.self, from: try #require($0.state)) }
        #expect(states.count == journal.count)
        for (index, (state, entry)) in zip(states, journal).enumerated() {
            #expect(state == StandupsSnapshot(entry.state), "state after [\(index)] \(Self.casePath(entry.action))")
        }
        #expect(states[7].standups.first?.meeting == StandupFeature.Meeting(secondsElapsed: 3, speaker: 1))
        #expect(states[13].sync == StandupsFeature.SyncStatus(inFlight: false, syncedCount: 2, lastError: "offline"))
        #expect(states.last?.autosave == StandupsFeature.Autosave(isOn: false, scheduled: 1))
    }

    @Test("the trace names the fields as the features declare them: no `_` storage, no registrar, no mutable-class warning")
    func observableStateIsRecordedAsDeclared() async throws {
        let (_, records) = try await Self.record()
        let keyframes = records.compactMap { if case let .keyframe(keyframe) = $0 { keyframe.state } else { nil } }
        let last = try #require(ActionSteps(records: records).map(\.state).last ?? nil)
        #expect(!keyframes.isEmpty)
        for state in keyframes + [last] {
            var names: [String] = []
            Self.collectFieldNames(state, into: &names)
            #expect(!names.contains { $0.hasPrefix("_") }, "\(Set(names).sorted())")
            #expect(Set(names).isSuperset(of: ["standups", "sync", "inFlight"]))
        }
        #expect(Self.fieldNames(last).sorted() == ["autosave", "standups", "sync"])
        let logs = records.compactMap { if case let .log(log) = $0 { log.message } else { nil } }
        #expect(!logs.contains { $0.contains("mutable classes") }, "\(logs)")
    }

    static func fieldNames(_ value: TraceValue) -> [String] {
        if case let .structure(_, fields) = value { fields.map(\.name) } else { [] }
    }

    static func collectFieldNames(_ value: TraceValue, into names: inout [String]) {
        switch value {
        case let .structure(_, fields), let .object(_, _, fields):
            for field in fields {
                names.append(field.name)
                collectFieldNames(field.value, into: &names)
            }
        case let .array(elements):
            for element in elements { collectFieldNames(element, into: &names) }
        case let .some(wrapped):
            collectFieldNames(wrapped, into: &names)
        default:
            break
        }
    }

    @Test("each effect, .run and publisher alike, has the right parent, the actions it sent, and its end: cancelled by .cancel(id:), failed when .recordedRun's catch: handled an error, finished otherwise")
    func effectsMatchTheScenario() async throws {
        let (journal, records) = try await Self.record()
        let seqs = records.compactMap { if case let .action(action) = $0 { action.seq } else { nil } }
        try #require(seqs.count == journal.count)
        let started = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
        #expect(started.map(\.name) == StandupsApp.scenarioEffects.map(\.name))
        for (span, expected) in zip(started, StandupsApp.scenarioEffects) {
            #expect(span.store == "standups")
            #expect(span.parentSeq == seqs[expected.parent], "parent of \(expected.name)")
            let emitted = records.compactMap { record -> UInt64? in
                if case let .effectEmitted(emitted) = record, emitted.effectID == span.effectID { emitted.actionSeq } else { nil }
            }
            #expect(emitted == expected.emitted.map { seqs[$0] }, "emitted by \(expected.name)")
            let ends = records.compactMap { record -> EffectOutcome? in
                if case let .effectEnded(ended) = record, ended.effectID == span.effectID { ended.outcome } else { nil }
            }
            #expect(ends == [expected.outcome], "end of \(expected.name)")
        }
        let linked = records.compactMap { if case let .action(action) = $0 { action.effectID } else { nil } }
        #expect(linked.count == StandupsApp.scenarioEffects.flatMap(\.emitted).count, "only the effects' actions are linked")
    }
}

/// The app's state as the trace holds it. `@ObservableState` keeps each `var title` in a stored
/// `_title` beside `_$observationRegistrar`; StoreScope records it as `title`, the property the
/// feature declares, and leaves the registrar out, so the trace's fields are the feature's own.
struct StandupsSnapshot: Decodable, Equatable {
    struct Standup: Decodable, Equatable {
        var id: Int
        var title: String
        var attendees: [StandupFeature.Attendee]
        var meeting: StandupFeature.Meeting?
    }

    var standups: [Standup]
    var sync: StandupsFeature.SyncStatus
    var autosave: StandupsFeature.Autosave

    init(_ state: StandupsFeature.State) {
        standups = state.standups.map {
            Standup(id: $0.id, title: $0.title, attendees: Array($0.attendees), meeting: $0.meeting)
        }
        sync = state.sync
        autosave = state.autosave
    }
}

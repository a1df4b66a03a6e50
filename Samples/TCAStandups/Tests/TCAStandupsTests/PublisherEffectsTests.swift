import ComposableArchitecture
import Foundation
import StoreScopeTCA
import Testing
import TraceAnalysis

/// Publisher effects on the real store, beyond the standups scenario: a merge of two `.send`s
/// (the store queues both while it reduces, and each must be linked to the effect), and a
/// publisher still running when the store goes away.
@MainActor
@Suite struct PublisherEffectsTests {
    @Reducer
    struct Pinger {
        struct State: Equatable, Sendable { var log: [String] = [] }
        enum Action: Equatable, Sendable { case pingTwice, ping(Int), listen, heard }

        var body: some ReducerOf<Self> {
            Reduce { state, action in
                switch action {
                case .pingTwice:
                    return .merge(.send(.ping(1)), .send(.ping(2)))
                case let .ping(number):
                    state.log.append("ping \(number)")
                    return .none
                case .listen:
                    return .merge(.send(.heard), .run { _ in try await Task.sleep(for: .seconds(3600)) })
                case .heard:
                    state.log.append("heard")
                    return .none
                }
            }
        }
    }

    /// Sends `actions` to a recorded store, releases the store (and with it, once its effects let
    /// go, the recorder), and reads the trace back.
    static func record(_ actions: [Pinger.Action]) async throws -> [Record] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tca-pinger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("pinger.sstrace").path
        do {
            let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "Pinger"))
            let recording = recorder.store("pinger", initialState: Pinger.State(), actions: Pinger.Action.self)
            let store = Store(initialState: Pinger.State()) { Pinger().recorded(by: recording) }
            for action in actions { store.send(action) }
        }
        // The store's effect tasks let go of the effects (and with them of the recorder) on
        // their next turns on the main actor; the recorder then closes the trace.
        for _ in 0..<500 where (try? TraceReader(path: path))?.indexSource != .footer {
            try await Task.sleep(for: .milliseconds(10))
        }
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource == .footer, "the recorder closed the trace when the store went away")
        return reader.allRecords()
    }

    @Test("both actions of a merge of two .send effects are linked to the one effect, in order")
    func mergedSendsAreLinked() async throws {
        let records = try await Self.record([.pingTwice])
        let actions = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        let started = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
        try #require(actions.count == 3 && started.count == 1)
        #expect(started[0].name == "pingTwice" && started[0].parentSeq == actions[0].seq)
        #expect(actions[1].effectID == started[0].effectID && actions[2].effectID == started[0].effectID)
        let emitted = records.compactMap { if case let .effectEmitted(emitted) = $0 { emitted.actionSeq } else { nil } }
        #expect(emitted == [actions[1].seq, actions[2].seq])
        let ends = records.compactMap { if case let .effectEnded(ended) = $0 { ended.outcome } else { nil } }
        #expect(ends == [.finished])
        // The merge completed before the store reduced what it sent; it ends after both.
        let endIndex = records.firstIndex { if case .effectEnded = $0 { true } else { false } }
        let lastAction = records.lastIndex { if case .action = $0 { true } else { false } }
        #expect(endIndex! > lastAction!, "the effect ends after the actions it sent")
    }

    @Test("a publisher still running when the store goes away is recorded as cancelled, its action linked")
    func publisherLeftRunningIsCancelled() async throws {
        let records = try await Self.record([.listen])
        let actions = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        let started = records.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } }
        try #require(actions.count == 2 && started.count == 1)
        #expect(actions[1].effectID == started[0].effectID)
        let ends = records.compactMap { if case let .effectEnded(ended) = $0 { ended.outcome } else { nil } }
        #expect(ends == [.cancelled])
    }
}

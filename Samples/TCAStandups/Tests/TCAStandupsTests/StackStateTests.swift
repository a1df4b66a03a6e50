import ComposableArchitecture
import Foundation
import StoreScopeTCA
import Testing
import TraceAnalysis

/// A navigation stack (`StackState`) on the real store: recorded as its screens, as TCA's own
/// `Codable` and `customDump` show it, not as its id-keyed storage and the `@Dependency` that
/// generates the ids.
@MainActor
@Suite struct StackStateTests {
    struct Screen: Equatable, Sendable, Codable { var title: String }
    struct State: Equatable, Sendable, Decodable {
        var path = StackState<Screen>()
        var pushes = 0
    }
    enum Action: Equatable, Sendable { case push(String), pop }

    static func record(_ actions: [Action]) throws -> [Record] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tca-stack-\(UUID().uuidString).sstrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "Stack"))
        let recording = recorder.store("stack", initialState: State(), actions: Action.self)
        let store = Store(initialState: State()) {
            Reduce<State, Action> { state, action in
                switch action {
                case let .push(title):
                    state.path.append(Screen(title: title))
                    state.pushes += 1
                case .pop:
                    state.path.removeLast()
                }
                return .none
            }
            .recorded(by: recording)
        }
        for action in actions { store.send(action) }
        recorder.close()
        return try TraceReader(path: path).allRecords()
    }

    @Test("the stack is recorded as the array of its screens; a push is one insert; no mutable-class warning")
    func recordedAsItsScreens() throws {
        let records = try Self.record([.push("Detail"), .push("Edit"), .pop])
        let states = ActionSteps(records: records).compactMap(\.state)
        try #require(states.count == 3)
        for state in states { #expect(!"\(state)".contains("_dictionary") && !"\(state)".contains("Dependency"), "\(state)") }
        guard case let .structure(_, fields) = states[1], case let .array(screens)? = fields.first(where: { $0.name == "path" })?.value else {
            Issue.record("path is not an array: \(states[1])")
            return
        }
        #expect(screens.count == 2)
        let patches = records.compactMap { if case let .patch(patch) = $0 { patch.operations } else { nil } }
        let push = try #require(patches.dropFirst().first)
        #expect(push.contains { if case let .insert(path, _) = $0 { path == [.field("path"), .index(1)] } else { false } }, "\(push)")
        let logs = records.compactMap { if case let .log(log) = $0 { log.message } else { nil } }
        #expect(!logs.contains { $0.contains("mutable classes") }, "\(logs)")
    }

    @Test("every recorded state decodes back into the feature's State, stack and all")
    func decodes() throws {
        let records = try Self.record([.push("Detail"), .push("Edit"), .pop])
        let states = try ActionSteps(records: records).compactMap(\.state).map { try TraceValueDecoder().decode(State.self, from: $0) }
        #expect(states.map { $0.path.map(\.title) } == [["Detail"], ["Detail", "Edit"], ["Detail"]])
        #expect(states.map(\.pushes) == [1, 2, 2])
    }
}

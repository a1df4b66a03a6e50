import ComposableArchitecture
import Foundation
import StoreScopeTCA
import TCAStandups
import Testing
import TraceAnalysis

/// Issue 39, item 7: a TCA app's recorded session replays through its reducer — nested type
/// names, `StackAction`s and `@Dependency` values included — and `storescope test` writes the
/// test without being told the types.
@MainActor
@Suite struct ReplayTests {
    static let first = UUID(0), second = UUID(1)

    /// Records a session on the real store, its uuids from TCA's incrementing generator.
    static func record(to path: String) throws {
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "Replay"))
        let recording = recorder.store("list", initialState: ItemsFeature.State(), actions: ItemsFeature.Action.self)
        let store = withDependencies { $0.uuid = .incrementing } operation: {
            Store(initialState: ItemsFeature.State()) { ItemsFeature().recorded(by: recording) }
        }
        store.send(.add("Milk"))
        store.send(.add("Bread"))
        store.send(.open(second))
        store.send(.path(.element(id: 0, action: .rename("Rye bread"))))
        store.send(.open(first))
        store.send(.path(.element(id: 1, action: .rename("Oat milk"))))
        store.send(.path(.popFrom(id: 1)))
        #expect(store.state.items.map(\.title) == ["Oat milk", "Rye bread"])
        recorder.close()
    }

    @Test("a session with uuids and a navigation stack replays through the TCA reducer with the app's dependencies, and diverges without them")
    func replaysWithTheAppsDependencies() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tca-replay-\(UUID().uuidString).sstrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.record(to: path)
        let actions = try TraceReader(path: path).allRecords().compactMap { if case let .action(action) = $0 { action } else { nil } }
        #expect(actions.count == 7)
        guard case let .enumeration(type, _, _)? = actions.first?.action else {
            Issue.record("the first action is not an enum")
            return
        }
        #expect(type == "ItemsFeature.Action", "the trace names the feature's Action with its feature")

        // StoreScope: begin TCA replay
        let replay = ReducerReplay(reducer: ItemsFeature()) {
            $0.uuid = .incrementing
        }
        let report = try replay.check(tracePath: path)
        #expect(report.divergence == nil, "\(report)")
        // StoreScope: end TCA replay
        #expect(report.actionsReplayed == 7, "\(report)")

        // Another uuid generator gives the items other ids than the app did: the replay says
        // where, at the first action that made one.
        let other = ReducerReplay(reducer: ItemsFeature()) { $0.uuid = .constant(UUID(9)) }
        let diverged = try other.check(tracePath: path)
        #expect(diverged.divergence?.seq == actions.first?.seq, "\(diverged)")
    }

    @Test("a stack action codes as Swift codes an enum, and decodes from the trace's value")
    func stackActionCodable() throws {
        let action = ItemsFeature.Action.path(.push(id: 3, state: .init(item: Self.first, title: "Milk")))
        let json = try JSONEncoder().encode(action)
        #expect(try JSONDecoder().decode(ItemsFeature.Action.self, from: json) == action)
        #expect(String(decoding: json, as: UTF8.self).contains(#""id":{"generation":3}"#))
        for sent in [action, .path(.element(id: 2, action: .rename("x"))), .path(.popFrom(id: 5))] {
            #expect(try TraceValueDecoder().decode(ItemsFeature.Action.self, from: captureValue(sent)) == sent)
        }
    }
}

import ComposableArchitecture
import Foundation
import StoreScopeTCA
import Testing
import TraceAnalysis

/// How effects end and where they were made, on the real store: a presented child
/// (`@Presents`, `.ifLet`) dismissed while its effect runs, a stacked child (`StackState`,
/// `.forEach`) popped while its effect runs, and a `.run` whose `catch:` handles a failure.
/// Each once as a plain `.run`, as TCA users write it, and once as `.recordedRun`.
@MainActor
@Suite struct EffectOutcomeTests {
    @Reducer
    struct Ticker {
        struct State: Equatable, Sendable {
            var recorded: Bool
            var started = false
        }
        enum Action: Equatable, Sendable { case start, started }

        var body: some ReducerOf<Self> {
            Reduce { state, action in
                switch action {
                case .start:
                    let work: @Sendable (Send<Action>) async throws -> Void = { send in
                        await send(.started)
                        try await Task.sleep(for: .seconds(3600))  // until TCA cancels it
                    }
                    return state.recorded ? .recordedRun(operation: work) : .run(operation: work)
                case .started:
                    state.started = true
                    return .none
                }
            }
        }
    }

    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    @Reducer
    struct Parent {
        @ObservableState
        struct State: Equatable, Sendable {
            @Presents var ticker: Ticker.State?
            var path = StackState<Ticker.State>()
            var failures = 0
        }
        enum Action: Sendable {
            case present(recorded: Bool), dismiss
            case push(recorded: Bool), pop
            case ticker(PresentationAction<Ticker.Action>)
            case path(StackActionOf<Ticker>)
            case sync(recorded: Bool), syncFailed
        }

        /// The line of the `.recordedRun` in `.sync(recorded: true)`.
        static let recordedSyncLine: UInt = #line + 20

        var body: some ReducerOf<Self> {
            Reduce { state, action in
                switch action {
                case let .present(recorded):
                    state.ticker = Ticker.State(recorded: recorded)
                case .dismiss:
                    state.ticker = nil
                case let .push(recorded):
                    state.path.append(Ticker.State(recorded: recorded))
                case .pop:
                    state.path.removeLast()
                case .ticker, .path:
                    break
                case .syncFailed:
                    state.failures += 1
                case .sync(recorded: false):
                    return .run { _ in throw Offline() } catch: { _, send in await send(.syncFailed) }
                case .sync(recorded: true):
                    return .recordedRun { _ in throw Offline() } catch: { _, send in await send(.syncFailed) }
                }
                return .none
            }
            .ifLet(\.$ticker, action: \.ticker) { Ticker() }
            .forEach(\.path, action: \.path) { Ticker() }
        }
    }

    /// Runs `scenario` on a recorded store, closes the recorder and reads the trace back.
    static func record(_ scenario: (StoreOf<Parent>) async -> Void) async throws -> [Record] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tca-outcomes-\(UUID().uuidString).sstrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "Outcomes"))
        let recording = recorder.store("parent", initialState: Parent.State(), actions: Parent.Action.self)
        let store = Store(initialState: Parent.State()) { Parent().recorded(by: recording) }
        await scenario(store)
        recorder.close()
        return try TraceReader(path: path).allRecords()
    }

    /// Each effect's name with how it ended.
    static func outcomes(_ records: [Record]) -> [String: [EffectOutcome]] {
        let names = Dictionary(records.compactMap { if case let .effectStarted(started) = $0 { (started.effectID, started.name) } else { nil } }) { first, _ in first }
        var outcomes: [String: [EffectOutcome]] = [:]
        for case let .effectEnded(ended) in records { outcomes[names[ended.effectID] ?? "?", default: []].append(ended.outcome) }
        return outcomes
    }

    static func started(_ records: [Record], named name: String) -> [EffectStarted] {
        records.compactMap { if case let .effectStarted(started) = $0, started.name == name { started } else { nil } }
    }

    /// Waits until the store's state says `condition`.
    static func wait(_ store: StoreOf<Parent>, until condition: (Parent.State) -> Bool) async {
        while !condition(store.state) { await Task.yield() }
    }

    @Test("a presented child's effect, cancelled when the parent dismisses it, is recorded cancelled when made with .recordedRun")
    func dismissedChildIsCancelled() async throws {
        for recorded in [false, true] {
            let records = try await Self.record { store in
                store.send(.present(recorded: recorded))
                let effect = store.send(.ticker(.presented(.start)))
                await Self.wait(store) { $0.ticker?.started == true }
                store.send(.dismiss)
                await effect.finish()
            }
            // A plain `.run` is cancelled out of sight, in a task of TCA's own: it looks finished.
            #expect(Self.outcomes(records)["ticker.presented.start"] == [recorded ? .cancelled : .finished], "recorded: \(recorded)")
        }
    }

    @Test("a stacked child's effect, cancelled when the parent pops it, is recorded cancelled when made with .recordedRun")
    func poppedChildIsCancelled() async throws {
        for recorded in [false, true] {
            let records = try await Self.record { store in
                store.send(.push(recorded: recorded))
                let id = try! #require(store.state.path.ids.first)
                let effect = store.send(.path(.element(id: id, action: .start)))
                await Self.wait(store) { $0.path.first?.started == true }
                store.send(.pop)
                await effect.finish()
            }
            #expect(Self.outcomes(records)["path.element.start"] == [recorded ? .cancelled : .finished], "recorded: \(recorded)")
        }
    }

    @Test("a failure .recordedRun's catch: handles is recorded as failed, handled; a plain .run's looks finished")
    func handledFailureIsFailed() async throws {
        let records = try await Self.record { store in
            await store.send(.sync(recorded: false)).finish()
            await store.send(.sync(recorded: true)).finish()
        }
        #expect(Self.outcomes(records)["sync"] == [.finished, .failed("offline (handled by catch:)")])
        let actions = records.compactMap { if case let .action(action) = $0 { action } else { nil } }
        #expect(actions.filter { $0.effectID != nil }.count == 2, "each catch:'s action linked to its effect")
    }

    @Test(".recordedRun records the line that made the effect; a plain .run no line at all (TCA keeps its own)")
    func locations() async throws {
        let records = try await Self.record { store in
            await store.send(.sync(recorded: false)).finish()
            await store.send(.sync(recorded: true)).finish()
        }
        let syncs = Self.started(records, named: "sync")
        try #require(syncs.count == 2)
        #expect(syncs[0].location == nil)
        #expect(syncs[1].location == SourceLocation(file: "TCAStandupsTests/EffectOutcomeTests.swift", line: UInt32(Parent.recordedSyncLine)))
    }
}

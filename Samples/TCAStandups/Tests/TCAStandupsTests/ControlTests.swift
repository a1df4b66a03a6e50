@_spi(Internals) import ComposableArchitecture  // Store.currentState, of a State not @ObservableState
import Foundation
@testable import StoreScope  // the store's control, driven as a listener's commands drive it
import StoreScopeTCA
import Testing
import TraceAnalysis

/// Control of a real TCA store allowed with `recording.allowControl(store:)`: a lock holds the
/// app's actions in the recorded reducer and unlock sends them in order; a jump installs the
/// recorded state through the recorded reducer. The commands go to the store's control as the
/// recorder's worker hands it a listener's (the socket and the listener are tested in the main
/// package), and their outcomes are read back from the trace.
@MainActor
@Suite struct ControlTests {
    @Reducer
    struct Tally {
        struct State: Equatable, Sendable, Codable {
            var total = 0
            var added: [Int] = []
        }
        enum Action: Equatable, Sendable, Codable { case add(Int) }

        /// Every action this reducer reduced, in order.
        let reduced = LockIsolated<[Action]>([])

        var body: some ReducerOf<Self> {
            Reduce { state, action in
                reduced.withValue { $0.append(action) }
                switch action {
                case let .add(number):
                    state.total += number
                    state.added.append(number)
                    return .none
                }
            }
        }
    }

    /// A recorded store that allows control, its trace file and a way to command it.
    @MainActor
    final class Session {
        let path: String
        let recorder: Recorder
        let recording: StoreRecorder<Tally.State, Tally.Action>
        let store: StoreOf<Tally>
        /// What the feature's reducer, inside the recorded one, reduced.
        var reduced: LockIsolated<[Tally.Action]> { tally.reduced }
        private let tally = Tally()
        private var nextID: UInt64 = 1

        @MainActor
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("tca-control-\(UUID().uuidString).sstrace").path
            recorder = try Recorder(sink: .file(path), configuration: .init(appName: "Tally"))
            let recording = recorder.store("tally", initialState: Tally.State(), actions: Tally.Action.self)
            self.recording = recording
            let tally = tally
            store = Store(initialState: Tally.State()) { tally.recorded(by: recording) }
            recording.allowControl(store: store)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Hands `request` to the store's control, as the worker does with a listener's command.
        func command(_ request: ControlCommand.Request) {
            let control = recorder.controls.control(of: recording.name)
            #expect(control != nil, "the store registered its control")
            control?.perform(
                ControlCommand(id: nextID, store: recording.name, issuer: .init(pid: 1, uid: 1), request: request),
                listener: .init(pid: 2, uid: 2), holdsValue: false)
            nextID += 1
        }

        /// The control outcomes recorded so far, after the commands before it were carried out.
        func outcomes(count: Int) async throws -> [String] {
            var messages: [String] = []
            for _ in 0..<1_000 {
                _ = recorder.flush()
                let records = try TraceReader(path: path).allRecords()
                messages = records.compactMap { if case let .log(log) = $0, log.message.hasPrefix("control #") { log.message } else { nil } }
                if messages.count >= count { break }
                try await Task.sleep(for: .milliseconds(5))
            }
            return messages
        }

        func records() throws -> [Record] {
            _ = recorder.flush()
            return try TraceReader(path: path).allRecords()
        }
    }

    @Test("a lock holds the actions the app sends to a TCA store: not reduced while locked, reduced in order at unlock")
    func lockHoldsActions() async throws {
        let session = try Session()
        session.store.send(.add(1))
        session.command(.lock)
        #expect(try await session.outcomes(count: 1).last?.contains("the app's actions are held") == true)
        session.store.send(.add(2))
        session.store.send(.add(3))
        session.store.send(.add(4))
        #expect(session.store.currentState.total == 1, "held while locked")
        #expect(session.reduced.value == [.add(1)], "the feature's reducer never saw the held actions")
        session.command(.unlock)
        let unlock = try await session.outcomes(count: 2).last ?? ""
        #expect(unlock.contains("3 held actions sent, 0 refused while locked"), "\(unlock)")
        #expect(!unlock.contains("reduced while locked"), "\(unlock)")
        #expect(session.store.currentState.added == [1, 2, 3, 4], "the held actions were reduced in the order they were sent")
        let actions = try session.records().compactMap { if case let .action(action) = $0 { action.action } else { nil } }
        #expect(actions.count == 4, "each action recorded once, when it was reduced")
    }

    @Test("a jump installs the recorded state through the recorded reducer; later actions build on it")
    func jumpInstallsTheRecordedState() async throws {
        let session = try Session()
        for number in [1, 2, 3] { session.store.send(.add(number)) }
        // The listener rebuilds the state after #1 from the recording and sends it.
        let steps = Array(ActionSteps(records: try session.records()))
        let recorded = try #require(steps.first?.state)
        session.command(.jump(sourceSeq: steps[0].action.seq, state: recorded))
        let jump = try await session.outcomes(count: 1).last ?? ""
        #expect(jump.contains("jump #\(steps[0].action.seq)") && jump.contains("done"), "\(jump)")
        #expect(session.store.currentState == Tally.State(total: 1, added: [1]), "the state after #1")
        #expect(captureValue(session.store.currentState) == recorded, "the installed state is the recorded one")
        #expect(session.reduced.value == [.add(1), .add(2), .add(3)], "the carrier reached no reducer")
        session.store.send(.add(10))
        #expect(session.store.currentState == Tally.State(total: 11, added: [1, 10]))
        // The trace: no action for the carrier, the jump's keyframe, and the states after it exact.
        let records = try session.records()
        let actions = records.compactMap { if case let .action(action) = $0 { action.action } else { nil } }
        #expect(actions.count == 4)
        let last = try #require(ActionSteps(records: records).map(\.state).last ?? nil)
        #expect(last == captureValue(Tally.State(total: 11, added: [1, 10])))
    }

    @Test("a jump while locked installs the state and holds the app's actions still")
    func jumpWhileLocked() async throws {
        let session = try Session()
        session.store.send(.add(5))
        session.store.send(.add(6))
        let steps = Array(ActionSteps(records: try session.records()))
        session.command(.lock)
        session.command(.jump(sourceSeq: steps[0].action.seq, state: steps[0].state))
        let outcomes = try await session.outcomes(count: 2)
        #expect(outcomes.last?.contains("done") == true, "\(outcomes)")
        session.store.send(.add(7))
        #expect(session.store.currentState == Tally.State(total: 5, added: [5]))
        session.command(.unlock)
        _ = try await session.outcomes(count: 3)
        #expect(session.store.currentState == Tally.State(total: 12, added: [5, 7]))
    }

    @Test("a jump before the recorded reducer reduced anything fails, saying why, and changes nothing")
    func jumpBeforeAnyActionFails() async throws {
        let session = try Session()
        session.command(.jump(sourceSeq: 1, state: captureValue(Tally.State(total: 9, added: [9]))))
        let jump = try await session.outcomes(count: 1).last ?? ""
        #expect(jump.contains("failed") && jump.contains("has reduced no action yet"), "\(jump)")
        #expect(session.store.currentState == Tally.State())
    }
}

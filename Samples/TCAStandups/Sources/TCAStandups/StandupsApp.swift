// StoreScope: begin TCA imports
import ComposableArchitecture
import StoreScopeTCA  // StoreScope: the adapter; it re-exports StoreScope
// StoreScope: end TCA imports

/// One effect the scenario runs, as the tests expect to find it: its name, the journal index of
/// the action that started it, the journal indices of the actions it sent, and how it ends.
public struct ExpectedEffect: Sendable {
    public var name: String
    public var parent: Int
    public var emitted: [Int]
    public var outcome: EffectOutcome
}

/// The standups app: a TCA store whose root reducer is recorded with StoreScope.
@MainActor
public final class StandupsApp {
    public let store: StoreOf<StandupsFeature>
    public let journal = StandupsJournal()
    public let server: StandupsServer

    /// Starts the app, recording to the trace file at `tracePath`.
    public init(tracePath: String, server: StandupsServer = StandupsServer()) throws {
        self.server = server
        let journal = journal
        // StoreScope: begin TCA store
        let recorder = try Recorder(sink: .file(tracePath), configuration: .init(appName: "TCAStandups"))  // StoreScope
        let recording = recorder.store("standups", initialState: StandupsFeature.State(), actions: StandupsFeature.Action.self)  // StoreScope
        store = Store(initialState: StandupsFeature.State()) {
            StandupsFeature()
                .journaled(in: journal)
                .recorded(by: recording)  // StoreScope
        } withDependencies: {
            $0.standupsClient = server.client
            $0.continuousClock = ContinuousClock()
        }
        // StoreScope: end TCA store
    }

    /// The effects ``run()`` starts, in order.
    public static let scenarioEffects = [
        ExpectedEffect(name: "standups.element.startMeeting", parent: 4, emitted: [5, 6, 7], outcome: .cancelled),
        ExpectedEffect(name: "standups.element.endMeeting", parent: 8, emitted: [], outcome: .finished),
        ExpectedEffect(name: "saveTapped", parent: 9, emitted: [], outcome: .finished),
        ExpectedEffect(name: "syncTapped", parent: 10, emitted: [11], outcome: .finished),
        ExpectedEffect(name: "syncTapped", parent: 12, emitted: [13], outcome: .failed("offline (handled by catch:)")),
        ExpectedEffect(name: "startAutosave", parent: 14, emitted: [15], outcome: .cancelled),
        ExpectedEffect(name: "stopAutosave", parent: 16, emitted: [], outcome: .finished),
    ]

    /// Adds two standups and two attendees, runs a meeting whose timer ticks three times and is
    /// cancelled when the meeting ends, saves, syncs twice (the server answers, then fails), then
    /// starts autosave, whose publisher sends at once, and stops it before it completes.
    /// Journal: [0, 1] addStandup, [2, 3] addAttendee, [4] startMeeting, [5...7] tick,
    /// [8] endMeeting, [9] saveTapped, [10] syncTapped, [11] synced, [12] syncTapped,
    /// [13] syncFailed, [14] startAutosave, [15] autosaveScheduled, [16] stopAutosave.
    public func run() async {
        store.send(.addStandup(title: "Design review"))
        store.send(.addStandup(title: "Infrastructure"))
        store.send(.standups(.element(id: 1, action: .addAttendee(name: "Ana"))))
        store.send(.standups(.element(id: 1, action: .addAttendee(name: "Ben"))))
        let meeting = store.send(.standups(.element(id: 1, action: .startMeeting)))
        await journal.wait(forCount: 5 + StandupFeature.ticksBeforeWaiting)
        store.send(.standups(.element(id: 1, action: .endMeeting)))
        await meeting.finish()
        await store.send(.saveTapped).finish()
        await store.send(.syncTapped).finish()
        await store.send(.syncTapped).finish()
        let autosave = store.send(.startAutosave)
        store.send(.stopAutosave)
        await autosave.finish()
    }
}

import StoreScope

/// Shape 1, Elm-like: `update(State, Environment, Action) -> Update(state, fx)`.
public enum ElmNotesSample: SampleApp {
    public static let name = "notes"
    public static let summary = "Notes app on an Elm-like store (update returns state + fx stream)"

    /// Loads the notes, adds one, refreshes twice (the second refresh supersedes the first,
    /// which is cancelled) and syncs, which uploads two notes and then fails.
    @StoreActor
    public static func runScenario(recorder: Recorder) async throws -> SampleRun {
        let network = FakeNetwork(script: ["GET /notes": [.answer, .hang], "PUT /notes/3": [.fail("quota exceeded")]])
        let recording = recorder.store(name, initialState: NotesModel(), actions: NotesAction.self)  // StoreScope
        let store = Elm.Store(
            state: NotesModel(), environment: NotesEnvironment(service: NotesService(network: network)),
            recording: recording, update: NotesModel.update)
        recording.allowControl(replaceState: { await store.replaceState($0) }, dispatch: { await store.send($0) })  // StoreScope

        store.send(.appeared)                                    // [0] -> load emits [1]
        await store.settle()
        store.send(.add("Water the plants"))                     // [2]
        store.send(.refresh)                                     // [3] -> refresh hangs
        await network.waitUntilRequested("GET /notes", count: 2)
        store.send(.refresh)                                     // [4] cancels [3]'s, emits [5]
        await store.settle()
        store.send(.sync)                                        // [6] -> emits [7], [8], fails
        await store.settle()

        return SampleRun(store: name, journal: store.journal.entries, effects: [
            ExpectedEffect("load", parent: 0, emitted: [1], outcome: .finished),
            ExpectedEffect("refresh", parent: 3, outcome: .cancelled),
            ExpectedEffect("refresh", parent: 4, emitted: [5], outcome: .finished),
            ExpectedEffect("sync", parent: 6, emitted: [7, 8], outcome: .failed("quota exceeded")),
        ])
    }
}

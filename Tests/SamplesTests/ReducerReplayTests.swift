import StoreScope
import StoreScopeSamples
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// A recorded session as a regression test: the search sample's trace replayed through
/// `SearchReducer` (docs/GUIDE.md, "Replay a session through your reducer").
@Suite("Replay through the real reducer")
struct ReducerReplayTests {
    @Test("The search sample's recorded actions, replayed through SearchReducer, give every recorded state")
    func searchReplaysAsRecorded() async throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("search.sstrace")
        _ = try await Samples.record(RepoSearchSample.self, to: trace)

        let report = try ReducerReplay(reducer: SearchReducer().reduce(oldState:with:)).check(tracePath: trace)
        #expect(report.divergence == nil, "\(report)")
        #expect(report.actionsReplayed == 6)
        #expect(report.startSeq == 0)
        #expect(report.description == "replayed 6 actions of store \"search\" from the initial state through #6: every state matches the recording")
    }

    /// Issue 39, item 7: `storescope test --reducer inboxReducer`, a reducer returning its effects, made a test that did not compile.
    @Test("A reducer that returns its effects replays too; the effects are dropped")
    func aReducerReturningEffectsReplays() async throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("search.sstrace")
        _ = try await Samples.record(RepoSearchSample.self, to: trace)
        var effectsReturned = 0
        func reducerWithEffects(_ state: inout SearchState, _ action: SearchAction) -> [String] {
            state = SearchReducer().reduce(oldState: state, with: action)
            effectsReturned += 1
            return ["search"]
        }
        let report = try ReducerReplay(reducer: reducerWithEffects).check(tracePath: trace)
        #expect(report.divergence == nil, "\(report)")
        #expect(report.actionsReplayed == 6 && effectsReturned == 6)
    }

    @Test("A reducer that forgets to clear isLoading diverges right after the first results, with the change")
    func aRegressionIsFoundAtItsAction() async throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("search.sstrace")
        _ = try await Samples.record(RepoSearchSample.self, to: trace)

        let regressed = ReducerReplay { (state: inout SearchState, action: SearchAction) in
            switch action {
            case let .search(query):
                state.query = query
                state.isLoading = true
            case let .setResults(repos):
                state.repos = repos  // forgot: state.isLoading = false
            }
        }
        let report = try regressed.check(tracePath: trace)
        let divergence = try #require(report.divergence)
        #expect(divergence.seq == 3)
        #expect(report.actionsReplayed == 3)
        #expect(
            divergence.description.hasPrefix("after #3 SearchAction.setResults(repos: [")
                && divergence.description.contains("the reducer's state differs from the recording at .isLoading (- recorded, + replayed):\n  .isLoading\n  - false\n  + true\naction #3 was emitted by effect 2"),
            "\(divergence)")
        #expect(
            DiffRendering.render(from: divergence.recorded, to: divergence.replayed) == """
                  SearchState(
                    … (2 unchanged)
                -   isLoading: false
                +   isLoading: true
                  )
                """)
    }

    @Test("A replay notes a trace recorded with other State and Action types (the schema the app named), and not one recorded with the same or with none")
    func schemaMismatchIsNoted() throws {
        let directory = try TemporaryDirectory()
        for (name, schema) in [("same", [SearchState.self, SearchAction.self] as [Any.Type]), ("none", []), ("other", [Int.self, String.self])] {
            let trace = directory.path("\(name).sstrace")
            let recorder = try Recorder(sink: .file(trace), mainStore: "search", schema: schema, configuration: .init(diagnostics: { _ in }))
            var state = SearchState()
            let recording = recorder.store("search", initialState: state, actions: SearchAction.self)
            for query in ["a", "ab"] {
                _ = recording.record(SearchAction.search(query: query), reducing: &state) { (state: inout SearchState, action: SearchAction) in
                    state = SearchReducer().reduce(oldState: state, with: action)
                }
            }
            #expect(recorder.close(timeout: .recorderCloseInTests))
            let report = try ReducerReplay(reducer: SearchReducer().reduce(oldState:with:)).check(tracePath: trace)
            #expect(report.divergence == nil, "\(report)")
            if name == "other" {
                #expect(report.schemaMismatch?.contains("other State and Action types than StoreScopeSamples.SearchState and StoreScopeSamples.SearchAction") == true, "\(report)")
                #expect(report.description.contains("\nnote: the trace was recorded with other State and Action types"))
            } else {
                #expect(report.schemaMismatch == nil, "\(name): \(report)")
            }
        }
    }

    @Test("Without store:, the replay takes the first store the app registered, whatever its name (issue 39)")
    func replaysTheAppsFirstStore() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("results.sstrace")
        let recorder = try Recorder(sink: .file(trace), configuration: .init(diagnostics: { _ in }))
        var state = SearchState()
        let recording = recorder.store("results", initialState: state, actions: SearchAction.self)
        var other = SearchState()
        let history = recorder.store("history", initialState: other, actions: SearchAction.self)
        for query in ["a", "ab"] {
            _ = recording.record(SearchAction.search(query: query), reducing: &state) { state, action in
                state = SearchReducer().reduce(oldState: state, with: action)
            }
        }
        _ = history.record(SearchAction.search(query: "old"), reducing: &other) { state, action in
            state = SearchReducer().reduce(oldState: state, with: action)
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let report = try ReducerReplay(reducer: SearchReducer().reduce(oldState:with:)).check(tracePath: trace)
        #expect(report.store == "results" && report.actionsReplayed == 2 && report.divergence == nil, "\(report)")
    }

    @Test("Replaying a trace whose store has no keyframe, or with the wrong action type, says why")
    func replayErrors() async throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("search.sstrace")
        _ = try await Samples.record(RepoSearchSample.self, to: trace)

        #expect(throws: ReplayError.self) {
            try ReducerReplay(store: "nope", reducer: SearchReducer().reduce(oldState:with:)).check(tracePath: trace)
        }
        do {
            _ = try ReducerReplay { (_: inout SearchState, _: Bool) in }.check(tracePath: trace)
            Issue.record("a Bool action must not decode")
        } catch {
            #expect(error.description == "the action of #1 does not decode: expected Bool, found .search(query: \"sw\")")
        }
    }
}

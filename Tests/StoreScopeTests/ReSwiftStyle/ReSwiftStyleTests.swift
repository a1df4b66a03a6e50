import Testing
import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

/// The ReSwift-style store of docs/GUIDE.md, instrumented with the guide's lines, records a
/// session whose trace names every action, rebuilds every state and links a thunk's actions.
@MainActor
@Suite struct ReSwiftStyleTests {
    @Test("A ReSwift-style store records its any-Action actions in order, every state, and a thunk's actions linked to it")
    func recordsASessionThroughMiddlewaresAndAThunk() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reswift.sstrace")
        let recorder = try Recorder(sink: .file(path), configuration: .init(appName: "ReSwiftTodos"))
        let log = ReSwiftStyle.ActionLog()
        let thunks = ReSwiftStyle.RunningThunks()
        let store = ReSwiftStyle.todoStore("todos", recorder: recorder, log: log, thunks: thunks)
        let loaded = [ReSwiftStyle.Todo(id: 3, title: "Read the trace"), ReSwiftStyle.Todo(id: 4, title: "Ship")]

        store.dispatch(ReSwiftStyle.AddTodo(id: 1, title: "Write the guide"))
        store.dispatch(ReSwiftStyle.AddTodo(id: 2, title: "Measure the peer"))
        store.dispatch(ReSwiftStyle.loadTodos { await Task.yield(); return loaded })
        await thunks.settle()
        for id in 1...4 { store.dispatch(ReSwiftStyle.ToggleTodo(id: id)) }
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let dispatched: [any ReSwiftStyle.Action] = [
            ReSwiftStyle.AddTodo(id: 1, title: "Write the guide"), ReSwiftStyle.AddTodo(id: 2, title: "Measure the peer"),
            ReSwiftStyle.Loading.started, ReSwiftStyle.Loading.finished(loaded),
            ReSwiftStyle.ToggleTodo(id: 1), ReSwiftStyle.ToggleTodo(id: 2), ReSwiftStyle.ToggleTodo(id: 3),
            ReSwiftStyle.ToggleTodo(id: 4), ReSwiftStyle.AllDone(),
        ]
        #expect(log.names == ["AddTodo", "AddTodo", "Thunk<TodoState>", "Loading", "Loading", "ToggleTodo", "ToggleTodo", "ToggleTodo", "ToggleTodo", "AllDone"])
        #expect(store.history.count == dispatched.count)
        #expect(store.state.allDone && store.state.todos.count == 4)

        let records = try TraceReader(path: path).allRecords()
        let actions = records.compactMap { record -> ActionRecord? in if case let .action(a) = record { a } else { nil } }
        #expect(actions.map(\.store) == Array(repeating: "todos", count: dispatched.count))
        #expect(actions.map(\.action) == dispatched.map { captureValue($0) })
        #expect(actions.map { Self.name(of: $0.action) } == [
            "AddTodo", "AddTodo", "Loading.started", "Loading.finished", "ToggleTodo", "ToggleTodo", "ToggleTodo", "ToggleTodo", "AllDone",
        ].map { "ReSwiftStyle." + $0 }, "the trace names each type from its outermost one")

        // Every state the store had is rebuilt from the keyframe and patches.
        let expected = Dictionary(uniqueKeysWithValues: zip(actions.map(\.seq), store.history.map { captureValue($0) }))
        var replay = StateReplay()
        var rebuilt: [UInt64] = []
        for record in records {
            replay.apply(record)
            if case let .patch(patch) = record {
                #expect(replay.state(of: "todos") == expected[patch.seq], "state after #\(patch.seq)")
                rebuilt.append(patch.seq)
            }
        }
        #expect(rebuilt == actions.map(\.seq), "every action changed the state and has its patch")
        #expect(replay.problems.isEmpty)

        // The thunk is one finished effect, and the two actions it dispatched are linked to it.
        let started = records.compactMap { record -> EffectStarted? in if case let .effectStarted(e) = record { e } else { nil } }
        let ended = records.compactMap { record -> EffectEnded? in if case let .effectEnded(e) = record { e } else { nil } }
        let emitted = records.compactMap { record -> EffectEmitted? in if case let .effectEmitted(e) = record { e } else { nil } }
        #expect(started.map(\.name) == ["Thunk<TodoState>"])
        #expect(started.first?.parentSeq == nil)
        let thunk = try #require(started.first?.effectID)
        #expect(ended.map(\.effectID) == [thunk])
        #expect(ended.first?.outcome == .finished)
        #expect(emitted.map(\.actionSeq) == [actions[2].seq, actions[3].seq])
        #expect(actions.map(\.effectID) == [nil, nil, thunk, thunk, nil, nil, nil, nil, nil])
    }

    /// An action's type name, or for an enum case `Type.case`, as `storescope cat` shows it.
    static func name(of action: TraceValue) -> String {
        switch action {
        case let .structure(type, _): type
        case let .enumeration(type, caseName, _): "\(type).\(caseName)"
        default: "\(action)"
        }
    }
}

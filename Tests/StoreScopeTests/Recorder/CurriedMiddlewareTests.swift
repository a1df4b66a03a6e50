import Foundation
@preconcurrency import ReSwiftShapeFixture
import StoreScope
import StoreScopeTestSupport
import Testing
import TraceAnalysis

/// The ReSwift adapters (`reducer` for `(Action, State?) -> State`, `middleware`, `reduced`,
/// `thunk`) on a store of ReSwift's real shape: plain, non-Sendable dispatch functions, curried
/// middlewares, a first state made by the reducer.
@Suite struct CurriedMiddlewareTests {
    struct Ping: Action { var number: Int }
    struct Note: Action { var text: String }
    struct Pong: Action { var number: Int }

    typealias Middleware = ReSwiftShapeFixture.Middleware<Int>

    /// Counts: a `Ping` adds its number, `ShapeInit` makes 100 from nothing.
    static func reduce(_ action: any Action, _ state: Int?) -> Int {
        let state = state ?? 100
        return (action as? Ping).map { state + $0.number } ?? state
    }

    static func workMiddleware() -> Middleware { createThunkMiddleware() }

    /// A middleware that, for each `Ping`, dispatches a `Note` before passing the `Ping` on.
    static func notingMiddleware() -> Middleware {
        { dispatch, _ in
            { next in
                { action in
                    if let ping = action as? Ping { dispatch(Note(text: "ping \(ping.number)")) }
                    next(action)
                }
            }
        }
    }

    private func records(_ path: String) throws -> (actions: [ActionRecord], started: [EffectStarted], all: [Record]) {
        let all = try TraceReader(path: path).allRecords()
        return (
            all.compactMap { if case let .action(action) = $0 { action } else { nil } },
            all.compactMap { if case let .effectStarted(started) = $0 { started } else { nil } },
            all)
    }

    private func typeName(_ action: ActionRecord) -> String {
        if case let .structure(type, _) = action.action { type } else { "\(action.action)" }
    }

    @Test("the guide's ReSwift lines compile and record in Swift 5 language mode too")
    func swift5Mode() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("swift5.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let (store, _) = recordedStoreInSwift5Mode(recorder: recorder, reduce: Self.reduce)
        store.dispatch(Ping(number: 2))
        #expect(store.state == 102)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(try records(path).actions.map(typeName) == ["ShapeInit", "CurriedMiddlewareTests.Ping"])
    }

    @Test("recording.reducer records the store's first reduction (no state yet) as an action, and each later one with its state")
    func optionalStateReducer() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reducer.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("counter", initialState: 0, actions: (any Action).self)
        let store = Store(reducer: recording.reducer(Self.reduce), state: nil, middleware: [])
        store.dispatch(Ping(number: 5))
        #expect(store.state == 105)
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let (actions, _, all) = try records(path)
        #expect(actions.map(typeName) == ["ShapeInit", "CurriedMiddlewareTests.Ping"])
        var replay = StateReplay()
        var states: [TraceValue?] = []
        for record in all {
            if case .action = record, !states.isEmpty || replay.state(of: "counter") != nil { states.append(replay.state(of: "counter")) }
            replay.apply(record)
        }
        states.append(replay.state(of: "counter"))
        #expect(states == [.int(0), .int(100), .int(105)], "the initial state given, after ShapeInit, after the Ping")
    }

    @Test("an effect of recording.middleware is linked to the action it handled, also when a later middleware dispatches another action before passing it on")
    @MainActor func middlewareEffectParent() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("middleware.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("counter", initialState: 0, actions: (any Action).self)
        let pong = recording.middleware("pong") { action, _ in
            guard let ping = action as? Ping else { return nil }
            return { dispatch, _ in
                await Task.yield()
                dispatch(Pong(number: ping.number))
            }
        }
        let store = Store(reducer: recording.reducer(Self.reduce), state: 1, middleware: [pong, Self.notingMiddleware()])
        store.dispatch(Ping(number: 7))
        await recording.waitForEffects()
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let (actions, started, all) = try records(path)
        #expect(actions.map(typeName) == ["CurriedMiddlewareTests.Note", "CurriedMiddlewareTests.Ping", "CurriedMiddlewareTests.Pong"])
        let ping = try #require(actions.first { typeName($0) == "CurriedMiddlewareTests.Ping" })
        #expect(started.map(\.name) == ["pong"])
        #expect(started.first?.parentSeq == ping.seq, "the Ping, not the Note reduced just before it")
        let pongAction = try #require(actions.last)
        #expect(pongAction.effectID == started.first?.effectID)
        #expect(all.contains { if case let .effectEnded(ended) = $0 { ended.outcome == .finished } else { false } })
    }

    @Test("reduced(_:) gives the number the reducer gave the action passed on, and nil when a later middleware kept it")
    func reducedNamesTheHandledAction() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reduced.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("counter", initialState: 0, actions: (any Action).self)
        var seen: [UInt64?] = []
        let naming: Middleware = { _, _ in { next in { action in seen.append(recording.reduced { next(action) }) } } }
        let store = Store(reducer: recording.reducer(Self.reduce), state: 1, middleware: [naming, Self.workMiddleware(), Self.notingMiddleware()])
        store.dispatch(Ping(number: 1))
        store.dispatch(Thunk<Int> { _, _ in })
        store.dispatch(Ping(number: 2))
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let (actions, _, _) = try records(path)
        #expect(actions.map(typeName) == ["CurriedMiddlewareTests.Note", "CurriedMiddlewareTests.Ping", "CurriedMiddlewareTests.Note", "CurriedMiddlewareTests.Ping"])
        let pings = actions.filter { typeName($0) == "CurriedMiddlewareTests.Ping" }.map(\.seq)
        let notes = actions.filter { typeName($0) == "CurriedMiddlewareTests.Note" }.map(\.seq)
        // Each Note passes `naming` first (dispatched from inside), then its Ping; the Work is kept.
        #expect(seen == [notes[0], pings[0], nil, notes[1], pings[1]])
    }

    @Test("a recorded thunk body is one effect without a parent: the actions it dispatches before and after an await are linked to it, and it ends when its work returns")
    @MainActor func thunkEffect() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("thunk.sstrace")
        let recorder = try Recorder(sink: .file(path))
        let recording = recorder.store("counter", initialState: 0, actions: (any Action).self)
        let store = Store(reducer: recording.reducer(Self.reduce), state: 1, middleware: [Self.workMiddleware()])
        store.dispatch(Ping(number: 1))
        store.dispatch(Thunk<Int>(body: recording.thunk("twoPings") { dispatch, getState in
            dispatch(Ping(number: getState() ?? 0))
            await Task.yield()
            dispatch(Ping(number: 10))
        }))
        await recording.waitForEffects()
        #expect(store.state == 14)
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let (actions, started, all) = try records(path)
        #expect(actions.count == 3)
        let effect = try #require(started.first)
        #expect(started.map(\.name) == ["twoPings"])
        #expect(effect.parentSeq == nil)
        #expect(actions.map(\.effectID) == [nil, effect.effectID, effect.effectID])
        #expect(all.contains { if case let .effectEnded(ended) = $0 { ended.effectID == effect.effectID && ended.outcome == .finished } else { false } })
    }
}

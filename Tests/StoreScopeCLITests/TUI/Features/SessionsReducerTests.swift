import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// The sessions' reducer on its own: session events, polls, the reader's answers and keys in,
/// with the sources and where the user is passed in, and out its state, the reads it asks for
/// and what it asks of the viewer (show a session at a position, take in a trace, a message);
/// no listener, no terminal.
@Suite("Sessions reducer")
struct SessionsReducerTests {
    typealias Update = FeatureUpdate<SessionsAction.Delegate>
    typealias Position = SessionsState.Position

    /// The trace of file `name`, at its `opening`.
    static func trace(_ name: String, opening: UInt64 = 1) -> BackgroundReader.Trace {
        .named(name, opening: opening)
    }

    static let names = ["a.sstrace", "b.sstrace", "c.sstrace"]

    /// The viewer with the first `count` of ``names`` as its sources, the user at `position`.
    static func context(
        _ count: Int = 3, at position: Position = .init(top: 0, following: false), traces: [BackgroundReader.Trace]? = nil, followsAtStart: Bool = false,
        ended: Set<Int> = []
    ) -> SessionsAction.Context {
        let traces = traces ?? names.prefix(count).map { trace($0) }
        return SessionsAction.Context(
            sources: zip(names, traces).enumerated().map { .init(name: $1.0, app: "shop", hasEnded: ended.contains($0), trace: $1.1) },
            position: position, followsAtStart: followsAtStart)
    }

    /// Sessions started on `context`'s sources, the first one shown.
    static func started(_ context: SessionsAction.Context) -> SessionsState {
        var state = SessionsState()
        _ = SessionsReducer.reduce(into: &state, .start(waitingFor: nil, hint: nil), context)
        return state
    }

    /// What the reader read of `trace`: the search sample, read for real.
    static func read(_ trace: BackgroundReader.Trace, restart: String? = nil, grew: Bool, isComplete: Bool = false) throws -> SessionsAnswer.Session {
        let session = try TraceSession(path: try AnalysisCommandTests.fixture("search"))
        return SessionsAnswer.Session(session, trace: trace, restart: restart, grew: grew, isComplete: isComplete)
    }

    @Test("While waiting only q and ? mean anything; S opens the list on the session shown, j k g G move in it, enter shows the one under the cursor, esc and S close it")
    func list() {
        let context = Self.context()
        var state = SessionsState()
        #expect(SessionsReducer.reduce(into: &state, .start(waitingFor: "an app", hint: nil), Self.context(0)) == .none)
        #expect(state.title == "waiting" && state.coversTimeline)
        #expect(SessionsReducer.reduce(into: &state, .key(.character("j")), context) == .none)
        #expect(SessionsReducer.reduce(into: &state, .key(.character("?")), context) == .tell(.openHelp))
        #expect(SessionsReducer.reduce(into: &state, .key(.ctrl("c")), context) == .tell(.quit))

        state = Self.started(context)
        #expect(state.current == 0 && state.title == "a.sstrace (1/3)" && !state.coversTimeline)
        #expect(SessionsReducer.takes(.character("S"), in: state) && !SessionsReducer.takes(.character("j"), in: state))
        #expect(SessionsReducer.reduce(into: &state, .key(.character("S")), context) == .none)
        #expect(state.isOpen && state.cursor == 0 && state.coversTimeline)
        #expect(SessionsReducer.takes(.character("j"), in: state) && !SessionsReducer.takes(.ctrl("c"), in: state), "the list takes every key but Ctrl-C")
        for (key, cursor) in [(Key.character("j"), 1), (.down, 2), (.character("j"), 2), (.character("k"), 1), (.character("g"), 0), (.end, 2), (.up, 1)] {
            _ = SessionsReducer.reduce(into: &state, .key(key), context)
            #expect(state.cursor == cursor, "after \(key)")
        }
        let here = Position(selected: 3, top: 1, following: false)
        #expect(SessionsReducer.reduce(into: &state, .key(.enter), Self.context(at: here)) == .tell(.show(1, at: .init(top: 0, following: false))))
        #expect(!state.isOpen && state.current == 1 && state.title == "b.sstrace (2/3)")
        #expect(state.positions[0] == here, "where the user was in the session left")

        _ = SessionsReducer.reduce(into: &state, .key(.character("S")), context)
        #expect(state.cursor == 1)
        #expect(SessionsReducer.reduce(into: &state, .key(.enter), context) == .none, "enter on the session shown only closes the list")
        #expect(!state.isOpen)
        for close in [Key.escape, .character("S")] {
            _ = SessionsReducer.reduce(into: &state, .key(.character("S")), context)
            _ = SessionsReducer.reduce(into: &state, .key(close), context)
            #expect(!state.isOpen && state.current == 1, "\(close) closes it")
        }
        _ = SessionsReducer.reduce(into: &state, .key(.character("S")), context)
        #expect(SessionsReducer.reduce(into: &state, .key(.character("q")), context) == .tell(.quit))
    }

    @Test("< and > save where the user is, bookmarks too, in the session left, and show the other one where the user left it")
    func switching() {
        var state = Self.started(Self.context(followsAtStart: true))
        let inA = Position(selected: 4, top: 2, following: false, marks: MarksState(bookmarks: [3, 4]))
        #expect(SessionsReducer.reduce(into: &state, .key(.character(">")), Self.context(at: inA, followsAtStart: true))
            == .tell(.show(1, at: .init(top: 0, following: true))), "never shown: it opens following, as the viewer did")
        #expect(state.positions[0] == inA)

        let inB = Position(selected: 7, top: 5, following: false, marks: MarksState(bookmarks: [7]))
        #expect(SessionsReducer.reduce(into: &state, .key(.character("<")), Self.context(at: inB)) == .tell(.show(0, at: inA)), "a's selection and bookmarks back")
        #expect(state.positions[1] == inB && state.title == "a.sstrace (1/3)")
        #expect(SessionsReducer.reduce(into: &state, .key(.character(">")), Self.context(at: inA)) == .tell(.show(1, at: inB)), "b's back")

        #expect(SessionsReducer.reduce(into: &state, .key(.character("<")), Self.context(at: inB)) == .tell(.show(0, at: inA)))
        #expect(SessionsReducer.reduce(into: &state, .key(.character("<")), Self.context(at: inA)) == .tell(.message("at the first session (S lists them)")))
        var one = Self.started(Self.context(1))
        #expect(SessionsReducer.reduce(into: &one, .key(.character(">")), Self.context(1)) == .tell(.message("only one session")))
    }

    @Test("A poll asks the reader for every source; an answer that says a path holds another session switches to its trace with the message, or forgets where the user was in it")
    func restart() throws {
        let following = Position(selected: 9, top: 4, following: true)
        let context = Self.context(at: following)
        var state = Self.started(context)
        state.positions[1] = Position(selected: 2, top: 0, following: false)

        let request = SessionsRequest(traces: context.sources.map(\.trace))
        #expect(SessionsReducer.reduce(into: &state, .poll, context) == Update(effects: [.read(.sessions(request))]))
        #expect(state.asked == request)
        let newA = Self.trace("a.sstrace", opening: 7), newB = Self.trace("b.sstrace", opening: 8)
        let readA = try Self.read(newA, restart: "was truncated", grew: true)
        let answer = SessionsAnswer(request: request, sessions: [readA, try Self.read(newB, restart: "was replaced by another file", grew: true), nil])
        #expect(SessionsReducer.reduce(into: &state, .answer(answer), context) == .tell(
            .trace(newA, of: 0), .trace(newB, of: 1),
            .stopSearch, .show(0, at: .init(top: 0, following: true)), .message("a.sstrace was truncated: showing the new session from its start"),
            .message("b.sstrace was replaced by another file: session 2 starts over")))
        #expect(state.current == 0 && state.asked == nil && state.positions[1] == nil)
        #expect(state.entries.map(\.actions) == [readA.actions, readA.actions, 0], "the list counts what the reader read")
        #expect(SessionsReducer.reduce(into: &state, .answer(answer), context) == .none, "answered already")

        let now = Self.context(at: following, traces: [newA, newB, Self.trace("c.sstrace")])
        _ = SessionsReducer.reduce(into: &state, .poll, now)
        let grown = SessionsRequest(traces: now.sources.map(\.trace))
        let moved = Self.context(at: following, traces: [newA, Self.trace("b.sstrace", opening: 11), Self.trace("c.sstrace")])
        let reads = [try Self.read(newA, grew: true), try Self.read(newB, restart: "was truncated", grew: true), nil]
        #expect(SessionsReducer.reduce(into: &state, .answer(SessionsAnswer(request: grown, sessions: reads)), moved) == .tell(.trace(newA, of: 0), .recordsArrived),
            "records arrived in the session shown; what was read of a trace since replaced is dropped")
    }

    @Test("A live session that is over, not shown, whose final figures the list has, is no longer asked about; shown again or reconnected, it is")
    func finishedSessionsAreLeftOut() throws {
        let context = Self.context(ended: [1])
        let traces = context.sources.map(\.trace)
        var state = Self.started(context)
        _ = SessionsReducer.reduce(into: &state, .poll, context)
        #expect(state.asked == SessionsRequest(traces: traces), "the list has no figures of b's end yet")
        let reads = try traces.enumerated().map { try Self.read($1, grew: true, isComplete: $0 == 1) }
        _ = SessionsReducer.reduce(into: &state, .answer(SessionsAnswer(request: SessionsRequest(traces: traces), sessions: reads)), context)
        #expect(state.entries.map(\.ended) == [false, true, false])

        _ = SessionsReducer.reduce(into: &state, .poll, context)
        #expect(state.asked == SessionsRequest(traces: [traces[0], nil, traces[2]]), "b is over and its figures are in")
        _ = SessionsReducer.reduce(into: &state, .key(.character(">")), context)
        _ = SessionsReducer.reduce(into: &state, .poll, context)
        #expect(state.asked == SessionsRequest(traces: traces), "b is shown")
        _ = SessionsReducer.reduce(into: &state, .key(.character("<")), context)
        _ = SessionsReducer.reduce(into: &state, .resumed(index: 1), context)
        _ = SessionsReducer.reduce(into: &state, .poll, context)
        #expect(state.asked == SessionsRequest(traces: traces), "b's app reconnected: what the reader said of its end no longer holds")
    }
}

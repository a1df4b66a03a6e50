import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// The timeline search's reducer on its own: `/` `n` `N`, a filter or a path's change to find,
/// the reader's parts and any key in, with the trace and the selection passed in, and out its
/// state, the reads it asks for and what it asks of the viewer; no trace, no reader, no terminal.
@Suite("Search reducer")
struct SearchReducerTests {
    typealias Update = FeatureUpdate<SearchAction.Delegate>

    static let trace = BackgroundReader.Trace.named()
    static let context = SearchAction.Context(trace: trace, selected: 10, lastSeq: 500)

    static func entry(_ seq: UInt64) -> ActionEntry {
        ActionEntry(action: ActionRecord(seq: seq, store: "app", monotonicNanos: 0, wallNanos: 0, reducerNanos: 0, action: .enumeration(type: "A", caseName: "go", payload: [])), sinceStart: 0)
    }

    /// The read a search numbered `number` asks of the reader.
    static func read(_ goal: LongSearch.Goal, forward: Bool = true, from seq: UInt64 = 10, resume: UInt64? = nil, number: Int = 1) -> ViewerEffect {
        .read(.search(SearchRequest(trace: trace, search: LongSearch(goal: goal, forward: forward, origin: seq, resume: resume ?? seq, number: number), lastSeq: 500)))
    }

    @Test("/ keeps the search for n and N and asks the reader for its next match; found, it is selected")
    func searchAndRepeat() throws {
        var state = TimelineSearch()
        #expect(SearchReducer.reduce(into: &state, .next(forward: true), Self.context) == .tell(.message("no search yet: press / to search")))
        let filter = try Filter(parsing: "action:go")
        #expect(SearchReducer.reduce(into: &state, .search(filter), Self.context) == Update(effects: [Self.read(.match(filter))]))
        #expect(state.last == filter && state.running?.number == 1)

        let running = try #require(state.running)
        var part = running
        part.percent = 40
        #expect(SearchReducer.reduce(into: &state, .answer(SearchAnswer(trace: Self.trace, search: part, outcome: .searching)), Self.context) == .none)
        #expect(state.running?.percent == 40 && state.running?.partsRead == 1, "a part read: how far it got")
        #expect(SearchReducer.reduce(into: &state, .answer(SearchAnswer(trace: Self.trace, search: running, outcome: .found(Self.entry(42)))), Self.context) == .tell(.select(42)))
        #expect(state.running == nil)

        #expect(SearchReducer.reduce(into: &state, .next(forward: false), Self.context) == Update(effects: [Self.read(.match(filter), forward: false, number: 2)]))
        let backward = try #require(state.running)
        #expect(SearchReducer.reduce(into: &state, .answer(SearchAnswer(trace: Self.trace, search: backward, outcome: .notFound)), Self.context)
            == .tell(.message("no earlier match for action:go")))
        _ = SearchReducer.reduce(into: &state, .search(try Filter(parsing: "")), Self.context)
        #expect(state.last == nil, "an empty search forgets the last one")
    }

    @Test("A filter's search starts at the selection and, done, asks the viewer to apply the filter on what it found, or on the selection")
    func filter() throws {
        var state = TimelineSearch()
        let filter = try Filter(parsing: "store:app")
        #expect(SearchReducer.reduce(into: &state, .start(.filter(filter), forward: true, from: 10), Self.context) == Update(effects: [Self.read(.filter(filter), resume: 9)]))
        let search = try #require(state.running)
        #expect(search.isFiltering)
        #expect(SearchReducer.reduce(into: &state, .answer(SearchAnswer(trace: Self.trace, search: search, outcome: .found(Self.entry(12)))), Self.context)
            == .tell(.filter(filter, select: 12)))
        _ = SearchReducer.reduce(into: &state, .start(.filter(filter), forward: true, from: 10), Self.context)
        #expect(SearchReducer.reduce(into: &state, .answer(SearchAnswer(trace: Self.trace, search: try #require(state.running), outcome: .notFound)), Self.context)
            == .tell(.message("no action matches store:app"), .filter(filter, select: 10)))
    }

    @Test("Any key cancels a running search and tells the reader to stop; a filter's puts the timeline back; esc says so")
    func cancel() throws {
        var state = TimelineSearch()
        let filter = try Filter(parsing: "store:app")
        #expect(SearchReducer.reduce(into: &state, .cancel(by: .escape), Self.context) == .none, "nothing runs")
        _ = SearchReducer.reduce(into: &state, .start(.match(filter), forward: true, from: 10), Self.context)
        let first = try #require(state.running)
        #expect(SearchReducer.reduce(into: &state, .cancel(by: .character("j")), Self.context) == Update(effects: [.read(.stopSearch)]))
        #expect(state.running == nil)
        #expect(SearchReducer.reduce(into: &state, .answer(SearchAnswer(trace: Self.trace, search: first, outcome: .found(Self.entry(3)))), Self.context) == .none,
            "an answer for a search since cancelled is dropped")

        _ = SearchReducer.reduce(into: &state, .start(.filter(filter), forward: true, from: 10), Self.context)
        #expect(SearchReducer.reduce(into: &state, .cancel(by: .escape), Self.context) == Update(effects: [.read(.stopSearch)], delegates: [.reload, .message("search cancelled")]))

        _ = SearchReducer.reduce(into: &state, .start(.match(filter), forward: true, from: 10), Self.context)
        var other = Self.context
        other.trace.opening = 2
        #expect(SearchReducer.reduce(into: &state, .answer(SearchAnswer(trace: Self.trace, search: try #require(state.running), outcome: .notFound)), other)
            == Update(effects: [.read(.stopSearch)]), "the session was replaced: the search stops")
        #expect(state.running == nil)
        #expect(SearchReducer.reduce(into: &state, .stop, Self.context) == .none)
    }

    @Test("} { and ) ( hand what their search found back to the viewer")
    func changesAndMarks() throws {
        var state = TimelineSearch()
        let change = PathChange(path: [.field("count")], store: "app", name: ".count", node: nil, keepsCursor: false)
        _ = SearchReducer.reduce(into: &state, .start(.change(change), forward: false, from: 10), Self.context)
        #expect(SearchReducer.reduce(into: &state, .answer(SearchAnswer(trace: Self.trace, search: try #require(state.running), outcome: .found(Self.entry(4)))), Self.context)
            == .tell(.changeFound(change, forward: false, Self.entry(4))))
        _ = SearchReducer.reduce(into: &state, .start(.appMark, forward: true, from: 10), Self.context)
        #expect(SearchReducer.reduce(into: &state, .answer(SearchAnswer(trace: Self.trace, search: try #require(state.running), outcome: .unreadable)), Self.context)
            == .tell(.markFound(forward: true, nil), .message("the search could not read the trace: try again")))
    }

    @Test("While a search runs the prompt line says how far it got; a filter's replaces the timeline's rows")
    func render() throws {
        var state = TimelineSearch()
        var grid = ScreenGrid(width: 40, height: 4)
        #expect(!ViewerRender.drawSearchProgress(state, row: 3, into: &grid) && !ViewerRender.drawFilterProgress(state, into: &grid))
        _ = SearchReducer.reduce(into: &state, .start(.filter(try Filter(parsing: "store:app")), forward: true, from: 10), Self.context)
        state.running?.percent = 71
        #expect(ViewerRender.drawSearchProgress(state, row: 3, into: &grid) && ViewerRender.drawFilterProgress(state, into: &grid))
        #expect(grid.text == "\n  searching… 71%\n\nsearching… 71% (esc cancels)")
    }
}

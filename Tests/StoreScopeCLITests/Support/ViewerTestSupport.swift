import Foundation
import Testing
import TraceAnalysis

@testable import StoreScopeCLI

/// A viewer on a fixture trace driven by keys, without a terminal: the reducer and the render
/// function are what the real loop runs.
struct ViewerHarness {
    let reducer: ViewerReducer
    var state: ViewerState

    /// - Parameter idle: whether the first idle moment comes at once, as in ``ViewerApp`` (it
    ///   starts reading the effects, for the timeline's fx marks); `false` for tests of
    ///   reading in parts.
    /// - Parameter budget: the session's (a test of what is read again gives it no cache).
    init(path: String, columns: Int = 80, rows: Int = 24, idle: Bool = true, budget: TraceSession.Budget = .standard) throws {
        reducer = ViewerReducer(source: try FileTraceSource(path: path, budget: budget))
        state = reducer.initialState(columns: columns, rows: rows)
        if idle { reducer.reduce(&state, .tick) }
    }

    init(fixture: String, columns: Int = 80, rows: Int = 24) throws {
        try self.init(path: try AnalysisCommandTests.fixture(fixture), columns: columns, rows: rows)
    }

    /// Sends each key in turn; a string sends its characters.
    mutating func press(_ keys: Key...) {
        for key in keys { reducer.reduce(&state, .key(key)) }
    }

    mutating func type(_ text: String) {
        for character in text { reducer.reduce(&state, .key(.character(character))) }
    }

    mutating func send(_ action: ViewerAction) {
        reducer.reduce(&state, action)
    }

    /// Waits for the detail the ``BackgroundReader`` reads (and the timeline's large chunks
    /// before it), as the loop does: its reads, once
    /// finished, reduced as actions; each wait short. Sends no tick. Records an issue after
    /// `limit`.
    mutating func waitForDetail(limit: Duration = .seconds(120)) {
        waitForBackgroundReader(until: { !$0.isReadingRows && $0.detail?.isLoading != true }, limit: limit)
    }

    /// Waits for the timeline's large chunks the ``BackgroundReader`` reads (reduced as the
    /// loop reduces them), not for a detail.
    mutating func waitForRows(limit: Duration = .seconds(120)) {
        waitForBackgroundReader(until: { !$0.isReadingRows }, limit: limit)
    }

    /// Runs the timeline's search to its end as the loop does: ticks, and the large chunks the
    /// reader reads for it.
    mutating func finishSearch(limit: Duration = .seconds(120)) {
        waitForBackgroundReader(until: { $0.longSearch == nil }, tick: true, limit: limit)
    }

    /// Reads the effects to the end as the loop does: idle ticks, and the background reader's
    /// reads (of large chunks) reduced as they finish.
    mutating func readEffectsToEnd(limit: Duration = .seconds(120)) {
        waitForBackgroundReader(until: { state in
            guard state.effects.spans?.isComplete == true else { return false }
            return state.effects.spans?.isReadOffThread == false
        }, tick: true, limit: limit)
    }

    /// Reduces the background reader's reads (and, with `tick`, an idle tick whenever nothing
    /// waits for the reader) until `done`, sleeping a millisecond between looks.
    private mutating func waitForBackgroundReader(until done: (ViewerState) -> Bool, tick: Bool = false, limit: Duration) {
        let deadline = ContinuousClock.now + limit
        while !done(state) {
            for action in reducer.takeBackgroundReads() { reducer.reduce(&state, action) }
            if done(state) { break }
            if tick, !state.waitsForBackgroundReader {
                reducer.reduce(&state, .tick)
                continue
            }
            guard ContinuousClock.now < deadline else {
                Issue.record("the background reader did not finish in \(limit)")
                break
            }
            Thread.sleep(forTimeInterval: 0.001)
        }
    }

    /// The screen as text: trailing spaces and trailing empty lines trimmed.
    var screen: String {
        var text = ViewerRender.render(state).text
        while text.last == "\n" { text.removeLast() }
        return text
    }
}

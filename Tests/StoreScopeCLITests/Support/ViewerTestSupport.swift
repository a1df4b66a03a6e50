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

    /// Waits for the detail the ``DetailReader`` reads, as the loop does: its reads, once
    /// finished, reduced as actions; each wait short. Records an issue after `limit`.
    ///
    /// - Returns: how many waits it took (0: the detail was not being read).
    @discardableResult
    mutating func waitForDetail(limit: Duration = .seconds(120)) -> Int {
        let deadline = ContinuousClock.now + limit
        var waits = 0
        while state.detail?.isLoading == true {
            for action in reducer.takeReadDetails() { reducer.reduce(&state, action) }
            guard state.detail?.isLoading == true else { break }
            guard ContinuousClock.now < deadline else {
                Issue.record("the detail of #\(state.detail?.entry.seq ?? 0) was not read in \(limit)")
                break
            }
            waits += 1
            Thread.sleep(forTimeInterval: 0.001)
        }
        return waits
    }

    /// The screen as text: trailing spaces and trailing empty lines trimmed.
    var screen: String {
        var text = ViewerRender.render(state).text
        while text.last == "\n" { text.removeLast() }
        return text
    }
}

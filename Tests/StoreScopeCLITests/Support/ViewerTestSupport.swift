import Foundation
import Testing
import TraceAnalysis

@testable import StoreScopeCLI

/// A viewer on a fixture trace driven by actions, without a terminal, as TCA's `TestStore`
/// drives a feature: the reducer, the render function and the effect runner are what the real
/// loop runs; each action's effects are kept (``effects``, ``performed``) for the test to
/// assert, copies and control requests go nowhere, and reads go to the real
/// ``BackgroundReader`` or to a ``ScriptedReader`` that answers only what the test says.
struct ViewerHarness {
    let reducer: ViewerReducer
    var state: ViewerState
    let runner: ViewerEffectRunner
    /// Every effect the reducer asked for so far, in order.
    private(set) var performed: [ViewerEffect] = []
    /// The effects of the last action sent.
    private(set) var effects: [ViewerEffect] = []
    /// Whether each action waits for the reader's answers (the screen, the detail, a search's
    /// end, the effects), as the loop waits for them within a frame, but however long they
    /// take; `false` for a test of what the screen shows while they are read. (A
    /// ``SteppedReader``'s parts wait for the test.)
    let waitsForReads: Bool
    /// The runner's reader, when it is the real one.
    var reader: BackgroundReader { runner.reader as! BackgroundReader }

    /// - Parameter idle: whether the first idle moment comes at once, as in ``ViewerApp`` (it
    ///   starts reading the effects, for the timeline's fx marks); `false` for tests of
    ///   reading in parts.
    /// - Parameter reader: reads off the loop's thread (a ``ScriptedReader`` for a test that
    ///   says when, and what, the reads answer).
    /// - Parameter waitsForReads: ``waitsForReads``.
    init(
        path: String, columns: Int = 80, rows: Int = 24, idle: Bool = true, reader: any ViewerReading = BackgroundReader(),
        waitsForReads: Bool = true
    ) throws {
        reducer = ViewerReducer(source: try FileTraceSource(path: path))
        runner = ViewerEffectRunner(reader: reader)
        self.waitsForReads = waitsForReads
        let (state, effects) = reducer.start(columns: columns, rows: rows)
        self.state = state
        turn([], after: effects)
        if idle { send(.tick) }
    }

    init(fixture: String, columns: Int = 80, rows: Int = 24, reader: any ViewerReading = BackgroundReader()) throws {
        try self.init(path: try AnalysisCommandTests.fixture(fixture), columns: columns, rows: rows, reader: reader)
    }

    /// Sends each key in turn; a string sends its characters.
    mutating func press(_ keys: Key...) {
        for key in keys { send(.key(key)) }
    }

    mutating func type(_ text: String) {
        for character in text { send(.key(.character(character))) }
    }

    mutating func send(_ action: ViewerAction) {
        turn([action])
    }

    /// One turn of the loop (``ViewerEffectRunner/turn(_:after:state:reducer:clock:until:while:drawsUnchanged:draw:)``),
    /// its effects kept in ``effects`` and ``performed``; with ``waitsForReads``, it waits for
    /// the reader's answers the screen waits for (the screen, the detail, a search, the
    /// effects), and what they ask in turn (kept there too), however long they take.
    mutating func turn(_ actions: [ViewerAction], after asked: [ViewerEffect] = []) {
        effects = runner.turn(
            actions, after: asked, state: &state, reducer: reducer, until: nil, while: waitsForReads ? \.waitsForBackgroundReader : { _ in false })
        performed += effects
    }

    /// Reduces the reads the reader finished, as the loop does between keys.
    mutating func takeAnswers() {
        for action in runner.takeAnswers() { send(action) }
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

    /// Runs the timeline's search to its end as the loop does: the reader's answers, a part at
    /// a time.
    mutating func finishSearch(limit: Duration = .seconds(120)) {
        waitForBackgroundReader(until: { $0.search.running == nil && !$0.isReadingRows }, tick: true, limit: limit)
    }

    /// Reads the effects to the end as the loop does: idle ticks, and the background reader's
    /// reads (of large chunks) reduced as they finish.
    mutating func readEffectsToEnd(limit: Duration = .seconds(120)) {
        waitForBackgroundReader(until: { state in
            guard state.effects.spans?.isComplete == true else { return false }
            return state.effects.spans?.isReadOffThread == false && state.effects.parentsAsked == nil && !state.isReadingRows
        }, tick: true, limit: limit)
    }

    /// Reduces the background reader's reads (and, with `tick`, an idle tick whenever nothing
    /// waits for the reader) until `done`, sleeping a millisecond between looks.
    private mutating func waitForBackgroundReader(until done: (ViewerState) -> Bool, tick: Bool = false, limit: Duration) {
        let deadline = ContinuousClock.now + limit
        while !done(state) {
            takeAnswers()
            if done(state) { break }
            if tick, !state.waitsForBackgroundReader {
                send(.tick)
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

extension ViewerReducer {
    /// The state for freshly opened sources once the reader answered what the first screen
    /// asks (``start(columns:rows:filter:)``), as the loop's first frame shows it, however long
    /// the reads take: for tests of the reducer driven without a ``ViewerHarness``.
    func startReading(columns: Int = 80, rows: Int = 24, filter: Filter = .all) -> ViewerState {
        let started = start(columns: columns, rows: rows, filter: filter)
        var state = started.state
        runner.turn([], after: started.effects, state: &state, reducer: self, until: nil)
        return state
    }

    /// Reduces `action` and performs what it asks, waiting for the reader's answers the screen
    /// waits for, as the loop does within a frame but however long they take.
    ///
    /// - Returns: the effects `action` and the answers asked for.
    @discardableResult
    func reduceReading(_ state: inout ViewerState, _ action: ViewerAction) -> [ViewerEffect] {
        runner.turn([action], state: &state, reducer: self, until: nil)
    }

    /// The runner of this reducer's reads in ``startReading(columns:rows:filter:)`` and
    /// ``reduceReading(_:_:)``: one per reducer, as the loop has one, so its reader keeps its
    /// sessions from call to call (and notices a file another session took).
    var runner: ViewerEffectRunner { ReducerRunners.shared.runner(for: sources) }
}

/// The runners of the reducers driven without a harness, each kept while its reducer's sources
/// live.
private final class ReducerRunners: @unchecked Sendable {
    // @unchecked: `entries` is touched only with `lock` held.
    static let shared = ReducerRunners()
    private let lock = NSLock()
    private var entries: [(sources: WeakSources, runner: ViewerEffectRunner)] = []

    private struct WeakSources {
        weak var value: ViewerSources?
    }

    func runner(for sources: ViewerSources) -> ViewerEffectRunner {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll { $0.sources.value == nil }
        if let known = entries.first(where: { $0.sources.value === sources }) { return known.runner }
        let runner = ViewerEffectRunner()
        entries.append((WeakSources(value: sources), runner))
        return runner
    }
}

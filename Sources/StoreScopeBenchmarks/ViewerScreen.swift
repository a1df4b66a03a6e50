import StoreScopeCLI
import TraceAnalysis

/// The interactive viewer as its loop runs it, minus the terminal: each action goes through
/// the real reducer, the real render and the real grid diff (the bytes the terminal would
/// get) and the real effect runner (reads off the thread start as the loop starts them), so a
/// timed key costs what the user waits for.
final class ViewerScreen {
    let source: any TraceSource
    let reducer: ViewerReducer
    let runner = ViewerEffectRunner()
    private(set) var state: ViewerState
    private var grid: ScreenGrid?
    /// Bytes written to the terminal by the last draw.
    private(set) var bytes = 0

    /// Opens the viewer on `source` and draws the first screen.
    init(source: any TraceSource, columns: Int, rows: Int) {
        self.source = source
        reducer = ViewerReducer(source: source)
        let (state, effects) = reducer.start(columns: columns, rows: rows)
        self.state = state
        runner.turn([], after: effects, state: &self.state, reducer: reducer, until: .now + ViewerApp.frameWait, drawsUnchanged: true, draw: { draw($0) })
    }

    var selected: UInt64? { state.selected }
    var message: String? { state.message }
    /// Whether a search is still reading the trace a part per tick.
    var isSearching: Bool { state.isSearching }
    /// Whether the detail of a large state is still to be read on the next tick.
    var isLoadingDetail: Bool { state.isLoadingDetail }
    /// Whether the timeline waits for large chunks the background reader reads.
    var isReadingRows: Bool { state.isReadingRows }
    /// Whether `space` is playing the trace.
    var isPlaying: Bool { state.isPlaying }

    /// Reduces `action` and, when the state changed, draws, as the viewer's loop does (its
    /// comparison of the states before and after is part of what a key costs, and so is the
    /// wait for the reader's answers within the frame).
    func send(_ action: ViewerAction) { send([action]) }

    /// Reduces `actions` in order, then runs their effects and draws once, as one turn of the
    /// viewer's loop does with what arrived together (a key, the reader's answers, a tick):
    /// ``ViewerEffectRunner/turn(_:after:state:reducer:clock:until:while:drawsUnchanged:draw:)``.
    func send(_ actions: [ViewerAction]) {
        runner.turn(actions, state: &state, reducer: reducer, until: .now + ViewerApp.frameWait, draw: { draw($0) })
    }

    func press(_ key: Key) { send(.key(key)) }

    /// Types `text` into an open prompt, one key at a time.
    func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Opens the prompt of `key`, replaces its text with `text`, and leaves it for an Enter.
    func prompt(_ key: Character, _ text: String) {
        press(.character(key))
        for _ in 0..<200 { press(.backspace) }
        type(text)
    }

    /// `:` `seq` Enter.
    func jump(to seq: UInt64) {
        prompt(":", "\(seq)")
        press(.enter)
    }

    private func draw(_ state: ViewerState) {
        let new = ViewerRender.render(state)
        bytes = GridDiff.terminal(colors: true).output(from: grid, to: new).utf8.count
        grid = new
    }
}

import TraceAnalysis

/// The viewer's loop: terminal events become ``ViewerAction``s, the reducer updates the
/// state, the render function draws it, and the terminal gets only the changed cells. The
/// source is polled on ticks, so a growing trace shows its new actions. While playing, the
/// loop wakes when the next step is due and passes its clock to the reducer. The terminal is
/// restored however the loop ends: `q`, Ctrl-C, SIGTERM/SIGHUP/SIGINT, the terminal closing,
/// or an error thrown through it.
struct ViewerApp {
    let source: any TraceSource
    let filter: Filter

    /// How often the source is polled for new records, in milliseconds.
    static let pollInterval: Int32 = 250

    /// Runs until the user quits; returns the exit status (128 + 15 after SIGTERM and the
    /// other termination signals, as a shell reports a signal).
    func run(on screen: TerminalScreen) -> Int32 {
        defer { screen.restore() }
        let reducer = ViewerReducer(source: source)
        let size = screen.size
        var state = reducer.initialState(columns: size.columns, rows: size.rows, filter: filter)
        screen.draw(ViewerRender.render(state))
        let clock = PlayClock()
        while !state.quit {
            let action: ViewerAction
            switch screen.nextEvent(timeoutMilliseconds: Playback.timeout(for: state, now: clock.nanos, poll: Self.pollInterval)) {
            case let .key(key): action = .key(key)
            case let .resize(columns, rows): action = .resize(columns: columns, rows: rows)
            case .terminate: return 128 + 15
            case .inputClosed: return ExitStatus.success
            case .tick: action = source.poll() ? .recordsArrived : .tick
            }
            let before = state
            reducer.reduce(&state, action)
            if state.playback != nil { reducer.reduce(&state, .clock(nanos: clock.nanos)) }
            if state != before { screen.draw(ViewerRender.render(state)) }
        }
        return ExitStatus.success
    }
}

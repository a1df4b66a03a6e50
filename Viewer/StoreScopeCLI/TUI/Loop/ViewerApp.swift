import TraceAnalysis

/// The viewer's loop: terminal events become ``ViewerAction``s, the reducer updates the
/// state, the render function draws it, the terminal gets only the changed cells, and the
/// ``ViewerEffectRunner`` performs what the reducer asked (reads, copies, control requests),
/// whose answers come back as actions. The
/// sources are polled every poll interval (on idle ticks, and while keys, playback steps or
/// parts of a long read keep coming), so a growing trace shows its new actions and live
/// sessions arrive. While playing, the loop wakes when the next step is due and passes its
/// clock to the reducer. The terminal is restored however the loop ends: `q`, Ctrl-C,
/// SIGTERM/SIGHUP/SIGINT, the terminal closing, or an error thrown through it.
package struct ViewerApp {
    let sources: ViewerSources
    let filter: Filter
    /// Where the viewer's control keys send their requests: the listener of its live sessions.
    var control: ControlLink?

    /// The viewer on one source.
    init(source: any TraceSource, filter: Filter) {
        self.init(sources: ViewerSources(source), filter: filter)
    }

    /// The viewer on sources that may arrive while it runs.
    init(sources: ViewerSources, filter: Filter) {
        self.sources = sources
        self.filter = filter
    }

    /// Runs until the user quits; returns the exit status (128 + 15 after SIGTERM and the
    /// other termination signals, as a shell reports a signal).
    func run(on screen: TerminalScreen) -> Int32 {
        // Before the reader's threads start (``OneMallocArena``: the viewer's memory goal).
        OneMallocArena.enable()
        defer { screen.restore() }
        let reducer = ViewerReducer(sources: sources)
        let runner = ViewerEffectRunner(copy: { screen.copy($0) }, control: control)
        let size = screen.size
        let start = reducer.start(columns: size.columns, rows: size.rows, filter: filter)
        var state = start.state
        // The first idle moment at once: the reader reads the effects from the start (a part
        // per answer), so the timeline's fx marks are on the right actions from the first screen of
        // a short trace on.
        runner.turn([.tick], after: start.effects, state: &state, reducer: reducer, until: .now + Self.frameWait, drawsUnchanged: true, draw: { state in
            screen.draw(ViewerRender.render(state))
        })
        let interval = Duration.milliseconds(sources.pollMilliseconds)
        var lastPoll = ContinuousClock.now
        let clock = PlayClock()
        while !state.quit {
            var actions: [ViewerAction]
            // While a tree search runs in parts, the loop does not wait: each idle tick looks at
            // another part, and keys still come in between. While the background reader reads
            // (a screen, a detail, a search or the effects, a part at a time), the loop looks
            // for its answers every few ms.
            let idle = Playback.timeout(for: state.playback, now: clock.nanos, poll: sources.pollMilliseconds)
            let timeout = state.isReading ? 0 : state.waitsForBackgroundReader ? min(idle, Self.detailWait) : idle
            let event = screen.nextEvent(timeoutMilliseconds: timeout)
            let arrived = ContinuousClock.now
            switch event {
            case .key(.ctrl("z")):
                // Suspended until the shell's fg; then the whole screen again, at its size now.
                screen.suspend()
                let size = screen.size
                actions = [.resize(columns: size.columns, rows: size.rows)]
                screen.draw(ViewerRender.render(state))
            case let .key(key): actions = [.key(key)]
            case let .resize(columns, rows): actions = [.resize(columns: columns, rows: rows)]
            case .terminate: return 128 + 15
            case .inputClosed: return ExitStatus.success
            case .tick: actions = [.tick]
            }
            // A full idle wait polls; the short waits of playing and of reading in parts poll
            // only once the poll interval has passed, not on every part or step.
            let waitedFully = actions == [.tick] && timeout == sources.pollMilliseconds
            if waitedFully || ContinuousClock.now - lastPoll >= interval {
                lastPoll = .now
                actions += sources.poll()
            }
            actions += runner.takeAnswers()
            runner.turn(actions, state: &state, reducer: reducer, clock: clock.nanos, until: arrived + Self.frameWait, draw: { state in
                screen.draw(ViewerRender.render(state))
            })
        }
        return ExitStatus.success
    }

    /// How long the loop waits for a key while the background reader reads, in milliseconds.
    package static let detailWait: Int32 = 5

    /// How long after an event the loop waits for the reader's answers the screen waits for
    /// (the selected action's detail, the timeline's large chunks) before drawing: a small
    /// state's detail (a few ms) is drawn in the key's own frame, a large one's later, the key
    /// answered meanwhile within the viewer's 50 ms.
    package static let frameWait = Duration.milliseconds(15)
}

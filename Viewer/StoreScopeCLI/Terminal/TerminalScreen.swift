import TraceAnalysis
/// The terminal while a full-screen program runs: raw mode, the alternate screen, a hidden
/// cursor, and signals turned into events. ``restore()`` puts everything back; it runs on
/// every way out (it is idempotent and also runs when the screen is released, so a thrown
/// error restores the terminal too; a crash, through a fatal signal's handler that restores
/// the terminal and re-raises). Ctrl-C arrives as a key in raw mode; SIGTERM, SIGHUP and
/// SIGINT arrive as ``Event/signal(_:)`` so the program can leave through the same path.
final class TerminalScreen {
    /// What the input loop reports.
    enum Event: Equatable {
        case key(Key)
        case resize(columns: Int, rows: Int)
        /// A termination signal (SIGTERM, SIGHUP, SIGINT): time to restore and leave.
        case terminate
        /// Nothing happened within the timeout.
        case tick
        /// The terminal's input ended.
        case inputClosed
    }

    private let input = TerminalPlatform.standardInput
    private let output = TerminalPlatform.standardOutput
    private var saved: TerminalPlatform.SavedMode?
    private var signals: SignalPipe?
    private var decoder = KeyDecoder()
    private var queued: [Event] = []
    private var drawn: ScreenGrid?
    private let diff: GridDiff

    /// Whether a full-screen program can run here: standard input and output are terminals
    /// and `TERM` is not `dumb`.
    static var isAvailable: Bool {
        TerminalPlatform.isTerminal(TerminalPlatform.standardInput) && TerminalPlatform.isTerminal(TerminalPlatform.standardOutput)
            && TerminalPlatform.environment("TERM") != "dumb"
    }

    /// Whether colors are allowed: `NO_COLOR` unset or empty (https://no-color.org).
    static var colorsAllowed: Bool { (TerminalPlatform.environment("NO_COLOR") ?? "").isEmpty }

    /// Takes over the terminal, or returns `nil` when standard input is not one.
    init?(colors: Bool = TerminalScreen.colorsAllowed) {
        diff = GridDiff(colors: colors)
        signals = TerminalPlatform.catchSignals([TerminalPlatform.windowChanged, TerminalPlatform.terminate, TerminalPlatform.hangUp, TerminalPlatform.interrupt])
        guard let saved = TerminalPlatform.enterRawMode(input) else {
            signals = nil
            return nil
        }
        self.saved = saved
        // A crash from here on still gives the terminal back (TerminalPlatform, "Fatal signals").
        TerminalPlatform.restoreOnFatalSignals(saved, input: input, output: output)
        // Alternate screen, hidden cursor, cleared.
        TerminalPlatform.writeAll(output, "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    deinit { restore() }

    /// Leaves the alternate screen, shows the cursor, restores the terminal mode and the
    /// default signal actions. Safe to call more than once.
    func restore() {
        guard let saved else { return }
        TerminalPlatform.writeAll(output, "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        TerminalPlatform.restore(saved, input)
        TerminalPlatform.stopRestoringOnFatalSignals()
        self.saved = nil
        signals = nil
    }

    /// Ctrl-Z: gives the terminal back (main screen, cursor, the saved mode), stops the process
    /// as the shell expects (SIGTSTP's default action), and once the shell resumes it (`fg`,
    /// SIGCONT) takes the terminal again; the next ``draw(_:)`` redraws every cell.
    func suspend() {
        guard let saved else { return }
        TerminalPlatform.writeAll(output, "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        TerminalPlatform.restore(saved, input)
        TerminalPlatform.stopProcess()
        // Resumed.
        if let again = TerminalPlatform.enterRawMode(input) { self.saved = again }
        TerminalPlatform.writeAll(output, "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        drawn = nil
    }

    /// The window size (80x24 when the terminal does not say).
    var size: (columns: Int, rows: Int) {
        TerminalPlatform.windowSize(output) ?? (80, 24)
    }

    /// Draws `grid`, writing only the cells that differ from the last frame.
    func draw(_ grid: ScreenGrid) {
        TerminalPlatform.writeAll(output, diff.output(from: drawn, to: grid))
        drawn = grid
    }

    /// Puts `text` on the terminal's clipboard (``ClipboardSequence``, OSC 52); a terminal
    /// without it ignores the sequence.
    func copy(_ text: String) {
        TerminalPlatform.writeAll(output, ClipboardSequence.setting(text))
    }

    /// The next event, waiting up to `timeoutMilliseconds` (then ``Event/tick``).
    func nextEvent(timeoutMilliseconds: Int32) -> Event {
        while queued.isEmpty {
            guard let signals else { return .inputClosed }
            let ready = TerminalPlatform.wait(input: input, signals: signals.readEnd, timeoutMilliseconds: decoder.hasPending ? 30 : timeoutMilliseconds)
            for number in ready.signals {
                if number == TerminalPlatform.windowChanged {
                    let size = self.size
                    queued.append(.resize(columns: size.columns, rows: size.rows))
                } else {
                    queued.append(.terminate)
                }
            }
            if ready.inputClosed { queued.append(.inputClosed) }
            if !ready.input.isEmpty {
                queued += decoder.decode(ready.input).map(Event.key)
            } else if ready.signals.isEmpty, !ready.inputClosed {
                if decoder.hasPending {
                    queued += decoder.flush().map(Event.key)
                } else {
                    return .tick
                }
            }
        }
        return queued.removeFirst()
    }
}

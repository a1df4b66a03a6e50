import TraceAnalysis

/// Performs every ``ViewerEffect`` the reducer asks for, and hands back what the reads brought
/// as actions: the only place where the viewer's decisions leave its state. The loop runs the
/// effects of a frame around its drawing (``run(_:around:)``); tests run it with a fake reader
/// (``ViewerReading``).
package final class ViewerEffectRunner {
    /// Reads off the loop's thread.
    package let reader: any ViewerReading
    /// Writes to the terminal's clipboard.
    private let copy: (String) -> Void
    /// Sends control requests to the live app (`nil`: the viewer has no live sessions).
    private let control: (any ViewerControl)?

    /// A runner over `reader`, copying with `copy` and sending control requests to `control`.
    init(reader: any ViewerReading = BackgroundReader(), copy: @escaping (String) -> Void = { _ in }, control: (any ViewerControl)? = nil) {
        self.reader = reader
        self.copy = copy
        self.control = control
    }

    /// A runner that reads with a ``BackgroundReader`` and copies and sends nowhere (the
    /// benchmark's screen).
    package convenience init() {
        self.init(reader: BackgroundReader())
    }

    /// Performs `effects` in order.
    package func run(_ effects: [ViewerEffect]) {
        run(effects, around: {})
    }

    /// Performs `effects` around `draw`, each kind in order: the reads start before it (the
    /// reader works while the frame is drawn), copies and requests leave after it (a copied
    /// path reaches the terminal once the line naming it shows).
    package func run(_ effects: [ViewerEffect], around draw: () -> Void) {
        for case let .read(request) in effects { reader.read(request) }
        draw()
        for effect in effects {
            switch effect {
            case let .copy(text): copy(text)
            case let .control(request): control?.send(request)
            case .read: break
            }
        }
    }

    /// Reduces the reader's answers into `state` as they finish, while the screen waits for one
    /// (`waits`: the loop's frame waits for the detail, the timeline's rows, a search's first
    /// part, the sessions' poll) and until `deadline` (`nil`: until the reader has nothing more
    /// to read), performing what they ask in turn: the loop gives the reader until its frame's
    /// deadline, so that a small trace's screen is drawn whole in one frame and a large state's
    /// says `reading the state…` until a later one.
    ///
    /// - Returns: what the answers asked for, in order (already performed).
    @discardableResult
    package func awaitReads(
        into state: inout ViewerState, reducer: ViewerReducer, until deadline: ContinuousClock.Instant?,
        while waits: (ViewerState) -> Bool = \.waitsWithinFrame
    ) -> [ViewerEffect] {
        var asked: [ViewerEffect] = []
        while waits(state), reader.awaitFinished(until: deadline) {
            for read in reader.takeFinished() {
                let effects = reducer.reduce(&state, .backgroundRead(read))
                asked += effects
                run(effects)
            }
        }
        return asked
    }

    /// What came back since the last call, as actions for the loop to reduce: the reads
    /// finished, then the live app's replies to control requests, as message lines.
    package func takeAnswers() -> [ViewerAction] {
        reader.takeFinished().map { .backgroundRead($0) } + (control?.takeReplies() ?? []).map { .notice($0) }
    }
}

/// Where control requests go and their replies come from: ``ControlLink``, or a fake in tests.
protocol ViewerControl: AnyObject {
    /// Sends `request`; its reply comes back through ``takeReplies()``.
    func send(_ request: ControlRequest)
    /// The replies since the last call, as message lines.
    func takeReplies() -> [String]
}

extension ControlLink: ViewerControl {}

/// What reads the trace for the viewer off the loop's thread: ``BackgroundReader``, or a fake
/// in tests that answers what the test says.
package protocol ViewerReading: AnyObject {
    /// Asks for `request`; it replaces a request of its kind still waiting.
    func read(_ request: BackgroundReader.Request)
    /// The reads finished since the last call, oldest first.
    func takeFinished() -> [BackgroundReader.Read]
    /// Waits until a read finished or `deadline` (`nil`: however long it takes); returns
    /// whether one did (`false` at once when nothing is being read).
    func awaitFinished(until deadline: ContinuousClock.Instant?) -> Bool
}

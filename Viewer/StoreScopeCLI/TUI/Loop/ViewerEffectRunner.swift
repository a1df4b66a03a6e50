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
    /// Sends a control request to the live app.
    private let sendControl: (ControlRequest) -> Void

    /// A runner over `reader`, copying with `copy` and sending control requests with `control`.
    package init(reader: any ViewerReading = BackgroundReader(), copy: @escaping (String) -> Void = { _ in }, control: @escaping (ControlRequest) -> Void = { _ in }) {
        self.reader = reader
        self.copy = copy
        sendControl = control
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
            case let .control(request): sendControl(request)
            case .read: break
            }
        }
    }

    /// The reads finished since the last call, as actions for the loop to reduce.
    package func takeAnswers() -> [ViewerAction] {
        reader.takeFinished().map { .backgroundRead($0) }
    }
}

/// What reads the trace for the viewer off the loop's thread: ``BackgroundReader``, or a fake
/// in tests that answers what the test says.
package protocol ViewerReading: AnyObject {
    /// Asks for `request`; it replaces a request of its kind still waiting.
    func read(_ request: BackgroundReader.Request)
    /// The reads finished since the last call, oldest first.
    func takeFinished() -> [BackgroundReader.Read]
}

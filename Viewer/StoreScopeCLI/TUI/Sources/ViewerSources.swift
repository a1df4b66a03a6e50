/// The sources a viewer can show, one at a time: a single trace file, or sessions that
/// arrive while it runs (apps connecting to a listener, a file that does not exist yet).
///
/// The loop calls ``poll()`` on every tick; it brings in new sources and new records and says
/// what happened as ``ViewerAction``s for the reducer. ``currentIndex`` is the source the
/// screen shows: only the reducer sets it, together with the state's
/// ``SessionsState/current``, so the two always agree.
final class ViewerSources {
    /// Every source so far, in the order they arrived.
    private(set) var all: [any TraceSource]
    /// The source the screen shows (`nil` until one arrives).
    var currentIndex: Int?
    /// What the screen says it waits for before the first source arrives, such as
    /// `an app to connect on /tmp/scope.sock`.
    let waitingFor: String?
    /// How to make it arrive, shown under what the screen waits for, such as the command that
    /// runs an app against the socket.
    let waitingHint: String?
    /// Whether the viewer starts following (live sessions and `tail`).
    let followsAtStart: Bool
    /// How often the loop polls, in milliseconds.
    let pollMilliseconds: Int32
    private let arrivals: (any SourceArrivals)?

    /// One trace file.
    init(_ source: any TraceSource, followsAtStart: Bool = false) {
        all = [source]
        currentIndex = 0
        waitingFor = nil
        waitingHint = nil
        self.followsAtStart = followsAtStart
        pollMilliseconds = 250
        arrivals = nil
    }

    /// Sources that arrive while the viewer runs; none yet.
    init(arrivals: any SourceArrivals, waitingFor: String, hint: String? = nil) {
        all = []
        self.waitingFor = waitingFor
        waitingHint = hint
        followsAtStart = true
        pollMilliseconds = 100
        self.arrivals = arrivals
    }

    /// The source the screen shows. Only called once one arrived (the reducer checks).
    var current: any TraceSource { all[currentIndex ?? 0] }

    /// Brings in new sources, and asks for the records every source received.
    ///
    /// - Returns: new sources first (``SessionsAction/started(index:)``) and sources whose app
    ///   reconnected (``SessionsAction/resumed(index:)``), then ``SessionsAction/poll`` (the
    ///   reader reads on in every source's trace), then sessions that ended and messages.
    func poll() -> [ViewerAction] {
        var started: [ViewerAction] = []
        var later: [ViewerAction] = []
        for arrival in arrivals?.poll() ?? [] {
            switch arrival {
            case let .started(source):
                all.append(source)
                started.append(.sessions(.started(index: all.count - 1)))
            case let .resumed(source):
                if let index = all.firstIndex(where: { $0 === source }) { started.append(.sessions(.resumed(index: index))) }
            case let .ended(source):
                if let index = all.firstIndex(where: { $0 === source }) { later.append(.sessions(.ended(index: index))) }
            case let .message(text):
                later.append(.notice(text))
            }
        }
        return started + (all.isEmpty ? [] : [.sessions(.poll)]) + later
    }

    /// Ends the arrivals (a listener stops, completing its files).
    ///
    /// - Returns: lines to print once the terminal is restored (where sessions were recorded).
    func finish() -> [String] {
        arrivals?.finish() ?? []
    }
}

/// What a ``SourceArrivals`` reports.
enum SourceArrival {
    /// A new source to show.
    case started(any TraceSource)
    /// A source that had ended receives records again: its app reconnected and continues the
    /// same session (``LiveSessionSource/resume(_:)``).
    case resumed(any TraceSource)
    /// A source will receive nothing more (it already says so in ``TraceSource/hasEnded``).
    case ended(any TraceSource)
    /// A line for the message line (a refused peer, a session that could not be recorded).
    case message(String)
}

/// Where new sources come from while the viewer runs.
protocol SourceArrivals: AnyObject {
    /// What arrived since the last call, in order.
    func poll() -> [SourceArrival]
    /// Stops; returns lines to print once the terminal is restored.
    func finish() -> [String]
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The viewer's reducer on real live sources: a listener (``ListenerArrivals``, its own thread
/// and socket) records what apps stream, and the viewer reads the growing recordings through
/// ``LiveSessionSource``. The apps are trace files sent to the socket a few chunks at a time,
/// as an app's socket sink sends them.
@Suite("Viewer on sessions from a listener", .serialized)
struct ViewerListenerSessionTests {
    @Test("With the effects view open on live sessions, > and < switch sessions and each shows only its own effects, also those that arrive meanwhile")
    func switchingWithEffectsOpen() throws {
        let listening = try Listening()
        defer { _ = listening.arrivals.finish() }
        var viewer = ListenerViewer(listening.arrivals)
        let (socket, checkoutPath) = (listening.socket, listening.checkoutPath)
        let checkout = try StreamingApp(trace: checkoutPath, socket: socket)
        let users = try StreamingApp(trace: try AnalysisCommandTests.fixture("users"), socket: socket)

        // The checkout app streams its first actions (effect 1 only), the users app all of its.
        try checkout.stream(upToSeq: 5)
        try viewer.poll { $0.sessions.current == 0 && $0.lastSeq == 5 }
        try users.stream(upToSeq: .max)
        try viewer.poll { $0.sessions.entries.count == 2 && $0.sessions.entries[1].actions == 9 }
        #expect(viewer.state.sessions.title.hasPrefix("Checkout/"))

        viewer.press(.character("e"))
        try viewer.poll { $0.effects.spans?.isComplete == true }
        #expect(viewer.effectNames == ["loadPrices"])

        // New effects of the shown session appear while the view is open.
        try checkout.stream(upToSeq: 6)
        try viewer.poll { $0.effects.spans?.lifetimes.count == 3 }
        #expect(viewer.effectNames == ["loadPrices", "charge", "poll"])
        #expect(viewer.screen.contains("charge"))

        viewer.press(.character(">"))
        #expect(viewer.state.sessions.title.hasPrefix("storescope-demo-users/"))
        #expect(viewer.state.sessions.title.hasSuffix("(2/2)"))
        #expect(viewer.state.effects == EffectsView(), "the checkout session's effects are not carried over")
        viewer.press(.character("e"))
        try viewer.poll { $0.effects.spans?.isComplete == true }
        #expect(viewer.effectNames == ["fetchUsers", "fetchUsers", "details", "details"])
        #expect(!viewer.screen.contains("loadPrices"))

        // The other session goes on and ends; the effects shown stay this session's.
        try checkout.stream(upToSeq: .max)
        checkout.hangUp()
        try viewer.poll { $0.sessions.entries[0].ended }
        #expect(viewer.effectNames == ["fetchUsers", "fetchUsers", "details", "details"])
        #expect(viewer.state.effects.spans?.source.header.sessionID == viewer.reducer.backgroundTrace.header.sessionID)

        viewer.press(.character("<"))
        #expect(viewer.state.sessions.title.hasSuffix("(1/2)"))
        #expect(!viewer.state.effects.isShown)
        viewer.press(.character("e"))
        try viewer.poll { $0.effects.spans?.isComplete == true }
        #expect(viewer.effectNames == ["loadPrices", "charge", "poll"])
        #expect(viewer.state.sessionEnded)
        #expect(!viewer.screen.contains("fetchUsers"))
        users.hangUp()
    }

    /// Issue 39, item 9: the viewer said "session ended" of an app that vanished, where
    /// `listen --quiet` says "disconnected".
    @Test("An app that hangs up mid-session reads 'app disconnected' on the status line; one that closes its session, 'session ended'")
    func disconnectedIsNotEnded() throws {
        let listening = try Listening()
        defer { _ = listening.arrivals.finish() }
        var viewer = ListenerViewer(listening.arrivals)
        let (socket, checkoutPath) = (listening.socket, listening.checkoutPath)
        let vanishing = try StreamingApp(trace: checkoutPath, socket: socket)
        try vanishing.stream(upToSeq: 5)
        try viewer.poll { $0.lastSeq == 5 }
        vanishing.hangUp()
        try viewer.poll { $0.sessionEnded }
        #expect(viewer.state.sessionEnding == "app disconnected")
        #expect(viewer.screen.contains("app disconnected") && !viewer.screen.contains("session ended"), "\(viewer.screen)")

        let closing = try StreamingApp(trace: try AnalysisCommandTests.fixture("users"), socket: socket)
        try closing.stream(upToSeq: .max)
        closing.hangUp()
        try viewer.poll { $0.sessions.entries.count == 2 && $0.sessions.entries[1].ended }
        viewer.press(.character(">"))
        try viewer.poll { $0.sessionEnded }
        #expect(viewer.state.sessionEnding == "session ended", "\(viewer.screen)")
    }

    @Test("The control keys on a live session ask the runner to send the request to the app, for the selected action's store; the reducer sends nothing itself")
    func controlKeysAskForRequests() throws {
        let listening = try Listening()
        defer { _ = listening.arrivals.finish() }
        var viewer = ListenerViewer(listening.arrivals)
        let checkout = try StreamingApp(trace: listening.checkoutPath, socket: listening.socket)
        try checkout.stream(upToSeq: 5)
        try viewer.poll { $0.sessions.current == 0 && $0.lastSeq == 5 }
        let tag = try #require((viewer.sources.current as? LiveSessionSource)?.live.tag)
        viewer.press(.character("k"))
        let store = try #require(viewer.state.detail?.entry.action.store)
        #expect(viewer.press(.character("J")) == [.control(ControlRequest(command: "jump", session: tag, store: store, seq: 4))])
        #expect(viewer.state.message == "jumping the app to the state after #4…")
        #expect(viewer.press(.character("P")) == [.control(ControlRequest(command: "pause", session: tag, store: store))])
        #expect(viewer.press(.character("P")) == [.control(ControlRequest(command: "resume", session: tag, store: store))])
        #expect(viewer.press(.character("D")) == [] && viewer.state.prompts.line?.kind == .dispatch)
        for character in ".pay" { viewer.press(.character(character)) }
        #expect(viewer.press(.enter) == [.control(ControlRequest(command: "dispatch", session: tag, store: store, action: ".pay"))])
    }
}

/// A listener's arrivals on a socket in a temporary directory, recording there, and the
/// checkout trace (small chunks) for an app to stream.
struct Listening {
    let directory: TemporaryDirectory
    let socket: String
    let arrivals: ListenerArrivals
    let checkoutPath: String

    init() throws {
        directory = try TemporaryDirectory()
        socket = directory.path("run/scope.sock")
        arrivals = try ListenerArrivals(path: socket, options: .init(recordDirectory: directory.path("sessions"), stallTimeout: .seconds(60)))
        checkoutPath = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: checkoutPath, chunkSize: 200)
    }
}

/// A viewer on a listener's sessions, polled as the viewer's loop polls them; its effects
/// performed as the loop performs them (the reads it waits for within a frame awaited; copies
/// go nowhere, control requests to `control` when there is one).
struct ListenerViewer {
    let sources: ViewerSources
    let reducer: ViewerReducer
    var state: ViewerState
    let runner: ViewerEffectRunner

    init(_ arrivals: ListenerArrivals, control: ControlLink? = nil) {
        sources = ViewerSources(arrivals: arrivals, waitingFor: "an app")
        reducer = ViewerReducer(sources: sources)
        runner = ViewerEffectRunner(reader: BackgroundReader(), control: control)
        let (state, effects) = reducer.start()
        self.state = state
        runner.turn([], after: effects, state: &self.state, reducer: reducer, until: nil)
    }

    /// Reduces `key`; returns the effects it asked for.
    @discardableResult
    mutating func press(_ key: Key) -> [ViewerEffect] {
        send(.key(key))
    }

    /// Reduces `action` and performs the effects it and the answers asked for; returns them.
    @discardableResult
    mutating func send(_ action: ViewerAction) -> [ViewerEffect] {
        runner.turn([action], state: &state, reducer: reducer, until: nil)
    }

    /// Polls the sources and ticks until `done` holds, for at most 10 s.
    mutating func poll(sourceLocation: Testing.SourceLocation = #_sourceLocation, until done: (ViewerState) -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !done(state) {
            guard ContinuousClock.now < deadline else {
                Issue.record("the condition never held; the screen:\n\(screen)", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            for action in sources.poll() + runner.takeAnswers() { send(action) }
            send(.tick)
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Sends each character of `text`, then Enter, as typing a line does.
    mutating func typeLine(_ text: String) {
        for character in text { press(.character(character)) }
        press(.enter)
    }

    /// Polls as ``poll(sourceLocation:until:)`` does until the screen shows `text`; the screen.
    @discardableResult
    mutating func waitFor(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        try poll(sourceLocation: sourceLocation) { ViewerRender.render($0).text.contains(text) }
        return screen
    }

    var effectNames: [String] { state.effects.spans?.lifetimes.map(\.name) ?? [] }
    var screen: String { ViewerRender.render(state).text }
    /// The status line of the 80x24 screen.
    var statusLine: String { ScreenGolden.row(22, of: screen) }

    /// Expects the screen to be `golden`, every row (``ScreenGolden/expect(_:is:sourceLocation:)``).
    func expectScreen(_ golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        ScreenGolden.expect(screen, is: golden, sourceLocation: sourceLocation)
    }
}

/// An app streaming a recorded trace to a listener: the trace file's bytes (the stream's format
/// is the file's) sent a chunk at a time over a Unix socket.
final class StreamingApp {
    private let peer: Int32
    private let bytes: [UInt8]
    private let chunks: [ChunkInfo]
    private var sent = 0

    init(trace path: String, socket socketPath: String) throws {
        bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        chunks = try TraceReader(path: path).chunks
        peer = Syscalls.makeUnixStreamSocket()
        let connected = withUnixSocketAddress(socketPath) { connect(peer, $0, $1) }
        guard peer >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(peer) }

    /// Sends the header and every chunk up to the one holding action `seq` (`.max`: all of
    /// them, without the footer, so the session stays open).
    func stream(upToSeq seq: UInt64) throws {
        let through = seq == .max ? chunks.count - 1 : chunks.firstIndex { $0.header.lastSeq >= seq } ?? chunks.count - 1
        let end = Int(chunks[through].endOffset)
        while sent < end {
            // A closed listener must fail the send, not kill the test runner with SIGPIPE.
            let count = bytes[sent..<end].withUnsafeBytes { Syscalls.sendWithoutSignal(peer, $0) }
            guard count > 0 else { throw POSIXError(.EPIPE) }
            sent += count
        }
    }

    /// Closes the connection: the listener ends the session.
    func hangUp() {
        shutdown(peer, Int32(SHUT_RDWR))
    }
}

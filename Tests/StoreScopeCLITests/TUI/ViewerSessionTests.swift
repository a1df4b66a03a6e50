import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The viewer's reducer with several sources and growing ones: following new records, live
/// sessions arriving, switching between them, and the sessions list. The sources are real
/// traces read through the session engine; only their arrival is queued by the test.
@Suite("Viewer sessions")
struct ViewerSessionTests {
    @Test("Polled on ticks, a followed trace selects its new actions, a paused one keeps the selection, and its footer shows session ended")
    func follow() throws {
        let trace = try GrowingTrace()
        let sources = ViewerSources(try FileTraceSource(path: trace.path))
        let reducer = ViewerReducer(sources: sources)
        var state = reducer.startReading()
        #expect(state.selected == 1)
        #expect(state.lastSeq == 1)
        #expect(!state.following)

        try trace.grow(chunks: 3)
        Self.poll(sources, reducer, &state)
        #expect(state.selected == 1, "not following: the selection stays")
        let grown = try #require(state.lastSeq)
        #expect(grown > 1)

        reducer.reduceReading(&state, .key(.character("F")))
        #expect(state.following)
        #expect(state.selected == grown)
        try trace.grow(chunks: 2)
        Self.poll(sources, reducer, &state)
        let later = try #require(state.lastSeq)
        #expect(later > grown)
        #expect(state.selected == later, "following: the last action is selected")
        #expect(ViewerRender.render(state).text.contains("│ following"))

        reducer.reduceReading(&state, .key(.character("k")))
        #expect(!state.following, "moving pauses")
        let kept = state.selected
        try trace.finish()
        Self.poll(sources, reducer, &state)
        #expect(state.lastSeq == 9)
        #expect(state.selected == kept)
        #expect(state.sessionEnded)
        #expect(ViewerRender.render(state).text.contains("│ paused │ session ended"))
    }

    @Test("Live sessions: the screen waits, the first session is shown, a second is announced, < > switch and each keeps its place")
    func switching() throws {
        let directory = try TemporaryDirectory()
        let (checkout, arrivals, sources, reducer) = try Self.waitingViewer(in: directory)
        var state = reducer.startReading()
        #expect(state.sessions.current == nil)
        #expect(ViewerRender.render(state).text.contains("Waiting for an app to connect on /tmp/scope.sock"))
        reducer.reduceReading(&state, .key(.character("j")))
        reducer.reduceReading(&state, .tick)
        reducer.reduceReading(&state, .resize(columns: 100, rows: 30))
        #expect(!state.quit)
        #expect(ViewerRender.render(state).text.split(separator: "\n").last?.hasPrefix(" waiting │ no filter │ following") == true)
        reducer.reduceReading(&state, .resize(columns: 80, rows: 24))

        arrivals.queued = [.started(try FileTraceSource(path: try AnalysisCommandTests.fixture("search")))]
        Self.poll(sources, reducer, &state)
        #expect(state.sessions.current == 0)
        #expect(state.sessions.title == "search.sstrace")
        #expect(state.following, "live sessions are followed from the start")
        #expect(state.selected == 6)
        #expect(state.message == "session search.sstrace started")

        arrivals.queued = [.started(try FileTraceSource(path: checkout))]
        Self.poll(sources, reducer, &state)
        #expect(state.sessions.current == 0, "a new session does not steal the screen")
        #expect(state.selected == 6)
        #expect(state.sessions.title == "search.sstrace (1/2)")
        let announced = ViewerRender.render(state).text
        #expect(announced.contains("new session checkout.sstrace (2 of 2): > or S to show it"))
        #expect(announced.contains(" search.sstrace (1/2) │ #6/6"))

        reducer.reduceReading(&state, .key(.character(">")))
        #expect(state.sessions.title == "checkout.sstrace (2/2)")
        #expect(state.selected == 9)
        #expect(state.detail?.entry.action.store == "cart")
        reducer.reduceReading(&state, .key(.character("k")))
        #expect(state.selected == 6)
        #expect(!state.following)

        reducer.reduceReading(&state, .key(.character("<")))
        #expect(state.sessions.title == "search.sstrace (1/2)")
        #expect(state.selected == 6)
        #expect(state.detail?.entry.action.store == "search")
        reducer.reduceReading(&state, .key(.character("<")))
        #expect(state.message == "at the first session (S lists them)")
        reducer.reduceReading(&state, .key(.character(">")))
        #expect(state.selected == 6, "back where it was left")
        #expect(!state.following)
        #expect(state.sessionEnded)
    }

    @Test("Switching sessions stops playing, starts the effects view over, and keeps each session's bookmarks")
    func switchingResetsWhatWasReadFromTheOtherSession() throws {
        let directory = try TemporaryDirectory()
        let (checkout, arrivals, sources, reducer) = try Self.waitingViewer(in: directory)
        var state = reducer.startReading()
        arrivals.queued = [
            .started(try FileTraceSource(path: try AnalysisCommandTests.fixture("search"))),
            .started(try FileTraceSource(path: checkout)),
        ]
        Self.poll(sources, reducer, &state)
        #expect(state.sessions.current == 0)

        reducer.reduceReading(&state, .key(.character("g")))
        reducer.reduceReading(&state, .key(.character("m")))
        #expect(state.marks.bookmarks == [1])
        reducer.reduceReading(&state, .key(.character("e")))
        #expect(state.effects.isShown)
        reducer.reduceReading(&state, .key(.character("e")))
        reducer.reduceReading(&state, .key(.character(" ")))
        #expect(state.playback.isPlaying)

        reducer.reduceReading(&state, .key(.character(">")))
        #expect(state.sessions.title == "checkout.sstrace (2/2)")
        #expect(!state.playback.isPlaying, "playing the other session's actions stops")
        #expect(state.effects == EffectsView(), "the effects read from the other session are gone")
        #expect(state.marks.bookmarks.isEmpty, "bookmarks are per session")

        reducer.reduceReading(&state, .key(.character("<")))
        #expect(state.marks.bookmarks == [1], "the first session's bookmark is back")
    }

    @Test("S lists the sessions with app, state, recorded and dropped actions; enter shows the one under the cursor")
    func list() throws {
        let directory = try TemporaryDirectory()
        let checkout = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: checkout)
        let trace = try GrowingTrace()
        let arrivals = QueuedArrivals()
        let sources = ViewerSources(arrivals: arrivals, waitingFor: "an app")
        let reducer = ViewerReducer(sources: sources)
        var state = reducer.startReading()
        arrivals.queued = [.started(try FileTraceSource(path: checkout)), .started(try FileTraceSource(path: trace.path))]
        Self.poll(sources, reducer, &state)
        reducer.reduceReading(&state, .key(.character("S")))
        #expect(state.sessions.isOpen)
        let screen = ViewerRender.render(state).text.split(separator: "\n").prefix(4).joined(separator: "\n")
        #expect(screen == """
             Sessions (enter shows one, esc closes)
                # session                app                    state    actions dropped
            >*  1 checkout.sstrace       Checkout               ended          7       2
                2 growing.sstrace        Checkout               live           1       -
            """)
        reducer.reduceReading(&state, .key(.character("j")))
        reducer.reduceReading(&state, .key(.enter))
        #expect(!state.sessions.isOpen)
        #expect(state.sessions.title == "growing.sstrace (2/2)")
        #expect(state.selected == 1)
        #expect(!state.sessionEnded)

        try trace.finish()
        Self.poll(sources, reducer, &state)
        #expect(state.selected == 9, "the shown session was followed")
        #expect(state.sessions.entries.map(\.ended) == [true, true])
        #expect(state.sessions.entries.map(\.actions) == [7, 7], "9 seqs, 2 of them dropped")
        #expect(state.sessions.entries.map(\.dropped) == [2, 2])
        reducer.reduceReading(&state, .key(.character("S")))
        reducer.reduceReading(&state, .key(.escape))
        #expect(!state.sessions.isOpen)
        #expect(state.sessions.title == "growing.sstrace (2/2)")
    }

    @Test("< > and S are typed into an open prompt, not taken as session keys")
    func keysInPrompt() throws {
        let arrivals = QueuedArrivals()
        let sources = ViewerSources(arrivals: arrivals, waitingFor: "an app")
        let reducer = ViewerReducer(sources: sources)
        var state = reducer.startReading()
        arrivals.queued = [.started(try FileTraceSource(path: try AnalysisCommandTests.fixture("search"))), .started(try FileTraceSource(path: try AnalysisCommandTests.fixture("users")))]
        Self.poll(sources, reducer, &state)
        reducer.reduceReading(&state, .key(.character("f")))
        for character in "seq:>2 S" { reducer.reduceReading(&state, .key(.character(character))) }
        #expect(state.prompts.line?.text == "seq:>2 S")
        #expect(state.sessions.current == 0)
        #expect(!state.sessions.isOpen)
    }

    /// A viewer waiting for live sessions, and a checkout trace in `directory` to start one on.
    static func waitingViewer(in directory: TemporaryDirectory) throws -> (checkout: String, QueuedArrivals, ViewerSources, ViewerReducer) {
        let checkout = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: checkout)
        let arrivals = QueuedArrivals()
        let sources = ViewerSources(arrivals: arrivals, waitingFor: "an app to connect on /tmp/scope.sock")
        return (checkout, arrivals, sources, ViewerReducer(sources: sources))
    }

    static func poll(_ sources: ViewerSources, _ reducer: ViewerReducer, _ state: inout ViewerState) {
        for action in sources.poll() { reducer.reduceReading(&state, action) }
    }
}

/// Sources handed to the viewer when the test says so (a listener's arrivals, without the
/// socket).
final class QueuedArrivals: SourceArrivals {
    var queued: [SourceArrival] = []

    func poll() -> [SourceArrival] {
        defer { queued = [] }
        return queued
    }

    func finish() -> [String] { [] }
}

/// A session (the checkout session in small chunks unless told) copied into a second file a
/// few chunks at a time, as a writer would append them: a trace that is still being written.
final class GrowingTrace {
    let directory: TemporaryDirectory
    let path: String
    /// The whole session's chunks.
    let chunks: [ChunkInfo]
    private let bytes: [UInt8]
    private let chunkEnds: [Int]
    private var written = 0

    /// Starts with the header and the first chunk of what `write` writes to the path it is given.
    init(writing write: (String) throws -> [ChunkInfo] = { try CheckoutTrace.write(to: $0, chunkSize: 200) }) throws {
        directory = try TemporaryDirectory()
        let full = directory.path("full.sstrace")
        chunks = try write(full)
        bytes = Array(try Data(contentsOf: URL(fileURLWithPath: full)))
        chunkEnds = chunks.map { Int($0.endOffset) }
        path = directory.path("growing.sstrace")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes[0..<chunkEnds[0]]))
        written = 1
    }

    /// Appends the next `count` chunks.
    func grow(chunks count: Int) throws {
        let end = chunkEnds[min(chunkEnds.count, written + count) - 1]
        try append(upTo: end)
        written += count
    }

    /// Appends the rest, footer included.
    func finish() throws {
        try append(upTo: bytes.count)
    }

    private func append(upTo end: Int) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let start = Int(try handle.seekToEnd())
        try handle.write(contentsOf: Data(bytes[start..<end]))
    }
}

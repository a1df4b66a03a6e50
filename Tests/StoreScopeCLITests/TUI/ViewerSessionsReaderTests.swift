import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// The sources' records and the `S` list come from the reader: a poll is a request
/// (``SessionsRequest``), and the viewer, which holds no session of its own, changes only on the
/// answer. A ``ScriptedReader`` answers when the test says, with what the test says.
@Suite("Viewer sessions read by the reader")
struct ViewerSessionsReaderTests {
    /// The answer a reader gives for `trace`, read from a session of the test's own.
    static func answer(
        _ request: SessionsRequest, path: String, trace: BackgroundReader.Trace, restart: String? = nil, grew: Bool
    ) throws -> BackgroundReader.Read {
        let session = try TraceSession(path: path)
        return .sessions(SessionsAnswer(
            request: request, sessions: [.init(session, trace: trace, restart: restart, grew: grew, isComplete: session.reader.isComplete)]))
    }

    @Test("A poll on a growing trace asks the reader to read on; the list and the timeline move only on its answer")
    func pollAsksTheReader() throws {
        let trace = try GrowingTrace()
        let reader = ScriptedReader()
        var viewer = try ViewerHarness(path: trace.path, idle: false, reader: reader)
        #expect(viewer.state.lastSeq == 1)
        try trace.grow(chunks: 3)

        viewer.send(.sessions(.poll))
        let request = SessionsRequest(traces: [viewer.reducer.backgroundTrace])
        #expect(viewer.effects == [.read(.sessions(request))])
        #expect(viewer.state.lastSeq == 1 && viewer.state.sessions.entries.first?.actions == 0, "nothing is read on the viewer's side")

        reader.answer(try Self.answer(request, path: trace.path, trace: try #require(request.traces[0]), grew: true))
        viewer.takeAnswers()
        #expect(viewer.state.sessions.asked == nil)
        let actions = try #require(viewer.state.sessions.entries.first?.actions)
        #expect(actions > 1, "the list counts what the reader read")
        #expect(viewer.effects.contains { if case .read(.screen) = $0 { true } else { false } }, "records arrived: the screen is read again")
        viewer.waitForRows()
        #expect(viewer.state.lastSeq == actions)
    }

    @Test("The reader found another session at the path: the viewer asks for the new one from then on and starts over")
    func restartSaidByTheReader() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("restarted.sstrace")
        try CheckoutTrace.write(to: path)
        let reader = ScriptedReader()
        var viewer = try ViewerHarness(path: path, idle: false, reader: reader)
        viewer.press(.character("j"), .character("j"))
        #expect(viewer.state.selected == 3)

        // Another session takes the path (as an app restarted on it writes one).
        try SmallTrace.write((1...2).map { SmallTrace.action($0, "again\($0)") }, to: path)
        viewer.send(.sessions(.poll))
        let request = SessionsRequest(traces: [viewer.reducer.backgroundTrace])
        let new = BackgroundReader.Trace.opened(path: path, header: try TraceReader.header(path: path).header)
        reader.answer(try Self.answer(request, path: path, trace: new, restart: "was truncated", grew: true))
        viewer.takeAnswers()
        #expect(viewer.reducer.backgroundTrace == new)
        #expect(viewer.state.message == "restarted.sstrace was truncated: showing the new session from its start")
        viewer.waitForRows()
        #expect(viewer.state.selected == 1 && viewer.state.lastSeq == 2, "\(viewer.screen)")
    }

    @Test("The reader lets go of the session of a trace no longer asked about, and opens it anew when asked again")
    func letsGo() throws {
        let directory = try TemporaryDirectory()
        var traces: [BackgroundReader.Trace] = []
        for (name, count) in [("a.sstrace", 2), ("b.sstrace", 3)] {
            let path = directory.path(name)
            try SmallTrace.write((1...UInt64(count)).map { SmallTrace.action($0, "go\($0)") }, to: path)
            traces.append(.opened(path: path, header: try TraceReader.header(path: path).header, followsPath: false))
        }
        let reader = BackgroundReader()
        func ask(_ asked: [BackgroundReader.Trace?]) -> [UInt64?] {
            reader.read(.sessions(SessionsRequest(traces: asked)))
            _ = reader.awaitFinished(until: nil)
            let answers = reader.takeFinished().compactMap { if case let .sessions(answer) = $0 { answer } else { nil } }
            return answers.last?.sessions.map { $0?.actions } ?? []
        }
        #expect(ask(traces) == [2, 3])
        #expect(reader.openTraces == 2)
        #expect(ask([traces[0], nil]) == [2, nil])
        #expect(reader.openTraces == 1, "b's session let go")
        #expect(ask(traces) == [2, 3], "asked again: read anew")
        #expect(reader.openTraces == 2)
    }
}

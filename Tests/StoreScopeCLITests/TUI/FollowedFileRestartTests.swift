import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

extension LiveProcessTests {
    /// `storescope tail` in line mode on a path that another session takes over (issue 19,
    /// item 1): an app restarted on the path truncates the file and writes a new session; a
    /// file renamed over the path replaces it. Like `tail -F`, tail says so and follows the new
    /// session from its start.
    @Suite("storescope tail on a path another session takes over")
    struct TailRestartTests {
        @Test("An app killed and restarted on the followed path: tail says so once and prints the new session as cat prints it, with no invented damage")
        func appRestartedOnThePath() throws {
            let directory = try TemporaryDirectory()
            let trace = directory.path("restarted.sstrace")
            let first = try RunningProcess(product: "live-app-fixture", ["first", "--file", trace])
            try Live.record(first, 5, endingAt: 5)
            first.send("flush")
            try first.waitForOutput(containing: "flushed")
            let tail = try RunningProcess(product: "storescope", ["tail", "--lines", "all", trace])
            try tail.waitForOutput(containing: " #5 main action")
            first.signal(SIGKILL)
            _ = try first.waitForExit()

            let second = try RunningProcess(product: "live-app-fixture", ["second", "--file", trace])
            try Live.record(second, 3, endingAt: 3)
            _ = try Live.close(second)
            #expect(try tail.waitForExit() == 0, "stops at the new session's footer: \(tail.stderr)")
            let notices = tail.stderr.components(separatedBy: "; following the new session from its start").count - 1
            #expect(notices == 1, "said once: \(tail.stderr)")
            #expect(tail.stderr.hasPrefix("storescope tail: \(trace) was truncated") || tail.stderr.hasPrefix("storescope tail: \(trace) now holds another session"), "\(tail.stderr)")
            #expect(!tail.stderr.contains("damaged"), "nothing invented: \(tail.stderr)")
            let cat = try ChildProcess.storescope(["cat", trace])
            #expect(cat.status == 0)
            #expect(tail.stdout.hasSuffix(cat.stdout), "the new session whole, from its header on")
            #expect(tail.stdout.components(separatedBy: " main action ").count - 1 == 5 + 3)
        }

        @Test("A finished trace renamed over an unfinished one: tail says it was replaced and follows the new file to its footer")
        func fileRenamedOverThePath() throws {
            let directory = try TemporaryDirectory()
            let trace = directory.path("replaced.sstrace")
            let first = try RunningProcess(product: "live-app-fixture", ["first", "--file", trace])
            try Live.record(first, 4, endingAt: 4)
            first.send("flush")
            try first.waitForOutput(containing: "flushed")
            let tail = try RunningProcess(product: "storescope", ["tail", trace])
            try tail.waitForOutput(containing: " #4 main action")
            first.signal(SIGKILL)
            _ = try first.waitForExit()

            let replacement = directory.path("replacement.sstrace")
            try SmallTrace.write([SmallTrace.action(1, "one"), SmallTrace.action(2, "two")], to: replacement)
            #expect(rename(replacement, trace) == 0)
            #expect(try tail.waitForExit() == 0, "the new file's footer ends it: \(tail.stderr)")
            #expect(tail.stderr == "storescope tail: \(trace) was replaced by another file; following the new session from its start\n")
            let cat = try ChildProcess.storescope(["cat", trace])
            #expect(tail.stdout.hasSuffix(cat.stdout))
            #expect(tail.stdout.contains("#2 main action Action.two"))
        }
    }
}

/// The viewer following a path another session takes over (issue 19, item 1), in a real
/// terminal: after a clean end, and after the app was killed, a new app on the same path is
/// noticed, said on the message line, and shown from its start.
@Suite("The viewer on a followed path another session takes over (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct ViewerRestartTerminalTests {
    @Test("tail in a terminal: a new app on the path after the first ended cleanly, then after one was killed: each new session is shown and said")
    func newSessionsOnTheFollowedPath() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = tmux.directory.path("app.sstrace")
        let first = try LiveViewerTerminalTests.writer("first", trace, actions: 6)
        tmux.type("\(storescope) tail app.sstrace; echo exit=$?")
        try tmux.waitFor("app.sstrace │ #6/6 │ no filter │ following")
        _ = try Live.close(first)
        try tmux.waitFor("#6/6 │ no filter │ following │ session ended")

        let second = try LiveViewerTerminalTests.writer("second", trace, actions: 3)
        let shown = try tmux.waitFor("app.sstrace │ #3/3 │ no filter │ following")
        #expect(shown.contains("app.sstrace was truncated: showing the new session from its start") || shown.contains("app.sstrace now holds another session: showing the new session from its start"), "\(shown)")
        #expect(!shown.contains("session ended"), "the new session is open")
        #expect(!shown.contains("#4 "), "nothing of the first session is left")

        second.signal(SIGKILL)
        _ = try second.waitForExit()
        let third = try LiveViewerTerminalTests.writer("third", trace, actions: 2)
        let again = try tmux.waitFor("app.sstrace │ #2/2 │ no filter │ following")
        #expect(again.contains("showing the new session from its start"))
        #expect(!again.contains("damaged"), "no damage invented from the new bytes: \(again)")
        #expect(!again.contains("records lost"))
        try Live.record(third, 2, endingAt: 4)
        try tmux.waitFor("#4/4 │ no filter │ following")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
        _ = try Live.close(third)
    }
}

/// A finished recording its writer continues (a listener appending the session of an app that
/// reconnected: the footer cut off, the new chunks after the old ones) is the same session read
/// on, not a truncated file shown again from its start.
@Suite("The viewer on a finished file its session continues", .tags(.process))
struct ViewerContinuedFileTests {
    /// A finished trace of #1…#3, the viewer on it with #2 selected, and the header's bytes.
    static func finished(in directory: TemporaryDirectory) throws -> (path: String, header: [UInt8], reducer: ViewerReducer, state: ViewerState) {
        let path = directory.path("recorded.sstrace")
        try SmallTrace.write((1...3).map { SmallTrace.action($0, "step\($0)") }, to: path)
        let headerSize = Int(try TraceReader(path: path).headerSize)
        let header = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(headerSize))
        let reducer = ViewerReducer(source: try FileTraceSource(path: path))
        var state = reducer.startReading()
        reducer.reduceReading(&state, .key(.character("j")))
        #expect(state.selected == 2 && state.sessionEnded)
        return (path, header, reducer, state)
    }

    static func poll(_ reducer: ViewerReducer, _ state: inout ViewerState) {
        for action in reducer.sources.poll() { reducer.reduceReading(&state, action) }
    }

    @Test("The footer cut off, then new chunks: no restart said, the selection kept, the new actions shown, then its end")
    func footerCutThenAppended() throws {
        let directory = try TemporaryDirectory()
        var (path, header, reducer, state) = try Self.finished(in: directory)
        let writer = try FrameTraceWriter(continuing: path, headerBytes: header)
        Self.poll(reducer, &state)
        try writer.append(records: [SmallTrace.action(4, "step4"), SmallTrace.action(5, "step5")])
        Self.poll(reducer, &state)
        #expect(state.lastSeq == 5)
        #expect(state.selected == 2, "the selection stays where it was")
        #expect(state.message == nil, "\(state.message ?? "")")
        #expect(!state.sessionEnded)
        let screen = ViewerRender.render(state).text
        #expect(screen.contains("#5 ") && screen.contains("#1 "), "\(screen)")
        try writer.close()
        Self.poll(reducer, &state)
        #expect(state.sessionEnded && state.lastSeq == 5)
    }

    @Test("Continued and grown past its old size before the viewer looked: the new actions are read all the same")
    func grownBeforeTheCheck() throws {
        let directory = try TemporaryDirectory()
        var (path, header, reducer, state) = try Self.finished(in: directory)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let writer = try FrameTraceWriter(continuing: path, headerBytes: header)
        try writer.append(records: (4...40).map { SmallTrace.action($0, "step\($0) with a longer name than the footer") })
        #expect(try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) > size)
        Self.poll(reducer, &state)
        #expect(state.lastSeq == 40, "a finished file that grew: before, refresh read nothing after its footer")
        #expect(state.selected == 2 && state.message == nil)
        try writer.close()
    }
}

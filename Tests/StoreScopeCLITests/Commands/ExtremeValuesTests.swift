import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// Issue 17, item 2: numbers from a trace are data. Seqs, times, counts and durations at the
/// ends of their types make no command and no viewer key trap; they are shown, saturated, or
/// reported as damage.
@Suite("Extreme numbers in a trace")
struct ExtremeValuesTests {
    /// Every command that reads a trace, with the arguments it needs.
    static func commands(_ path: String) -> [[String]] {
        [
            ["check", path], ["check", "--json", path], ["cat", path], ["cat", "--json", path], ["log", path], ["log", "--json", path],
            ["log", path, "seq:18446744073709551615"], ["log", path, "seq:18446744073709551610..18446744073709551615"],
            ["log", path, "reducer:>1s"], ["log", path, "time:>1s"], ["log", path, "seq:>18446744073709551614"],
            ["state", path, "--at", "end"], ["state", path, "--at", "18446744073709551615"], ["state", path, "--at", "18446744073709551614"],
            ["state", path, "--at", "9223372036s"], ["state", path, "--at", "end", "--json"],
            ["diff", path, "--from", "start"], ["diff", path, "--from", "1", "--to", "18446744073709551615"],
            ["blame", path, ".n"], ["blame", path, ".items[*]", "--json"],
            ["effects", path], ["effects", "--json", path], ["effects", "--running", path], ["effects", "--slower-than", "1s", path],
            ["stats", path], ["stats", "--json", path],
            ["export", "--format", "ndjson", path], ["export", "--format", "chrome-trace", path],
            ["compare", path, path], ["compare", "--json", path, path],
            ["view", path], ["view", path, "seq:18446744073709551615"],
        ]
    }

    @Test("Every command reads a trace whose last seq is UInt64.max without trapping, and calls it clean")
    func maxSeq() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("max-seq.sstrace")
        try HostileTrace.write(HostileTrace.maxSeq, perChunk: 3, to: path)
        for arguments in Self.commands(path) {
            let run = try InProcess.storescope(arguments)
            // A clean trace; a no for an answer still exits 1 (issue 19, item 23): a log
            // filter that matches nothing (as grep), effects still running with --running, a
            // blamed path the state does not have (.items).
            let answeredNo = ["reducer:>1s", "time:>1s"].contains(arguments.last ?? "") || arguments.contains("--running") || arguments.contains(".items[*]")
            #expect(run.status == (answeredNo ? 1 : 0), "storescope \(arguments.joined(separator: " ")): \(run.status)\n\(run.stderr)")
        }
        let state = try InProcess.storescope(["state", path, "--at", "18446744073709551615"])
        #expect(state.stdout.contains("n: 3"), "\(state.stdout)")
        let log = try InProcess.storescope(["log", path, "seq:18446744073709551615"])
        #expect(log.stdout.contains("#18446744073709551615 main action Action.set"), "\(log.stdout)")
    }

    @Test("Every command reads times, durations and counts at the ends of their types without trapping")
    func extremeTimes() throws {
        let directory = try TemporaryDirectory()
        for (name, start) in [("zero", UInt64(0)), ("late", UInt64.max - 5)] {
            let path = directory.path("extreme-\(name).sstrace")
            try HostileTrace.write(HostileTrace.extremeTimes, header: HostileTrace.header(start: start), perChunk: 4, to: path)
            for arguments in Self.commands(path) {
                let run = try InProcess.storescope(arguments)
                // Damaged (an effect ends before it starts, records before the session's
                // start) or clean: never a trap (status 128 + signal) nor a usage error.
                #expect(run.status == 0 || run.status == 1, "storescope \(arguments.joined(separator: " ")) on \(name): \(run.status)\n\(run.stderr)")
                #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
            }
        }
    }

    /// The viewer on `records` written to a trace in `directory`, one chunk per `perChunk` records.
    static func viewer(on records: [Record], perChunk: Int, in directory: TemporaryDirectory) throws -> ViewerHarness {
        let path = directory.path("extreme.sstrace")
        try HostileTrace.write(records, perChunk: perChunk, to: path)
        return try ViewerHarness(path: path)
    }

    @Test("In the viewer, j, down, page down, G, ] and play on the action with seq UInt64.max keep it selected")
    func viewerKeysAtMaxSeq() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.viewer(on: HostileTrace.maxSeq, perChunk: 3, in: directory)
        viewer.press(.character("G"))
        #expect(viewer.state.selected == .max)
        viewer.press(.character("j"), .down, .pageDown, .character("]"), .right, .character("}"))
        #expect(viewer.state.selected == .max)
        viewer.press(.character(" "))
        viewer.send(.clock(nanos: 1 << 62))
        viewer.send(.clock(nanos: .max))
        #expect(viewer.state.selected == .max)
        viewer.press(.character("k"))
        #expect(viewer.state.selected == 2)
        viewer.press(.pageDown)
        #expect(viewer.state.selected == .max)
        viewer.press(.character(":"))
        viewer.type("18446744073709551615")
        viewer.press(.enter)
        #expect(viewer.state.selected == .max)
        viewer.press(.character("/"))
        viewer.type("seq:18446744073709551615")
        viewer.press(.enter)
        for _ in 0..<10 { viewer.send(.tick) }
        #expect(viewer.state.selected == .max)
        #expect(viewer.screen.contains("#18446744073709551615"))
    }

    @Test("Playing towards an action due centuries later waits for it: the loop sleeps its whole poll instead of spinning")
    func playbackFarAhead() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.viewer(on: HostileTrace.extremeTimes, perChunk: 4, in: directory)
        #expect(viewer.state.selected == 1)
        viewer.press(.character(" "))
        viewer.send(.clock(nanos: 1_000))
        viewer.send(.clock(nanos: 2_000))
        #expect(viewer.state.selected == 1, "#2 is due UInt64.max ns after #1")
        #expect(viewer.state.playback.playing?.nextDue == .max)
        #expect(Playback.timeout(for: viewer.state.playback, now: 2_000, poll: 50) == 50)
    }
}

/// The same records in the viewer as a user meets them: from a file at 80x24, and streamed live
/// to a listener.
@Suite("Extreme numbers in the viewer's keys")
struct ExtremeValuesViewerTests {
    @Test("view FILE at 80x24 on times and counts at the ends of their types: every key answers, play waits for #2, and q quits")
    func fileExtremeTimes() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ExtremeValuesTests.viewer(on: HostileTrace.extremeTimes, perChunk: 4, in: directory)
        #expect(viewer.statusLine().contains("│ #1/"), "\(viewer.statusLine())")
        viewer.press(.character("G"), .character("j"), .down, .pageDown, .character("]"), .character("}"))
        #expect(viewer.statusLine().contains("│ #18446744073709551615/"), "\(viewer.statusLine())")
        // Play at the end starts again from #1; #2 is due ~584 years after it: playing waits
        // for it, and space still pauses.
        viewer.press(.character(" "), .character("+"), .character("+"), .character("+"))
        viewer.send(.clock(nanos: 1_000))
        viewer.send(.clock(nanos: 1_000_000_000))
        #expect(viewer.statusLine().contains("│ #1/18446744073709551615 │ no filter │ playing "), "\(viewer.statusLine())")
        viewer.press(.character(" "))
        #expect(viewer.statusLine().contains("│ paused ("), "\(viewer.statusLine())")
        viewer.press(.character("e"))
        viewer.readEffectsToEnd()
        viewer.expectScreen(ViewerGolden.extremeEffects)
        viewer.press(.character("j"), .enter, .character("e"), .character("s"), .tab, .character("j"), .character("j"), .escape, .character(":"))
        viewer.type("end")
        viewer.press(.enter)
        #expect(viewer.statusLine().contains("│ #18446744073709551615/"), "\(viewer.statusLine())")
        viewer.press(.character("q"))
        #expect(viewer.state.quit)
    }

    @Test("view --listen on a session whose last action has seq UInt64.max: j, down, page down and play answer; the app's end shows, and q quits")
    func liveMaxSeq() throws {
        let listening = try Listening()
        defer { _ = listening.arrivals.finish() }
        let trace = listening.directory.path("max-seq.sstrace")
        // A wall clock the listener can name the recording by (Int64.min is the live path's own issue).
        try HostileTrace.write(HostileTrace.maxSeq, header: HostileTrace.header(wall: 0), perChunk: 3, to: trace)
        var viewer = ListenerViewer(listening.arrivals)
        let app = try StreamingApp(trace: trace, socket: listening.socket)
        try app.stream(upToSeq: .max)
        try viewer.poll { $0.lastSeq == .max }
        #expect(viewer.statusLine.contains("│ #18446744073709551615/"), "\(viewer.statusLine)")
        for key in [Key.character("j"), .down, .pageDown, .character(" ")] { viewer.press(key) }
        viewer.send(.clock(nanos: 1_000))
        viewer.send(.clock(nanos: .max))
        #expect(viewer.state.message == "played to the last action: following", "\(viewer.screen)")
        #expect(viewer.state.selected == .max)
        viewer.press(.character("k"))
        #expect(viewer.statusLine.contains("│ #2/"), "\(viewer.statusLine)")
        viewer.press(.pageDown)
        #expect(viewer.statusLine.contains("│ #18446744073709551615/"), "\(viewer.statusLine)")
        app.hangUp()
        try viewer.poll { $0.sessionEnded }
        viewer.expectScreen(ViewerGolden.liveMaxSeqEnded)
        viewer.press(.character("q"))
        #expect(viewer.state.quit)
    }
}

import Foundation
import StoreScopeTestSupport
import Testing

/// End-to-end: the real `storescope view` in a real terminal (a tmux pane), driven with
/// send-keys and read with capture-pane.
@Suite("storescope view in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct ViewerTerminalTests {
    @Test("Open a trace on the alternate screen, play it through the real loop, resize (SIGWINCH), quit: the terminal is restored (the keys' screens: ViewerScreenTests)")
    func session() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = try AnalysisCommandTests.fixture("search")
        tmux.type("stty -g > before; echo ready; \(storescope) view \(trace); echo exit=$?; stty -g > after")
        try tmux.waitFor("#1/6 │ no filter")
        #expect(tmux.capture().hasPrefix("    seq time      store    action"), "the alternate screen shows the viewer")

        // The loop's own clock plays the trace: no key follows space.
        tmux.keys("Space")
        try tmux.waitFor("played to the last action")

        tmux.resize(columns: 100, rows: 30)
        let separator = "── #6 search [d diff]  s state   a action  "
        let resized = try tmux.waitFor(separator + String(repeating: "─", count: 100 - separator.count))
        let lines = resized.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 29 && lines[28].hasPrefix(" search.sstrace │ #6/6"), "the status line moves to the new last-but-one row")
        #expect(lines.first { $0.hasPrefix("── #6") }?.count == 100, "the detail separator spans the new width")

        tmux.keys("q")
        let after = try tmux.waitFor("exit=0")
        #expect(after.contains("ready"), "the normal screen is back with what was on it")
        #expect(!after.contains("? help  q quit"))
        try tmux.waitForFile("after")
        #expect(try tmux.file("before") == tmux.file("after"), "the terminal mode is restored")
    }

    @Test("Ctrl-C and SIGTERM restore the terminal too")
    func interruptions() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = try AnalysisCommandTests.fixture("users")
        tmux.type("stty -g > before; \(storescope) view \(trace); echo exit=$?; stty -g > after")
        try tmux.waitFor("#1/9")
        tmux.keys("C-c")
        try tmux.waitFor("exit=0")
        try tmux.waitForFile("after")
        #expect(try tmux.file("before") == tmux.file("after"))

        tmux.type("clear; \(Tmux.keepingPID("\(storescope) view \(trace)")); echo status=$?; stty -g > after2")
        try tmux.waitFor("#1/9")
        let pid = try tmux.keptPID()
        kill(pid, SIGTERM)
        try tmux.waitFor("status=143")
        try tmux.waitForFile("after2")
        #expect(try tmux.file("before") == tmux.file("after2"))
    }

    @Test("Piped output or TERM=dumb falls back to printing like log")
    func lineMode() throws {
        let trace = try AnalysisCommandTests.fixture("search")
        let piped = try ChildProcess.storescope(["view", trace, "outcome:failed"])
        let log = try ChildProcess.storescope(["log", trace, "outcome:failed"])
        #expect(piped.status == 0)
        #expect(piped.stdout == log.stdout)
        #expect(piped.stdout.hasPrefix("+0.023643s #4 search action SearchAction.search(query: \"swiftui\")"))

        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        tmux.type("TERM=dumb \(storescope) view \(trace) seq:6; echo exit=$?")
        let screen = try tmux.waitFor("exit=0")
        #expect(screen.contains("#6 search action SearchAction.setResults"))
    }
}

/// A private tmux server with one 80x24 pane running `sh`, in a temporary directory that is
/// also the shell's working directory. Killed when released.
final class Tmux {
    /// tmux, or nil when it is missing or `STORESCOPE_SKIP_TAGS` leaves out the terminal tier.
    static let path: String? = SkippedTags.contains(.terminal) ? nil : ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    let directory: TemporaryDirectory
    private let socket: String

    init() throws {
        directory = try TemporaryDirectory()
        socket = directory.path("tmux.sock")
        try run(["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-c", directory.path, "env", "PS1=$ ", "TERM=screen", "sh"])
    }

    deinit { _ = try? run(["kill-server"]) }

    /// Runs tmux with `arguments` and returns its standard output. Spawned directly and
    /// reaped with waitpid: Foundation's Process waits for the server tmux forks off, which
    /// outlives the command. The children get an empty signal mask (the test runner blocks
    /// SIGTERM), so the shell and the viewer behave as in a user's terminal.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let outputPath = directory.path("tmux-output-\(UInt64.random(in: 0 ... .max))")
        defer { unlink(outputPath) }
        let files: [(descriptor: Int32, path: String, flags: Int32, mode: mode_t)] = [
            (0, "/dev/null", O_RDONLY, 0), (1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600), (2, "/dev/null", O_WRONLY, 0),
        ]
        guard let pid = spawnChild([Tmux.path!, "-S", socket] + arguments, opening: files) else { throw Waited(text: "tmux to start", screen: "") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Runs a tmux command on this pane's server (`set-option`, `show-buffer`); its output.
    @discardableResult
    func command(_ arguments: String...) -> String {
        (try? run(arguments)) ?? ""
    }

    /// Types `text` and Enter.
    func type(_ text: String) {
        _ = try? run(["send-keys", "-t", "0", "-l", text])
        keys("Enter")
    }

    /// Sends tmux key names (`j`, `Enter`, `C-c`, `[`).
    func keys(_ names: String...) {
        for name in names { _ = try? run(["send-keys", "-t", "0", name]) }
    }

    func resize(columns: Int, rows: Int) {
        _ = try? run(["resize-window", "-t", "0", "-x", String(columns), "-y", String(rows)])
    }

    /// The pane's text.
    func capture() -> String {
        (try? run(["capture-pane", "-p", "-t", "0"])) ?? ""
    }

    /// Waits up to `within` (10 s unless told) for the pane to show `text`; returns the pane.
    @discardableResult
    func waitFor(_ text: String, within: Duration = .seconds(10)) throws -> String {
        let deadline = ContinuousClock.now + within
        while true {
            let screen = capture()
            if screen.contains(text) { return screen }
            if ContinuousClock.now > deadline { throw Waited(text: text, screen: screen) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits up to 10 s for the pane's last non-empty line, trimmed, to be `line` (a prompt
    /// that a status line elsewhere on the screen would also match with `waitFor`).
    @discardableResult
    func waitForLastLine(_ line: String) throws -> String {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let screen = capture()
            let last = screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }
            if last?.trimmingCharacters(in: .whitespaces) == line { return screen }
            if ContinuousClock.now > deadline { throw Waited(text: "a last line \(line)", screen: screen) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits up to 10 s for tmux's newest paste buffer to be `text`: what an application sets
    /// by OSC 52 (with `set-clipboard on`), which tmux may take in after the screen drawn
    /// before it.
    func waitForBuffer(_ text: String) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while command("show-buffer") != text {
            if ContinuousClock.now > deadline { throw Waited(text: "the buffer \(text), not \(command("show-buffer"))", screen: capture()) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func waitForFile(_ name: String) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while (try? file(name))?.isEmpty ?? true {
            if ContinuousClock.now > deadline { throw Waited(text: "file \(name)", screen: capture()) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func file(_ name: String) throws -> String {
        try String(contentsOfFile: directory.path(name), encoding: .utf8)
    }

    /// A shell command that runs `command` (the program and its arguments, as typed) in place
    /// of a shell whose process ID it writes first to the pane's file `pid`: the program keeps
    /// that ID (``keptPID()``), so a test can signal it or read its `/proc` entry.
    static func keepingPID(_ command: String) -> String {
        "sh -c 'echo $$ > pid; exec \(command)'"
    }

    /// The process ID a ``keepingPID(_:)`` command wrote.
    func keptPID() throws -> Int32 {
        try #require(Int32(try file("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    struct Waited: Error, CustomStringConvertible {
        var text: String
        var screen: String
        var description: String { "the pane never showed \(text); it shows:\n\(screen)" }
    }
}

import Foundation
import StoreScopeTestSupport
import Testing

/// The viewer dying of a fatal signal in a real terminal (issue 19, item 2): the terminal mode,
/// the main screen and the cursor come back before the process dies of the same signal.
@Suite("The viewer's terminal after a crash (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct ViewerCrashTerminalTests {
    @Test("SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP: the viewer dies of the signal with the terminal mode, the main screen and the cursor restored", arguments: [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP])
    func fatalSignal(_ number: Int32) throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = try AnalysisCommandTests.fixture("search")
        // No backtrace: the signal's default action right after the handler.
        tmux.type("stty -g > before; SWIFT_BACKTRACE=enable=no \(Tmux.keepingPID("\(storescope) view \(trace)")); echo status=$?; stty -g > after")
        try tmux.waitFor("#1/6 │ no filter")
        #expect(try Self.screenFlags(tmux) == "alternate=1 cursor=0", "the viewer took the screen")
        let pid = try tmux.keptPID()
        kill(pid, number)
        try tmux.waitFor("status=\(128 + number)")
        try tmux.waitForFile("after")
        #expect(try tmux.file("before") == tmux.file("after"), "the terminal mode is restored")
        #expect(try Self.screenFlags(tmux) == "alternate=0 cursor=1", "the main screen and the cursor are back")
    }

    @Test("With the Swift runtime's backtracer (the default), its report is printed on the restored screen and the process still dies of the signal")
    func backtracerChained() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = try AnalysisCommandTests.fixture("search")
        tmux.type("stty -g > before; SWIFT_BACKTRACE=interactive=no \(Tmux.keepingPID("\(storescope) view \(trace)")) 2> report.txt; echo status=$?; stty -g > after")
        try tmux.waitFor("#1/6 │ no filter")
        let pid = try tmux.keptPID()
        kill(pid, SIGSEGV)
        try tmux.waitFor("status=139", within: .seconds(30))
        try tmux.waitForFile("after")
        #expect(try tmux.file("before") == tmux.file("after"))
        #expect(try Self.screenFlags(tmux) == "alternate=0 cursor=1")
        #expect(try tmux.file("report.txt").contains("Program crashed"), "the backtracer ran after the handler")
    }

    /// Whether the pane is on the alternate screen and shows the cursor, as tmux knows it.
    static func screenFlags(_ tmux: Tmux) throws -> String {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: Tmux.path!),
            ["-S", tmux.directory.path("tmux.sock"), "display", "-p", "-t", "0", "alternate=#{alternate_on} cursor=#{cursor_flag}"])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

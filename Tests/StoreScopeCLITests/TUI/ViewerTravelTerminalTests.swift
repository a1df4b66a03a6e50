import Foundation
import StoreScopeTestSupport
import Testing

/// End-to-end time travel: the real `storescope view` in a tmux pane.
@Suite("storescope view: time travel in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct ViewerTravelTerminalTests {
    /// A tmux pane showing `storescope view` on the search sample; `exit=N` follows its end.
    static func viewSearchSample() throws -> Tmux {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = try AnalysisCommandTests.fixture("search")
        tmux.type("\(storescope) view \(trace); echo exit=$?")
        try tmux.waitFor("#1/6 │ no filter")
        return tmux
    }

    @Test("space plays the trace through the real loop to its last action; m marks a row")
    func play() throws {
        let tmux = try Self.viewSearchSample()
        tmux.keys("m", "Space")
        let screen = try tmux.waitFor("played to the last action")
        #expect(screen.contains(" search.sstrace │ #6/6 │ no filter │ paused │"))
        #expect(screen.split(separator: "\n").contains { $0.hasPrefix(" *   #1 ") }, "the bookmark on #1")
        tmux.keys("\"")
        try tmux.waitFor("#1/6 │")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }
}

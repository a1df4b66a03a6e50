import Foundation
import StoreScopeTestSupport
import Testing

/// End-to-end: the effects view of the real `storescope view` in a tmux pane.
@Suite("storescope view's effects view in a terminal (tmux)", .enabled(if: Tmux.path != nil), .serialized)
struct ViewerEffectsTerminalTests {
    @Test("Open a trace with effects, press e and see the bars, press p and see the parent action selected, o its emitted action")
    func effectsView() throws {
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        let trace = try AnalysisCommandTests.fixture("users")
        tmux.type("\(storescope) view \(trace); echo exit=$?")
        try tmux.waitFor("#1/9 │ no filter")

        tmux.keys("e")
        let effects = try tmux.waitFor("── effect 1 (1 of 4)")
        let lines = effects.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("   id effect        store    started by"))
        #expect(lines[1].hasPrefix(">   1 fetchUsers    users    #1 .fetch"))
        #expect(lines[1].contains("━F"), "effect 1 failed: its bar ends in F")
        #expect(lines[3].hasPrefix("    3 details       users    #6 .navigate(.d…"))
        #expect(lines[3].contains("━C"), "effect 3 was cancelled")
        #expect(effects.contains("error    503 Service Unavailable"))

        tmux.keys("j", "j")
        try tmux.waitFor("── effect 3 (3 of 4)")
        tmux.keys("p")
        let parent = try tmux.waitFor("#6/9 │")
        #expect(parent.contains(">    #6 +20.622ms users    .navigate(.detail(…))"), "the timeline is back with #6 selected")
        #expect(!parent.contains("── effect"))

        tmux.keys("e", "j", "o")
        let emitted = try tmux.waitFor("#8/9 │")
        #expect(emitted.contains(">    #8 +20.938ms users    .detailsLoaded"), "effect 4 emitted #8")

        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }
}

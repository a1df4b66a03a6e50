import Testing

@testable import StoreScopeCLI

/// The effects view as the screen shows it at 80x24, through `e`, `p` and `o`.
@Suite("The effects view on the screen")
struct ViewerEffectsScreenTests {
    @Test("Open a trace with effects, press e and see the bars, press p and see the parent action selected, o its emitted action")
    func effectsView() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character("e"))
        let effects = viewer.screen
        #expect(effects.contains("── effect 1 (1 of 4)"), "\(effects)")
        let lines = effects.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("   id effect        store    started by"))
        #expect(lines[1].hasPrefix(">   1 fetchUsers    users    #1 .fetch"))
        #expect(lines[1].contains("━F"), "effect 1 failed: its bar ends in F")
        #expect(lines[3].hasPrefix("    3 details       users    #6 .navigate(.d…"))
        #expect(lines[3].contains("━C"), "effect 3 was cancelled")
        #expect(effects.contains("error    503 Service Unavailable"))

        viewer.press(.character("j"), .character("j"))
        #expect(viewer.screen.contains("── effect 3 (3 of 4)"))
        viewer.press(.character("p"))
        #expect(viewer.screen.contains("#6/9 │"))
        #expect(viewer.screen.contains(">    #6 +20.622ms users    .navigate(.detail(…))"), "the timeline is back with #6 selected: \(viewer.screen)")
        #expect(!viewer.screen.contains("── effect"))

        viewer.press(.character("e"), .character("j"), .character("o"))
        #expect(viewer.screen.contains("#8/9 │"))
        #expect(viewer.screen.contains(">    #8 +20.938ms users    .detailsLoaded"), "effect 4 emitted #8: \(viewer.screen)")
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// `/` in a state tree of 60,000 entries: the search looks at a part of the lines per key or
/// tick (issue 19: no key waits for a whole walk of a big tree), and finds what the one-shot
/// search finds.
@Suite("Viewer tree search in parts")
struct ViewerTreeSearchInPartsTests {
    static func bigState(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.path("big.sstrace")
        try TraceFixture.write([
            .keyframe(Keyframe(seq: 0, store: "main", state: TraceFixture.numbers(60_000))),
            TraceFixture.action(1, "touch"),
            .patch(StatePatch(seq: 1, store: "main", operations: [.set(path: [.key(.string("k0"))], value: .int(-1))])),
        ], to: path, chunkSize: 1 << 20)
        return path
    }

    @Test("the key looks at one part, ticks look at the rest, the prompt line says it is searching, and the cursor lands on the match")
    func findsOnTicks() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.bigState(directory))
        viewer.state.treeSearchPart = nil
        viewer.press(.character("s"), .tab, .character("/"))
        viewer.type("\"k59990\"")
        viewer.press(.enter)
        #expect(viewer.state.treeSearchRun != nil, "one part (TreeSearchRun.nodesPerPart lines) did not reach it")
        #expect(viewer.screen.contains("searching the tree for \"\"k59990\"\"… (esc cancels)"), "\(viewer.screen)")
        var ticks = 0
        while viewer.state.treeSearchRun != nil, ticks < 100 {
            viewer.send(.tick)
            ticks += 1
        }
        #expect(ticks >= 2, "the 60,000 lines took parts: \(ticks) ticks")
        #expect(viewer.state.message == "\"\"k59990\"\" in the tree: n N next / previous")
        let row = try #require(ViewerRender.treeRow(viewer.state, at: viewer.state.pane.cursor))
        #expect(row.id == TreeOutline.search("\"k59990\"", in: TraceFixture.numbers(60_000), from: ("0", false), forward: true), "the one-shot search's answer")
    }

    @Test("esc cancels a tree search under way; another key cancels it and is answered")
    func cancels() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.bigState(directory))
        viewer.state.treeSearchPart = nil
        viewer.press(.character("s"), .tab, .character("/"))
        viewer.type("nothing like it")
        viewer.press(.enter)
        #expect(viewer.state.treeSearchRun != nil)
        viewer.press(.escape)
        #expect(viewer.state.treeSearchRun == nil)
        #expect(viewer.state.message == "search cancelled")
        #expect(viewer.state.focus == .detail, "esc only cancelled")
        viewer.press(.character("n"))
        #expect(viewer.state.treeSearchRun != nil, "n searches again")
        let cursor = viewer.state.pane.cursor
        viewer.press(.character("j"))
        #expect(viewer.state.treeSearchRun == nil)
        #expect(viewer.state.pane.cursor == cursor + 1, "j cancelled it and moved the cursor")
    }
}

import Testing

@testable import StoreScopeCLI

/// The effects view in a 40-column window: the rows ran past the window (id, name, store and
/// parent took 39 cells), so the bars and the emitted counts were cut off and the axis read `1`.
@Suite("The effects view at 40 columns")
struct ViewerEffectsNarrowTests {
    @Test("At 40x12 every row fits, the store column gives way, and each bar and its axis show")
    func barsFit() throws {
        var viewer = try ViewerHarness(fixture: "users", columns: 40, rows: 12)
        viewer.press(.character("e"))
        let lines = viewer.lines
        #expect(lines.allSatisfy { $0.displayWidth <= 40 }, "\(viewer.screen)")
        #expect(lines[0].hasPrefix("   id effect     started… ") && !lines[0].contains("store"), "the store column gave way: \(viewer.screen)")
        #expect(lines[0].hasSuffix("ms    emit"), "the axis (a duration, at 8 cells) and the emitted column show: \(viewer.screen)")
        #expect(lines[1].hasPrefix(">   1 fetchUsers #1 .fet… ━"), "\(viewer.screen)")
        #expect(lines[1].contains("━F"), "effect 1's bar, ending in its failure: \(viewer.screen)")
        let columns = ViewerRender.EffectColumns(columns: 40)
        #expect(columns.barStart + columns.bar + 1 + ViewerRender.EffectColumns.emitted <= 40)
        #expect(ViewerRender.EffectColumns(columns: 80).showsStore, "80 columns keep the store")
    }
}

import Foundation
import StoreScopeTestSupport
import Testing

@testable import StoreScopeCLI

/// The status line's totals (the last action, the drops, the damage) are worked out by the
/// reader once per change of the trace, not once per screen it answers.
@Suite("Viewer totals")
struct ViewerTotalsTests {
    @Test("Keys that move through a trace that does not change have the totals worked out once")
    func oncePerChange() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try ViewerSearchInPartsTests.longTrace(directory))
        let opened = viewer.reader.totalsWorkedOut
        #expect(opened == 1)
        viewer.press(.character("j"), .character("j"), .pageDown, .character("G"), .character("k"))
        #expect(viewer.state.selected == 399 && viewer.screen.contains("#399/400"), "\(viewer.screen)")
        #expect(viewer.reader.totalsWorkedOut == opened, "\(viewer.reader.totalsWorkedOut - opened) more times for 5 screens")
    }
}

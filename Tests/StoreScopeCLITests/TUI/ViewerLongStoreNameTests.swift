import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// A store's name in the detail pane's title gives way to the tabs (`d diff  s state  a action`):
/// a long one pushed them off the window, so the pane no longer said which view it showed.
@Suite("A long store name in the detail title")
struct ViewerLongStoreNameTests {
    static let store = "CheckoutFlowCoordinatorStoreForTheWholeApplicationAndItsSettings"

    static func trace(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/longstore.sstrace"
        try SmallTrace.write([
            .keyframe(Keyframe(seq: 0, store: store, state: .structure(type: "State", fields: [.init("count", .int(0))]))),
            .action(ActionRecord(
                seq: 1, store: store, monotonicNanos: 1, wallNanos: 0, reducerNanos: 1,
                action: .enumeration(type: "Action", caseName: "tap", payload: []))),
            .patch(StatePatch(seq: 1, store: store, operations: [.set(path: [.field("count")], value: .int(1))])),
        ], to: path)
        return path
    }

    @Test("At 80 and 40 columns the title keeps the tabs whole and cuts the name with …")
    func tabsStay() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(in: directory))
        guard let title = viewer.lines.first(where: { $0.hasPrefix("── #1 ") }) else {
            Issue.record("no detail title: \(viewer.screen)")
            return
        }
        #expect(title.contains("[d diff]  s state   a action"), "\(title)")
        #expect(title.contains("CheckoutFlowCoordinator") && title.contains("…"), "\(title)")
        #expect(title.displayWidth <= 80)

        viewer.send(.resize(columns: 40, rows: 12))
        let narrow = viewer.lines.first { $0.hasPrefix("── #1 ") } ?? viewer.screen
        #expect(narrow.contains("[d diff]  s state   a action"), "\(viewer.screen)")

        viewer.press(.character("s"))
        let tree = viewer.lines.first { $0.hasPrefix("── #1 ") } ?? viewer.screen
        #expect(tree.contains("[s state]"), "\(viewer.screen)")
    }
}

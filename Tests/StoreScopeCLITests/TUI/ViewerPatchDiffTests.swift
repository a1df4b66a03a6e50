import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The viewer's diff pane compares only where the action's patch changed something: the patch
/// names fields by name and steps into optionals, so what it changed inside a field or an
/// optional must still be shown (it once was not: the pane said nothing changed).
@Suite("Viewer diff by the patch")
struct ViewerPatchDiffTests {
    @Test("A changed entry of a dictionary field and an element of an optional array field appear in the diff pane")
    func nestedChanges() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/nested.sstrace"
        let catalog = TraceValue.dictionary((0..<40).map { .init(key: .string("sku\($0)"), value: .int(Int64($0))) }.sorted { TraceValue.compare($0.key, $1.key) < 0 })
        let state = TraceValue.structure(type: "AppState", fields: [
            .init("catalog", catalog), .init("cart", .some(.array((0..<30).map { .int(Int64($0)) }))),
        ])
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Shop", store: "app"))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "app", state: state)))
        try writer.append(TraceFixture.action(1, store: "app", "restock"))
        try writer.append(.patch(StatePatch(seq: 1, store: "app", operations: [
            .set(path: [.field("catalog"), .key(.string("sku7"))], value: .int(70)),
            .set(path: [.field("cart"), .some, .index(12)], value: .int(-12)),
        ])))
        try writer.close()

        let viewer = try ViewerHarness(path: path)
        #expect(viewer.state.selected == 1)
        guard case let .success(lines)? = viewer.state.detail?.diff else {
            Issue.record("no diff for #1: \(String(describing: viewer.state.detail?.diff))")
            return
        }
        let text = lines.map(\.text).joined(separator: "\n")
        #expect(text.contains("-     \"sku7\": 7\n+     \"sku7\": 70"), "\(text)")
        #expect(text.contains("-     [12] 12\n+     [12] -12"), "\(text)")
    }
}

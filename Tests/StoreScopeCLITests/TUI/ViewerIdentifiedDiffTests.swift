import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The viewer's diff pane pairs array elements by id, as `storescope diff` does (issue 39,
/// item 2): selecting a move to the top of 2,000 todos showed 10,844 lines.
@Suite("Viewer diff of elements matched by id")
struct ViewerIdentifiedDiffTests {
    @Test("A move to the top is one yellow ~ line under the action, standing for the todo's new path; a sort is one line")
    func moveAndSort() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("todos.sstrace")
        try ReorderedTodosFixture.write(to: path)
        var viewer = try ViewerHarness(path: path, columns: 100, rows: 30)
        viewer.press(.character("g"))
        viewer.waitForDetail()
        #expect(viewer.state.selected == 1)
        guard case let .success(lines)? = viewer.state.detail?.diff else {
            Issue.record("no diff for #1: \(String(describing: viewer.state.detail?.diff))")
            return
        }
        #expect(lines.count == 7, "\(lines.map(\.text).joined(separator: "\n"))")
        let moved = lines.first { $0.text.hasPrefix("~") }
        #expect(moved?.text == #"~     [0] moved from [1500]: Todo(id: UUID("00000000-0000-4000-8000-000000001500"), …)"#)
        #expect(moved?.path == [.field("todos"), .index(0)])
        #expect(viewer.screen.contains("~     [0] moved from [1500]: Todo(id: UUID(\"00000000-0000-4000-8000-0000"), "\(viewer.screen)")
        #expect(viewer.screen.contains("      … (1999 unchanged)"), "\(viewer.screen)")
        #expect(ViewerRender.diffStyle(of: moved?.text ?? "") == .colored(.yellow))

        viewer.press(.character("j"))
        viewer.waitForDetail()
        #expect(viewer.state.selected == 2)
        #expect(viewer.screen.contains("~     … (2000 unchanged, 1916 of them moved)"), "\(viewer.screen)")
    }
}

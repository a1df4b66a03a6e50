import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The timeline's changes column names the enum cases a changed path passes through, as
/// `log` prints it and `state --path` takes it (issue 39, item 6).
@Suite("The changes column names enum cases")
struct ViewerCaseNamedPathsTests {
    @Test("An edit inside a pushed screen reads .path[0]/detail[0].todo.title in the timeline")
    func changesColumn() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("stack.sstrace")
        try EnumPathTests.writeStackTrace(to: path)
        let viewer = try ViewerHarness(path: path, columns: 160, rows: 24)
        let row = viewer.screen.split(separator: "\n").first { $0.contains("#5 ") }
        #expect(row?.contains(".path[0]/detail[0].todo.title") == true, "\(viewer.screen)")
    }
}

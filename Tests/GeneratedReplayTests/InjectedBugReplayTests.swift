import Foundation
import StoreScopeSamples
import Testing
import TraceFormat

/// A regression in a sample's real reducer (switched on through ``InjectedBug``, no edited
/// copy) makes its checked-in generated test fail at the action that exposes it, naming the path.
@Suite("Generated replay tests catch an injected bug")
struct InjectedBugReplayTests {
    @Test("With the todos reducer forgetting to count imports, the generated todos test fails at the first import, at .importedCount")
    func forgottenCountFailsAtTheFirstImport() throws {
        // The seq is read from the fixture, independently of the replay: the first `.imported`.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("TodosReplayTests.sstrace").path
        let firstImport = try #require(try TraceReader(path: fixture).allRecords().lazy.compactMap { record -> UInt64? in
            guard case let .action(action) = record, case let .enumeration(_, caseName, _) = action.action, caseName == "imported" else { return nil }
            return action.seq
        }.first)
        let expected = "after #\(firstImport) TodoMutation.imported("
        try withKnownIssue("the injected bug must fail the generated test") {
            try InjectedBug.$active.withValue(.todosImportNotCounted) { try todosReplaysAsRecorded() }
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined(separator: "\n")
            return message.contains(expected)
                && message.contains("the reducer's state differs from the recording at .importedCount (- recorded, + replayed):\n  .importedCount\n  - 1\n  + 0")
        }
        // Without the switch the same test passes (it runs on its own too, as a @Test).
        try todosReplaysAsRecorded()
    }
}

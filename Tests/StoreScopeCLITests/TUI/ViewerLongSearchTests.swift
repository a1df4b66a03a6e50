import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// A `/` text search on a trace long enough that it reads in parts, through the keys a user
/// presses: what the prompt, status and message lines say meanwhile, and where it lands.
@Suite("storescope view's text search on a long trace")
struct ViewerLongSearchTests {
    @Test("/ shows searching… N% on the prompt line and keeps the selection; esc cancels it and says so, j cancels it and moves, and n lands on the match")
    func searchInParts() throws {
        let directory = try TemporaryDirectory()
        let needle = Self.actions / 4 * 3
        let reader = SteppedReader()
        var viewer = try ViewerHarness(path: try Self.trace(directory, actions: Self.actions, needleAt: needle), reader: reader)
        #expect(viewer.statusLine().hasPrefix(" long.sstrace │ #1/\(Self.actions) │ no filter │"), "\(viewer.statusLine())")

        viewer.press(.character("/"))
        viewer.type("needle")
        viewer.press(.enter)
        #expect(viewer.bottomLine().wholeMatch(of: /searching… \d{1,2}% \(esc cancels\)/) != nil, "the prompt line: \(viewer.bottomLine())")
        #expect(viewer.statusLine().contains(" #1/\(Self.actions) │"), "the selection stays while it searches")
        viewer.press(.escape)
        #expect(viewer.bottomLine() == "search cancelled")
        #expect(viewer.statusLine().contains(" #1/\(Self.actions) │"))
        viewer.send(.tick)
        #expect(!viewer.screen.contains("searching…"), "a cancelled search does not go on")

        viewer.press(.character("n"))
        #expect(viewer.bottomLine().hasPrefix("searching… "))
        viewer.press(.character("j"))
        #expect(viewer.statusLine().contains(" #2/\(Self.actions) │"))
        #expect(!viewer.screen.contains("searching…"), "j cancelled the search and was answered")

        viewer.press(.character("n"))
        try ViewerSearchInPartsTests.readToTheEnd(&viewer, reader)
        #expect(viewer.state.selected == needle)
        viewer.expectScreen(ViewerGolden.needleFound)
    }

    /// Actions in the trace: enough that `/` reads them in many parts.
    static let actions: UInt64 = 200_000

    /// `actions` actions in chunks of about 4 KiB; only action `needleAt` mentions `needle`.
    static func trace(_ directory: TemporaryDirectory, actions: UInt64, needleAt: UInt64) throws -> String {
        let path = directory.path("long.sstrace")
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Long", schemaFingerprint: 1), chunkSize: 4096)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "C", fields: []))))
        for seq in 1...actions {
            let note = seq == needleAt ? "a needle in the haystack" : "hay \(seq)"
            try writer.append(.action(ActionRecord(
                seq: seq, store: "main", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "A", caseName: "step", payload: [.init("note", .string(note))]), effectID: nil)))
        }
        try writer.close()
        return path
    }
}

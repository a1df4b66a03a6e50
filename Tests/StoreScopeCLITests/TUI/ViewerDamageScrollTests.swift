import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The selected row stays on screen while `!! records lost` rows take lines of the timeline
/// (issue 19, item 4: the status bar said `#12/40` and no row carried `>`).
@Suite("The timeline's selection with damaged ranges on screen")
struct ViewerDamageScrollTests {
    /// 40 actions of store "main", one chunk each, with the chunks of actions `damaged` made
    /// unreadable (a flipped byte in each payload).
    static func trace(damaged: Set<UInt64>, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("gaps.sstrace")
        let records = (1...40).map { SmallTrace.action(UInt64($0), "step") }
        try HostileTrace.write(records, perChunk: 1, to: path)
        let reader = try TraceReader(path: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for chunk in reader.chunks {
            guard let range = chunk.seqRange, damaged.contains(range.lowerBound) else { continue }
            bytes[Int(chunk.offset) + ChunkHeader.size + 3] ^= 0xFF
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("Stepping down and up through every action with two damaged ranges on the way: the selected row is always on screen, marked >", arguments: [(80, 24), (80, 12), (120, 40)])
    func selectionStaysOnScreen(_ size: (Int, Int)) throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(damaged: [10, 11, 20], in: directory), columns: size.0, rows: size.1)
        let rows = ViewerLayout(columns: size.0, rows: size.1).timelineRows
        var seen = Set<UInt64>()
        for key in Array(repeating: Key.character("j"), count: 40) + Array(repeating: Key.character("k"), count: 40) + [.end, .pageUp, .pageUp, .pageDown, .home, .pageDown, .pageDown] {
            viewer.press(key)
            let selected = try #require(viewer.state.selected)
            seen.insert(selected)
            let lines = viewer.screen.split(separator: "\n", omittingEmptySubsequences: false)
            let shown = lines.dropFirst().prefix(rows)
            #expect(shown.contains { $0.hasPrefix(">") && $0.contains("#\(selected) ") }, "#\(selected) after \(key): \(viewer.screen)")
        }
        #expect(seen.count == 38, "every readable action, and #0 above them, was selected: \(seen.sorted())")
    }
}

/// The same at 80x24, as the screen shows it.
@Suite("The timeline's selection with damaged ranges on the screen")
struct ViewerDamageScrollScreenTests {
    @Test("Moving past two records-lost rows at 80x24 keeps the > row on screen")
    func pastTheGaps() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try ViewerDamageScrollTests.trace(damaged: [10, 11, 20], in: directory))
        #expect(viewer.screen.contains("#1/40 │ no filter"))
        for _ in 0..<10 { viewer.press(.character("j")) }
        #expect(viewer.screen.contains("#13/40 │ no filter"), "\(viewer.screen)")
        let timeline = viewer.screen.split(separator: "\n").prefix(10)
        #expect(timeline.contains { $0.hasPrefix(">   #13 ") }, "\(viewer.screen)")
        #expect(timeline.contains { $0.contains("!! records after #") && $0.contains(" are lost: bytes ") }, "the gap rows are on screen too, what was lost first")
    }
}

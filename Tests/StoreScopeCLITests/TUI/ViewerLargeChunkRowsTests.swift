import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI
@testable import TraceAnalysis

/// The timeline over chunks each holding a keyframe of a large state: the screen is the
/// ``BackgroundReader``'s answer (50-100 ms a chunk for a million entries), not read on the
/// loop's thread; a large chunk only makes the answer later. The states here are large for a
/// reader that holds a hundredth of the default large (``reader()``): the reader takes the
/// paths it takes on a million entries, at a cost a debug build runs in milliseconds.
@Suite("Viewer rows over large chunks")
struct ViewerLargeChunkRowsTests {
    /// 12 rows high: three rows of timeline per screen.
    static let rows = 12

    /// The node count over which ``reader()`` holds a state large: a hundredth of
    /// ``TimelineReader/largeState``, so that a chunk the reader treats as it treats a keyframe
    /// of a million entries is built and read in milliseconds, not seconds, in a debug build.
    /// ("Viewer on a large state" reads keyframes over the default with the default reader.)
    static let largeState = TimelineReader.largeState / 100

    /// What ``reader()``'s sessions keep: a hundredth of the default chunk bytes too, so that as
    /// few of these chunks fit in memory as of 130,000-entry chunks by default (two or three).
    static let budget = TraceSession.Budget(chunkBytes: TraceSession.Budget.standard.chunkBytes / 100, states: TraceSession.Budget.standard.states)

    /// The viewer's reader, for which the states of ``trace(actions:in:)`` are large.
    static func reader() -> BackgroundReader { BackgroundReader(largeState: largeState, budget: budget) }

    /// `actions` actions, each a keyframe of 1,300 entries (2,600 nodes: large for ``reader()``,
    /// as 130,000 entries are for the default) in a chunk of its own.
    static func trace(actions: UInt64 = 8, in directory: TemporaryDirectory) throws -> String {
        let path = try ViewerLargeStateTests.keyframeTrace(entries: 1_300, actions: actions, in: directory)
        let file = try TraceReader(path: path)
        // Each chunk more than a quarter of what the reader keeps, as 1.7 MB is of 4 MiB.
        try #require(file.chunks.count == actions && file.chunks.allSatisfy { Int($0.header.rawLength) > budget.chunkBytes / 4 })
        for chunk in file.chunks {
            let keyframes = try file.records(in: chunk).compactMap { if case let .keyframe(keyframe) = $0 { keyframe } else { nil } }
            try #require(!keyframes.isEmpty && keyframes.allSatisfy { $0.state.hasMoreNodes(than: largeState) })
        }
        return path
    }

    /// A viewer on ``trace(actions:in:)``, three rows of timeline high, once the reader read its
    /// first screen and the screens beside it.
    static func firstScreenRead(actions: UInt64, in directory: TemporaryDirectory) throws -> ViewerHarness {
        var viewer = try ViewerHarness(path: try trace(actions: actions, in: directory), rows: rows, idle: false, reader: reader(), waitsForReads: false)
        viewer.waitForRows()
        return viewer
    }

    @Test("The reader here holds these states large, as the default reader holds 130,000 entries: its rows leave their keyframes out, the default's keep them")
    func theseStatesAreLargeForTheReader() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.trace(actions: 4, in: directory)
        #expect(TimelineReader.largeState == 250_000 && Self.largeState == 2_500)
        for (reader, leftOut) in [(Self.reader(), true), (BackgroundReader(), false)] {
            var viewer = try ViewerHarness(path: path, rows: Self.rows, idle: false, reader: reader, waitsForReads: false)
            viewer.waitForRows()
            let entries = viewer.state.timeline.rows.compactMap { if case let .action(entry, _) = $0 { entry } else { nil } }
            #expect(entries.map(\.seq) == [1, 2], "\(viewer.state.timeline.rows)")
            #expect(entries.allSatisfy { $0.hasKeyframe && $0.keyframeLeftOut == leftOut && ($0.keyframe == nil) == leftOut })
        }
    }

    @Test("The first screen and the next are read by the reader: the viewer's session decodes none of their chunks, and PgDn moves a screen")
    func screensReadOffThread() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(in: directory), rows: Self.rows, idle: false, reader: Self.reader(), waitsForReads: false)
        // Nothing is listed before the reader answers.
        #expect(viewer.state.isReadingRows)
        #expect(viewer.screen.contains("… reading the actions"), "\(viewer.screen)")
        viewer.waitForRows()
        #expect(viewer.state.selected == 1 && viewer.state.timeline.rows.compactMap(\.seq) == [0, 1, 2], "\(viewer.state.timeline.rows)")
        #expect(!viewer.screen.contains("… reading"), "\(viewer.screen)")
        viewer.press(.pageDown)
        viewer.waitForRows()
        #expect(viewer.state.selected == 3 && viewer.state.timeline.rows.compactMap(\.seq).contains(3), "\(viewer.state.timeline.rows)")
        #expect(viewer.screen.contains("#3 "), "\(viewer.screen)")
    }

    @Test("G over large chunks: the reader answers with the last action selected and the rows above it filling the window")
    func lastActionThenRowsAbove() throws {
        let directory = try TemporaryDirectory()
        // Sixteen actions: the screens read ahead around the first do not reach the last ones.
        var viewer = try Self.firstScreenRead(actions: 16, in: directory)
        viewer.press(.character("G"))
        viewer.waitForRows()
        #expect(viewer.state.selected == 16 && viewer.screen.contains("#16/16"), "\(viewer.screen)")
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == [14, 15, 16], "\(viewer.state.timeline.rows)")
        #expect(viewer.screen.contains("#14 ") && viewer.screen.contains("#16 ") && !viewer.screen.contains("… reading"), "\(viewer.screen)")
    }

    @Test("A search over large chunks: the reader reads them as any other, and the search finds the match the viewer's session never decoded")
    func searchWaitsForTheReader() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.firstScreenRead(actions: 16, in: directory)
        viewer.press(.character("/"))
        viewer.type("seq:14")
        viewer.press(.enter)
        #expect(viewer.effects.contains { if case .read(.search) = $0 { true } else { false } }, "asked of the reader")
        viewer.finishSearch()
        #expect(viewer.state.selected == 14, "\(String(describing: viewer.state.selected)) \(viewer.state.message ?? "")")
        // And back: N finds #14 again from the last action.
        viewer.press(.character("G"))
        viewer.waitForRows()
        viewer.press(.character("N"))
        viewer.finishSearch()
        #expect(viewer.state.selected == 14)
    }

    @Test("space over large chunks: each step is the reader's answer, the viewer's session reads none of the chunks played over, and playing ends at the last action")
    func playsOnTheReader() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.firstScreenRead(actions: 16, in: directory)
        // max: one action a step.
        viewer.press(.character("+"), .character("+"), .character("+"), .character("+"), .character("+"), .character(" "))
        var clock: UInt64 = 1_000_000_000, steps = 0
        while viewer.state.isPlaying, steps < 100 {
            viewer.waitForRows()
            viewer.send(.clock(nanos: clock))
            #expect(viewer.effects.allSatisfy { if case let .read(.screen(request)) = $0 { request.moves.last.map { if case .play = $0 { true } else { false } } ?? false } else { true } })
            clock += 1_000_000
            steps += 1
        }
        viewer.waitForRows()
        #expect(viewer.state.selected == 16 && viewer.state.message == "played to the last action", "\(viewer.state.message ?? "")")
        #expect(steps >= 15, "\(steps) steps")
    }

    @Test(":N and ] onto actions in large chunks not yet read: the reader reads them and answers with the action selected")
    func nextStateInAChunkNotRead() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.firstScreenRead(actions: 16, in: directory)
        // `:12` selects #12 once the reader read its chunk: the selection stays meanwhile.
        viewer.press(.character(":"))
        viewer.type("12")
        viewer.press(.enter)
        #expect(viewer.state.selected == 1 || viewer.state.selected == 12)
        viewer.waitForRows()
        #expect(viewer.state.selected == 12 && viewer.state.message == nil)
        viewer.press(.character("]"))
        viewer.waitForRows()
        #expect(viewer.state.selected == 13)
    }

    @Test("PgDn pressed again and again while chunks are read: the moves add up and land where they would on a trace read whole")
    func movesAddUpWhileReading() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.trace(in: directory)
        var patient = try ViewerHarness(path: path, rows: Self.rows, idle: false, reader: Self.reader())
        for _ in 0..<3 {
            patient.waitForRows()
            patient.press(.pageDown)
        }
        patient.waitForRows()
        var hasty = try ViewerHarness(path: path, rows: Self.rows, idle: false, reader: Self.reader())
        hasty.press(.pageDown, .pageDown, .pageDown)
        hasty.waitForRows()
        #expect(hasty.state.selected == patient.state.selected && hasty.state.selected == 7, "\(String(describing: hasty.state.selected))")
        #expect(hasty.state.timeline.rows.compactMap(\.seq) == patient.state.timeline.rows.compactMap(\.seq))
    }

    @Test("A damaged large chunk the reader cannot read: the viewer's session reads it, the rows show the damage and the actions after it, nothing is asked again")
    func damagedLargeChunk() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.trace(in: directory)
        let third = try TraceReader(path: path).chunks[2]
        try TraceFixture.flipByte(in: path, at: third.offset + Int64(ChunkHeader.size) + Int64(third.header.storedLength / 2))
        var viewer = try ViewerHarness(path: path, rows: 24, idle: false, reader: Self.reader())
        viewer.waitForRows(limit: .seconds(60))
        #expect(!viewer.state.isReadingRows)
        #expect(viewer.state.timeline.rows.contains { if case .damage = $0 { true } else { false } }, "\(viewer.state.timeline.rows)")
        #expect(viewer.state.timeline.rows.compactMap(\.seq).contains(8), "\(viewer.state.timeline.rows)")
    }
}

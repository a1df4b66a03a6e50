import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI
@testable import TraceAnalysis

/// The trace's ends over chunks each holding a keyframe of a large state: opening the viewer,
/// a live trace growing by such chunks, `g` once the first chunk left memory, a window made
/// taller, and play read them on the ``BackgroundReader``, never on the loop's thread (each
/// such chunk costs 50-100 ms to inflate and walk for a million entries).
@Suite("Viewer ends over large chunks")
struct ViewerLargeChunkEndsTests {
    @Test("Opening on large first and last chunks decodes neither on the loop's thread: the index's first and last seqs stand until the reader read them")
    func openingLeavesTheEndsToTheReader() throws {
        let directory = try TemporaryDirectory()
        let path = try ViewerLargeChunkRowsTests.trace(actions: 8, in: directory)
        var viewer = try ViewerHarness(path: path, rows: ViewerLargeChunkRowsTests.rows, idle: false, reader: ViewerLargeChunkRowsTests.reader())
        // Opening, the totals and the first screen: no chunk read here.
        #expect(viewer.state.selected == 1 && viewer.state.lastSeq == 8)
        #expect(viewer.screen.contains("#1/8"), "\(viewer.screen)")
        viewer.waitForRows()
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == [0, 1, 2], "\(viewer.state.timeline.rows)")
    }

    @Test("Following a live trace that grows by large chunks: each arrival decodes nothing on the loop's thread, the selection goes to the index's last action and its rows come from the reader")
    func followingLargeArrivals() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/growing-large.sstrace"
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Large"), chunkSize: 64 << 20)
        var state = TraceFixture.numbers(1_300)
        func add(_ seqs: ClosedRange<UInt64>) throws {
            for seq in seqs {
                try writer.append(TraceFixture.action(seq, payload: [.init("n", .int(Int64(seq)))]))
                try state.apply([.set(path: [.key(.string("k\(seq)"))], value: .int(-Int64(seq)))])
                try writer.append(.keyframe(Keyframe(seq: seq, store: "main", state: state)))
                try writer.flush()
            }
        }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state)))
        try add(1...4)
        var viewer = try ViewerHarness(path: path, rows: ViewerLargeChunkRowsTests.rows, idle: false, reader: ViewerLargeChunkRowsTests.reader())
        viewer.press(.character("F"))
        viewer.waitForRows()
        #expect(viewer.state.following && viewer.state.selected == 4)
        try add(5...7)
        // The reader reads on in the trace and says records arrived.
        viewer.send(.sessions(.poll))
        #expect(viewer.state.selected == 7 && viewer.state.lastSeq == 7)
        viewer.waitForRows()
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == [5, 6, 7], "\(viewer.state.timeline.rows)")
        #expect(viewer.state.following && viewer.state.selected == 7)
        try writer.close()
    }

    @Test("g once the first chunks left memory: the first action is selected at once and its rows come from the reader")
    func firstActionAfterEviction() throws {
        let directory = try TemporaryDirectory()
        let path = try ViewerLargeChunkRowsTests.trace(actions: 16, in: directory)
        var viewer = try ViewerHarness(path: path, rows: ViewerLargeChunkRowsTests.rows, idle: false, reader: ViewerLargeChunkRowsTests.reader())
        viewer.waitForRows()
        viewer.press(.character("G"))
        viewer.waitForRows()
        viewer.press(.character("g"))
        #expect(viewer.state.selected == 1 && !viewer.state.following)
        viewer.waitForRows()
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == [0, 1, 2], "\(viewer.state.timeline.rows)")
    }

    @Test("A window made taller at the last action fills with the rows above it once the reader read them, none decoded on the loop's thread")
    func tallerWindowFillsAbove() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerLargeChunkRowsTests.firstScreenRead(actions: 16, in: directory)
        viewer.press(.character("G"))
        viewer.waitForRows()
        try #require(viewer.state.timeline.rows.compactMap(\.seq) == [14, 15, 16])
        let height = ViewerLayout(columns: 80, rows: 30).timelineRows
        viewer.send(.resize(columns: 80, rows: 30))
        viewer.waitForRows()
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == Array(UInt64(17 - height)...16), "\(viewer.state.timeline.rows)")
        #expect(viewer.state.selected == 16)
    }

    @Test("Play through large chunks: it waits for the reader where the next actions are not read yet, passes every action in order, and ends at the last, none decoded on the loop's thread")
    func playWaitsForTheReader() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerLargeChunkRowsTests.firstScreenRead(actions: 12, in: directory)
        try #require(viewer.state.selected == 1)
        viewer.press(.character(" "))
        #expect(viewer.state.isPlaying)
        var clock: UInt64 = 1, passed: [UInt64] = [1]
        let deadline = ContinuousClock.now + .seconds(120)
        while viewer.state.isPlaying, ContinuousClock.now < deadline {
            viewer.takeAnswers()
            // A second of the viewer's clock a step: every action is due at once.
            clock += 1_000_000_000
            viewer.send(.clock(nanos: clock))
            if let seq = viewer.state.selected, seq != passed.last { passed.append(seq) }
            Thread.sleep(forTimeInterval: 0.001)
        }
        // The last step's screen is the reader's answer.
        viewer.waitForRows()
        if let seq = viewer.state.selected, seq != passed.last { passed.append(seq) }
        #expect(!viewer.state.isPlaying && viewer.state.selected == 12)
        #expect(viewer.state.message == "played to the last action")
        #expect(passed == passed.sorted() && passed.last == 12, "\(passed)")
    }

    @Test("A last chunk whose header hides its action: the reader reads the chunk for the totals, and the status line counts the action and names the damage; the viewer's session reads nothing")
    func lyingLastHeader() throws {
        let directory = try TemporaryDirectory()
        let path = try ViewerLargeChunkRowsTests.trace(actions: 8, in: directory)
        // The last chunk holds #8 and says it holds #7 (with valid CRCs, the index agreeing).
        try LyingHeaders.rewrite(path) { index, claim in
            guard index == 7 else { return }
            claim.firstSeq = 7
            claim.lastSeq = 7
        }
        var viewer = try ViewerHarness(path: path, rows: ViewerLargeChunkRowsTests.rows, idle: false, reader: ViewerLargeChunkRowsTests.reader())
        #expect(viewer.state.lastSeq == 8 && viewer.state.damagedRanges == 1)
        #expect(viewer.screen.contains("/8 ") && viewer.screen.contains("damaged 1"), "\(viewer.screen)")
        viewer.press(.character("G"))
        viewer.waitForRows()
        #expect(viewer.state.selected == 8 && viewer.screen.contains("#8 "), "\(viewer.screen)")
    }
}

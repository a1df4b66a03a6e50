import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI
@testable import TraceAnalysis

/// On a store whose state is large, a key moves the selection and redraws the timeline at
/// once; the diff and the state tree, which cost a copy of the large containers (a keyframe's,
/// a decode), are read off the loop's thread by the ``BackgroundReader``, on a session of its own.
/// Keys pressed meanwhile are answered, and holding `j` shows the detail where the keys stop.
@Suite("Viewer on a large state")
struct ViewerLargeStateTests {
    /// A keyframe of a dictionary of `entries` entries (2 nodes each), then 5 actions each setting one.
    static func trace(entries: Int, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/large-\(entries).sstrace"
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Large"), chunkSize: 64 << 20)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: TraceFixture.numbers(entries))))
        for seq in UInt64(1)...5 {
            try writer.append(TraceFixture.action(seq, payload: [.init("n", .int(Int64(seq)))]))
            try writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.key(.string("k\(seq)"))], value: .int(-Int64(seq)))])))
        }
        try writer.close()
        return path
    }

    @Test("j on a 300,000-entry state answers with the selection; the detail is read off the loop's thread")
    func largeStateReadsOnTick() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(entries: 300_000, in: directory), waitsForReads: false)
        // The only chunk is large: the reader reads it for the screen (opening read it on the
        // loop's thread before), and #1's detail, as every detail (decoded on the loop's thread
        // before, 120 ms on a 1M-entry dictionary).
        #expect(viewer.state.isReadingRows)
        viewer.waitForRows()
        #expect(viewer.state.selected == 1 && viewer.state.detail?.isLoading == true)
        viewer.waitForDetail()
        #expect(viewer.state.detail?.isLoading == false && viewer.state.detail?.entry.seq == 1)

        // The screen is the reader's answer (the rows are its, the key moves within them), the
        // detail a later one.
        viewer.press(.character("j"))
        viewer.waitForRows()
        #expect(viewer.state.selected == 2)
        #expect(viewer.state.detail?.entry.seq == 2)
        #expect(viewer.state.detail?.isLoading == true)
        #expect(!viewer.state.isReading, "the loop waits for keys while the reader reads (a few ms at a time)")
        #expect(viewer.screen.contains("reading the state…"), "\(viewer.screen)")

        // Keys before the read is shown: only where they stop is shown.
        viewer.press(.character("j"), .character("j"))
        viewer.waitForRows()
        #expect(viewer.state.selected == 4 && viewer.state.detail?.isLoading == true)
        viewer.waitForDetail()
        #expect(viewer.state.detail?.isLoading == false && viewer.state.detail?.entry.seq == 4)
        guard case let .success(lines)? = viewer.state.detail?.diff else { Issue.record("no diff once read"); return }
        #expect(lines.map(\.text).joined(separator: "\n").contains("-   \"k4\": 4\n+   \"k4\": -4"), "\(lines)")
        #expect(!viewer.screen.contains("reading the state…"))
        // A read the keys moved past (#2's, #3's, if it finished) is dropped, never shown.
        viewer.takeAnswers()
        #expect(viewer.state.detail?.entry.seq == 4)

        // Keys in the state tree while the detail is read do not wait for it: they move over
        // what is shown, and the tree opens on the change once it is read.
        viewer.press(.character("s"), .character("j"))
        viewer.waitForRows()
        #expect(viewer.state.selected == 5 && viewer.state.detail?.isLoading == true)
        // (A read is shown only when the loop, here the test, reduces it.)
        viewer.press(.tab, .character("j"))
        #expect(viewer.state.detail?.isLoading == true && viewer.state.pane.cursor == 0)
        // A key that needs the state says it is being read, and does nothing else.
        viewer.press(.character("y"))
        #expect(viewer.state.message == "still reading the state after #5: press again once it shows")
        #expect(!viewer.performed.contains { if case .copy = $0 { true } else { false } })
        viewer.waitForDetail()
        #expect(viewer.state.detail?.isLoading == false && viewer.state.detail?.entry.seq == 5)
        // Read, the tree opened on the entry #5 changed ("k5", row 244,446: the keys sort as
        // strings, 244,445 of them before it), and j moves one row down from there.
        #expect(viewer.state.pane.cursor == 244_446)
        viewer.press(.character("j"))
        #expect(viewer.state.pane.cursor == 244_447)
        #expect(viewer.screen.contains("\n+     \"k5\": -5\n"), "\(viewer.screen)")
    }

    @Test("k onto #0 of a large state: the initial state is read off the loop's thread too, and shown once read")
    func initialStateOfALargeState() throws {
        let directory = try TemporaryDirectory()
        // 3,000 entries: large for the reader of the large-chunk tests, as 300,000 are by default.
        var viewer = try ViewerHarness(
            path: try Self.trace(entries: 3_000, in: directory), reader: ViewerLargeChunkRowsTests.reader(), waitsForReads: false)
        viewer.waitForDetail()
        viewer.press(.character("k"))
        viewer.waitForRows()
        #expect(viewer.state.selected == 0)
        #expect(viewer.state.detail?.entry.seq == 0 && viewer.state.detail?.isLoading == true)
        #expect(viewer.screen.contains("reading the state…"), "\(viewer.screen)")
        viewer.waitForDetail()
        #expect(viewer.state.detail?.isLoading == false && viewer.state.detail?.entry.seq == 0)
        guard case let .success(value)? = viewer.state.detail?.state, case let .dictionary(entries) = value else {
            Issue.record("no initial state once read: \(String(describing: viewer.state.detail))")
            return
        }
        #expect(entries.count == 3_000)
        #expect(viewer.screen.contains("(the state before the first action: s shows it whole)"), "\(viewer.screen)")
        // j goes on to #1.
        viewer.press(.character("j"))
        viewer.waitForRows()
        #expect(viewer.state.selected == 1)
    }

    /// A keyframe of `entries` entries for each of `actions` actions (one entry changed), a chunk
    /// each; `after` gives the records that follow an action's keyframe in its chunk.
    static func keyframeTrace(
        entries: Int, actions: UInt64 = 5, in directory: TemporaryDirectory, named name: String? = nil, after: (UInt64) -> [Record] = { _ in [] }
    ) throws -> String {
        let path = directory.path + "/" + (name ?? "keyframes-\(entries)-\(actions).sstrace")
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Large"), chunkSize: 64 << 20)
        var state = TraceFixture.numbers(entries)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state)))
        for seq in UInt64(1)...actions {
            try writer.append(TraceFixture.action(seq, payload: [.init("n", .int(Int64(seq)))]))
            try state.apply([.set(path: [.key(.string("k\(seq)"))], value: .int(-Int64(seq)))])
            try writer.append(.keyframe(Keyframe(seq: seq, store: "main", state: state)))
            for record in after(seq) { try writer.append(record) }
            try writer.flush()
        }
        try writer.close()
        return path
    }

    @Test("Among keyframes of a large state, j reads no chunk on the key, and a row's changes show … until its detail is read")
    func keyframesOfALargeState() throws {
        let directory = try TemporaryDirectory()
        // No idle tick: the effects of these large chunks would be read by the background
        // reader too.
        let path = try Self.keyframeTrace(entries: 130_000, in: directory)
        var viewer = try ViewerHarness(path: path, idle: false, waitsForReads: false)
        func row(_ seq: UInt64) -> String {
            viewer.screen.split(separator: "\n").first { $0.contains(" #\(seq) +") }.map(String.init) ?? ""
        }
        // The chunks after the first (which opening the session read) are large: the first
        // screen is the reader's answer.
        #expect(viewer.state.isReadingRows && viewer.screen.contains("… reading the actions"), "\(viewer.screen)")
        viewer.waitForRows()
        #expect(viewer.state.selected == 1)
        // The rows left their keyframes out; #1's detail is the reader's, as every detail:
        // every row waits with `…`.
        #expect(viewer.state.detail?.isLoading == true)
        #expect(row(1).hasSuffix(" …"), "\(viewer.screen)")
        viewer.waitForDetail()
        #expect(viewer.state.detail?.isLoading == false)
        // #1's detail read, its row names what it changed; the other rows wait for theirs
        // (comparing a keyframe with the state before is a replay).
        #expect(row(1).hasSuffix(" [\"k1\"]"), "\(viewer.screen)")
        #expect(row(2).hasSuffix(" …") && row(5).hasSuffix(" …"), "\(viewer.screen)")

        // The rows hold no keyframe of the large state (ten of a million entries held 1.6 GB).
        for case let .action(entry, _) in viewer.state.timeline.rows {
            #expect(entry.keyframe == nil && entry.keyframeLeftOut && entry.hasKeyframe, "#\(entry.seq)")
        }
        let readerDecodes = viewer.reader.chunkDecodes
        viewer.press(.character("j"))
        viewer.waitForRows()
        #expect(viewer.state.selected == 2 && viewer.state.detail?.isLoading == true)
        viewer.waitForDetail()
        // The reader's session kept the state after #1: the state before #2, without its chunk.
        #expect(viewer.reader.chunkDecodes - readerDecodes == 1, "\(viewer.reader.chunkDecodes - readerDecodes) chunks")
        #expect(viewer.state.detail?.isLoading == false)
        guard case let .success(lines)? = viewer.state.detail?.diff else { Issue.record("no diff after the ticks"); return }
        #expect(lines.map(\.text).joined(separator: "\n").contains("-   \"k2\": 2\n+   \"k2\": -2"), "\(lines)")
        // Guided by the keyframe's changes, the diff is the one a comparison of everything gives
        // (read here from a session of the test's own).
        let session = try TraceSession(path: path)
        let old = try #require(session.state(of: "main", after: 1).value), new = try #require(session.state(of: "main", after: 2).value)
        #expect(lines.map(\.text) == DiffRendering.lines(from: old, to: new).map(\.text))
        #expect(row(2).hasSuffix(" [\"k2\"]"), "\(viewer.screen)")
        #expect(row(3).hasSuffix(" …"), "\(viewer.screen)")

        // k goes back within the rows: #1's states are kept by the reader, nothing is read again.
        let before = viewer.reader.chunkDecodes
        viewer.press(.character("k"))
        viewer.waitForDetail()
        #expect(viewer.state.selected == 1 && viewer.state.detail?.isLoading == false)
        #expect(viewer.reader.chunkDecodes == before)
    }

    @Test("A trace removed from its path, or replaced by another session's, while shown: the reader's session, which holds it open, reads the detail", arguments: [false, true])
    func removedFromItsPath(replaced: Bool) throws {
        let directory = try TemporaryDirectory()
        // 3,000 entries: large for the reader of the large-chunk tests, as 300,000 are by default.
        let path = try Self.trace(entries: 3_000, in: directory)
        var viewer = try ViewerHarness(path: path, reader: ViewerLargeChunkRowsTests.reader(), waitsForReads: false)
        viewer.waitForDetail()
        #expect(unlink(path) == 0)
        // Another session's trace at the path, with other values: not the one shown.
        if replaced { try TraceFixture.writeOneActionChunks(10, to: path, app: "Other") }
        viewer.press(.character("j"))
        viewer.waitForRows()
        #expect(viewer.state.detail?.isLoading == true)
        viewer.waitForDetail()
        guard case let .success(lines)? = viewer.state.detail?.diff else { Issue.record("no diff: \(String(describing: viewer.state.detail?.diff))"); return }
        #expect(lines.map(\.text).joined(separator: "\n").contains("-   \"k2\": 2\n+   \"k2\": -2"), "\(lines)")
    }

    @Test("On a small state the detail is the reader's too, shown once the key's reads are in, as the loop waits for them within its frame")
    func smallStateReadsOnKey() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(entries: 1_000, in: directory))
        viewer.press(.character("j"))
        #expect(viewer.effects.contains { if case .read(.detail) = $0 { true } else { false } })
        #expect(viewer.state.selected == 2)
        #expect(viewer.state.detail?.isLoading == false)
        #expect(!viewer.state.isReading)
        guard case let .success(lines)? = viewer.state.detail?.diff else { Issue.record("no diff"); return }
        #expect(lines.map(\.text).joined(separator: "\n").contains("-   \"k2\": 2\n+   \"k2\": -2"), "\(lines)")
    }
}

@Suite("Viewer on a large state (tmux)", .enabled(if: Tmux.path != nil), .serialized, .tags(.terminal))
struct ViewerLargeStateTerminalTests {
    @Test("In the real binary, the detail the reader reads is drawn without another key, where the keys stopped")
    func drawnWhenRead() throws {
        let directory = try TemporaryDirectory()
        let path = try ViewerLargeStateTests.keyframeTrace(entries: 300_000, in: directory)
        let tmux = try Tmux()
        let storescope = try ProductLocator.url(of: "storescope").path
        tmux.type("\(storescope) view \(path); echo exit=$?")
        try tmux.waitFor("#1/5", within: .seconds(60))
        // #1's detail is read off the loop's thread and drawn when it arrives: no key follows.
        try tmux.waitFor("+   \"k1\": -1", within: .seconds(60))
        // Keys while a detail is read are answered; the detail shown is the last one's.
        tmux.keys("j", "j", "k", "j", "j")
        let screen = try tmux.waitFor("+   \"k4\": -4", within: .seconds(60))
        #expect(screen.contains("#4/5"), "\(screen)")
        #expect(!screen.contains("reading the state…"), "\(screen)")
        tmux.keys("q")
        try tmux.waitFor("exit=0")
    }
}

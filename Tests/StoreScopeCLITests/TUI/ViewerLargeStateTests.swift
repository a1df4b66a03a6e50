import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI
@testable import TraceAnalysis

/// On a store whose state is large, a key moves the selection and redraws the timeline at
/// once; the diff and the state tree, which cost a copy of the large containers, are read on
/// the next ticks, one new state per tick (the viewer's loop ticks without waiting meanwhile). Keys pressed before the
/// tick are answered first, so holding `j` reads one detail, where the keys stop.
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

    @Test("j on a 300,000-entry state answers with the selection and reads the detail on the next ticks")
    func largeStateReadsOnTick() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(entries: 300_000, in: directory))
        // The first screen reads the detail itself, and learns that the state is large.
        #expect(viewer.state.selected == 1)
        #expect(viewer.state.detail?.isLoading == false)
        #expect(viewer.state.largeStores == ["main"])

        viewer.press(.character("j"))
        #expect(viewer.state.selected == 2)
        #expect(viewer.state.detail?.entry.seq == 2)
        #expect(viewer.state.detail?.isLoading == true)
        #expect(viewer.state.isReading, "the loop must tick without waiting while the detail is to be read")
        #expect(viewer.screen.contains("reading the state…"), "\(viewer.screen)")

        // Keys before the tick: only where they stop is read.
        viewer.press(.character("j"), .character("j"))
        #expect(viewer.state.selected == 4 && viewer.state.detail?.isLoading == true)
        // Two parts, one new state each: the state before the action, then after it.
        viewer.send(.tick)
        #expect(viewer.state.detail?.isLoading == true && viewer.state.detail?.stateBeforeRead == true)
        viewer.send(.tick)
        #expect(viewer.state.detail?.isLoading == false)
        #expect(!viewer.state.isReading)
        guard case let .success(lines)? = viewer.state.detail?.diff else { Issue.record("no diff after the tick"); return }
        #expect(lines.map(\.text).joined(separator: "\n").contains("-   \"k4\": 4\n+   \"k4\": -4"), "\(lines)")
        #expect(!viewer.screen.contains("reading the state…"))

        // A key in the state tree reads a pending detail before it moves the cursor.
        viewer.press(.character("s"), .character("j"))
        #expect(viewer.state.selected == 5 && viewer.state.detail?.isLoading == true)
        viewer.press(.tab, .character("j"))
        #expect(viewer.state.detail?.isLoading == false && viewer.state.detail?.entry.seq == 5)
        // Read, the tree opened on the entry #5 changed ("k5", row 244,446: the keys sort as
        // strings, 244,445 of them before it), and j moved one row down from there.
        #expect(viewer.state.detailCursor == 244_447)
        #expect(viewer.screen.contains("\n+     \"k5\": -5\n"), "\(viewer.screen)")
    }

    /// A keyframe of `entries` entries for each of 5 actions (one entry changed), a chunk each.
    static func keyframeTrace(entries: Int, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/keyframes-\(entries).sstrace"
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Large"), chunkSize: 64 << 20)
        var state = TraceFixture.numbers(entries)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state)))
        for seq in UInt64(1)...5 {
            try writer.append(TraceFixture.action(seq, payload: [.init("n", .int(Int64(seq)))]))
            try state.apply([.set(path: [.key(.string("k\(seq)"))], value: .int(-Int64(seq)))])
            try writer.append(.keyframe(Keyframe(seq: seq, store: "main", state: state)))
            try writer.flush()
        }
        try writer.close()
        return path
    }

    @Test("Among keyframes of a large state, j reads no chunk on the key, and a row's changes show … until its detail is read")
    func keyframesOfALargeState() throws {
        let directory = try TemporaryDirectory()
        // No chunk cache: every read of the trace decodes a chunk, and is counted.
        var viewer = try ViewerHarness(path: try Self.keyframeTrace(entries: 130_000, in: directory), budget: .init(chunkBytes: 0, states: 4))
        let session = viewer.reducer.session
        func row(_ seq: UInt64) -> String {
            viewer.screen.split(separator: "\n").first { $0.contains(" #\(seq) +") }.map(String.init) ?? ""
        }
        #expect(viewer.state.selected == 1 && viewer.state.largeStores == ["main"])
        // The rows left their keyframes out, so the first screen knows the state is large and
        // leaves #1's detail to the ticks, as a key does: every row waits with `…`.
        #expect(viewer.state.detail?.isLoading == true)
        #expect(row(1).hasSuffix(" …"), "\(viewer.screen)")
        viewer.send(.tick)
        viewer.send(.tick)
        #expect(viewer.state.detail?.isLoading == false)
        // #1's detail read, its row names what it changed; the other rows wait for theirs
        // (comparing a keyframe with the state before is a replay).
        #expect(row(1).hasSuffix(" [\"k1\"]"), "\(viewer.screen)")
        #expect(row(2).hasSuffix(" …") && row(5).hasSuffix(" …"), "\(viewer.screen)")

        // The rows hold no keyframe of the large state (ten of a million entries held 1.6 GB).
        for case let .action(entry, _) in viewer.state.timeline {
            #expect(entry.keyframe == nil && entry.keyframeLeftOut && entry.hasKeyframe, "#\(entry.seq)")
        }
        let decodes = session.chunkDecodes
        viewer.press(.character("j"))
        #expect(viewer.state.selected == 2 && viewer.state.detail?.isLoading == true)
        #expect(session.chunkDecodes == decodes, "the key moved within the rows read last")
        viewer.send(.tick)
        #expect(session.chunkDecodes == decodes, "the state before #2 is the state after #1, kept")
        viewer.send(.tick)
        #expect(viewer.state.detail?.isLoading == false)
        guard case let .success(lines)? = viewer.state.detail?.diff else { Issue.record("no diff after the ticks"); return }
        #expect(lines.map(\.text).joined(separator: "\n").contains("-   \"k2\": 2\n+   \"k2\": -2"), "\(lines)")
        // Guided by the keyframe's changes, the diff is the one a comparison of everything gives.
        let old = try #require(session.state(of: "main", after: 1).value), new = try #require(session.state(of: "main", after: 2).value)
        #expect(lines.map(\.text) == DiffRendering.lines(from: old, to: new).map(\.text))
        #expect(row(2).hasSuffix(" [\"k2\"]"), "\(viewer.screen)")
        #expect(row(3).hasSuffix(" …"), "\(viewer.screen)")

        // k goes back within the rows: #1's states are kept, nothing is read again.
        let before = session.chunkDecodes
        viewer.press(.character("k"))
        viewer.send(.tick)
        viewer.send(.tick)
        #expect(viewer.state.selected == 1 && viewer.state.detail?.isLoading == false)
        #expect(session.chunkDecodes == before)
    }

    @Test("On a small state the detail is read on the key itself, as before")
    func smallStateReadsOnKey() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(entries: 1_000, in: directory))
        #expect(viewer.state.largeStores.isEmpty)
        viewer.press(.character("j"))
        #expect(viewer.state.selected == 2)
        #expect(viewer.state.detail?.isLoading == false)
        #expect(!viewer.state.isReading)
        guard case let .success(lines)? = viewer.state.detail?.diff else { Issue.record("no diff"); return }
        #expect(lines.map(\.text).joined(separator: "\n").contains("-   \"k2\": 2\n+   \"k2\": -2"), "\(lines)")
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The timeline's fx marks on the action each belongs to (issue 19, item 9): `E` on the action
/// an effect emitted (not on the row before it, where the `emitted` record was written), `F`
/// and `C` on the action that started the effect that failed or was cancelled (not where its
/// end was recorded), and `L` for an effect that leaked.
@Suite("fx marks in the timeline")
struct ViewerFxMarkTests {
    /// Eight actions of store "main": #2 starts effect 1, which emits #3 and finishes; #4
    /// starts effect 3, which fails after #8; #5 starts effect 4, which never ends; #6 starts
    /// effect 2, cancelled after #7; the session ends in order.
    static func trace(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("fx.sstrace")
        func action(_ seq: UInt64, effect: UInt64? = nil) -> Record {
            .action(ActionRecord(
                seq: seq, store: "main", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "A", caseName: "step\(seq)", payload: []), effectID: effect))
        }
        func started(_ id: UInt64, by parent: UInt64, _ name: String) -> Record {
            .effectStarted(EffectStarted(effectID: id, name: name, store: "main", parentSeq: parent, monotonicNanos: parent * 1_000_000 + 100))
        }
        func ended(_ id: UInt64, _ outcome: EffectEnded.Outcome, after seq: UInt64) -> Record {
            .effectEnded(EffectEnded(effectID: id, outcome: outcome, monotonicNanos: seq * 1_000_000 + 500))
        }
        try HostileTrace.write([
            .keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "S", fields: []))),
            action(1),
            action(2), started(1, by: 2, "load"),
            .effectEmitted(EffectEmitted(effectID: 1, actionSeq: 3, monotonicNanos: 2_900_000)),
            action(3, effect: 1), ended(1, .finished, after: 3),
            action(4), started(3, by: 4, "upload"),
            action(5), started(4, by: 5, "poll"),
            action(6), started(2, by: 6, "search"),
            action(7), ended(2, .cancelled, after: 7),
            action(8), ended(3, .failed("offline"), after: 8),
            .sessionEnded(SessionEnded(monotonicNanos: 9_000_000, wallNanos: 0)),
        ], perChunk: 3, to: path)
        return path
    }

    /// Each action row's fx column, by seq.
    static func marks(_ screen: String) -> [UInt64: String] {
        var marks: [UInt64: String] = [:]
        for line in screen.split(separator: "\n").prefix(10) {
            let words = line.split(separator: " ")
            guard let first = words.first(where: { $0.hasPrefix("#") }), let seq = UInt64(first.dropFirst()), line.hasPrefix(" ") || line.hasPrefix(">") else { continue }
            let fx = String(line.dropFirst(75)).trimmingCharacters(in: .whitespaces)
            marks[seq] = fx
        }
        return marks
    }

    static let expected: [UInt64: String] = [0: "", 1: "", 2: "S", 3: "E", 4: "SF", 5: "SL", 6: "SC", 7: "", 8: ""]

    @Test("Each mark is on its action once the effects are read (the viewer's first idle moment)")
    func marksOnTheirActions() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(in: directory))
        viewer.send(.tick)
        viewer.press(.character("j"))
        #expect(Self.marks(viewer.screen) == Self.expected, "\(viewer.screen)")
    }

}

@Suite("fx marks in the timeline at 80x24")
struct ViewerFxMarkScreenTests {
    @Test("E on the emitted action, F C L on the actions that started those effects; the help explains them")
    func marksOnScreen() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try ViewerFxMarkTests.trace(in: directory))
        #expect(viewer.screen.contains("#1/8 │ no filter"))
        #expect(ViewerFxMarkTests.marks(viewer.screen) == ViewerFxMarkTests.expected, "\(viewer.screen)")
        viewer.press(.character("?"), .character("G"))
        #expect(viewer.screen.contains("F failed  C cancelled  L leaked"), "\(viewer.screen)")
    }
}

@Suite("fx marks read off the loop's thread")
struct ViewerFxMarkBackgroundTests {
    @Test("Effects before and after a chunk holding a large keyframe are read by the background reader; the marks are the same")
    func afterALargeChunk() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("fx-large.sstrace")
        // The fx trace with a keyframe of 150,000 entries (about 1.5 MB raw) in its third chunk.
        var records = try TraceReader(path: try ViewerFxMarkTests.trace(in: directory)).allRecords()
        let at = try #require(records.firstIndex { if case .effectEnded = $0 { true } else { false } })
        records.insert(.keyframe(Keyframe(seq: 3, store: "main", state: TraceFixture.numbers(150_000))), at: at + 1)
        try HostileTrace.write(records, perChunk: 3, to: path)
        let large = try #require((try TraceReader(path: path)).chunks.firstIndex { $0.header.rawLength > 1 << 20 })

        var viewer = try ViewerHarness(path: path, idle: false, waitsForReads: false)
        viewer.waitForRows()
        viewer.send(.tick)
        // The first idle moment asked the reader for the effects, past the large chunk.
        #expect(viewer.state.effects.spans?.isReadOffThread == true && large > 0)
        #expect(!viewer.state.isReading && viewer.state.waitsForBackgroundReader, "the loop waits a few ms at a time, it does not spin")
        viewer.readEffectsToEnd()
        #expect(viewer.state.effects.spans?.chunksRead == (try TraceReader(path: path)).chunks.count)
        viewer.press(.character("j"))
        viewer.waitForDetail()
        #expect(ViewerFxMarkTests.marks(viewer.screen) == ViewerFxMarkTests.expected, "\(viewer.screen)")
    }

    /// 16 actions, each a chunk of its own with a keyframe of 1,300 entries, large for
    /// ``ViewerLargeChunkRowsTests/reader()`` as 130,000 are for the default reader: #2
    /// starts effect 2 ("load"); #14, below the screens read first, effect 14 ("upload"); and
    /// effect 99 ("timer"), started by no action, starts just after #14, in its chunk.
    static func largeChunksWithEffects(in directory: TemporaryDirectory) throws -> String {
        try ViewerLargeStateTests.keyframeTrace(entries: 1_300, actions: 16, in: directory, named: "fx-large-chunks.sstrace") { seq in
            switch seq {
            case 2: [.effectStarted(EffectStarted(effectID: 2, name: "load", store: "main", parentSeq: 2, monotonicNanos: 2_001))]
            case 14: [
                .effectStarted(EffectStarted(effectID: 14, name: "upload", store: "main", parentSeq: 14, monotonicNanos: 14_001)),
                .effectStarted(EffectStarted(effectID: 99, name: "timer", store: "main", parentSeq: nil, monotonicNanos: 14_002)),
            ]
            default: []
            }
        }
    }

    /// A viewer on ``largeChunksWithEffects(in:)`` once its first screens and every effect are
    /// read, the chunk of #14 not in its session's memory.
    static func effectsRead(in directory: TemporaryDirectory) throws -> ViewerHarness {
        var viewer = try ViewerHarness(
            path: try largeChunksWithEffects(in: directory), rows: ViewerLargeChunkRowsTests.rows, idle: false, reader: ViewerLargeChunkRowsTests.reader(),
            waitsForReads: false)
        viewer.waitForRows()
        viewer.readEffectsToEnd()
        return viewer
    }

    @Test("The effects view names a parent action in a large chunk once the reader read it: `#14 …` until then, nothing decoded on the loop's thread")
    func parentInALargeChunk() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.effectsRead(in: directory)
        viewer.press(.character("e"))
        func parent(of name: String) -> String? { viewer.state.effects.rows.first { $0.lifetime.name == name }?.parent }
        #expect(parent(of: "upload") == "#14 …" && viewer.state.effects.parentsAsked != nil, "\(viewer.state.effects.rows)")
        viewer.readEffectsToEnd()
        #expect(parent(of: "upload") == "#14 .set(n: 14)" && parent(of: "load") == "#2 .set(n: 2)", "\(viewer.state.effects.rows)")
        #expect(viewer.screen.contains("#14 .set(n: 14)"), "\(viewer.screen)")
    }

    @Test("p on an effect whose parent is in a large chunk not yet read: #14 is selected, its rows and detail come with the read, nothing is said to be unreadable; reopened, the view names the parent")
    func parentSelectedBeforeRead() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.effectsRead(in: directory)
        viewer.press(.character("e"), .character("G"), .character("k"))
        try #require(viewer.state.effects.selected?.name == "upload" && viewer.state.effects.parentsAsked != nil)
        viewer.press(.character("p"))
        viewer.waitForRows()
        #expect(!viewer.state.effects.isShown && viewer.state.selected == 14)
        #expect(viewer.state.message == nil, "\(String(describing: viewer.state.message))")
        viewer.waitForDetail()
        #expect(viewer.state.timeline.rows.compactMap(\.seq).contains(14) && viewer.state.detail?.entry.seq == 14, "\(viewer.state.timeline.rows)")
        viewer.press(.character("e"))
        viewer.readEffectsToEnd()
        #expect(viewer.state.effects.rows.first { $0.lifetime.name == "upload" }?.parent == "#14 .set(n: 14)", "\(viewer.state.effects.rows)")
    }

    @Test("enter on an effect no action started, whose start lies in a large chunk not yet read: the reader selects the action before the start; nothing decoded on the loop's thread")
    func startInALargeChunk() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.effectsRead(in: directory)
        viewer.press(.character("e"), .character("G"))
        try #require(viewer.state.effects.selected?.name == "timer")
        viewer.press(.enter)
        #expect(!viewer.state.effects.isShown && viewer.state.isReadingRows, "the reader looks for the action")
        viewer.waitForRows()
        #expect(!viewer.state.effects.isShown && viewer.state.selected == 14, "\(String(describing: viewer.state.message))")
        #expect(viewer.state.message == nil && viewer.state.effects.anchor == 14)
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The effects view (`e`) and the keys that go from an effect to its actions (`p`, `o`,
/// `enter`), on traces the recorder wrote for the samples and on hand-written ones for the
/// cases the samples lack (a leak, a growing trace, hostile text).
@Suite("Viewer effects view")
struct ViewerEffectsTests {
    @Test("e opens the effects view on the effect the selected action started; e and esc go back with the selection kept")
    func openAndClose() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("j"), .character("j"), .character("j"))
        #expect(viewer.state.selected == 4)
        viewer.press(.character("e"))
        #expect(viewer.state.effects.isShown)
        #expect(viewer.state.effects.rows.map(\.lifetime.effectID) == [1, 2, 3, 4, 5, 6])
        #expect(viewer.state.effects.selected?.effectID == 4, "the effect #4 started")
        #expect(viewer.state.effects.rows[3].parent == "#4 .search(query: \"swiftui\")")
        viewer.press(.character("j"))
        #expect(viewer.state.effects.selected?.effectID == 5)
        #expect(viewer.state.selected == 4, "moving among effects leaves the timeline selection")
        viewer.press(.escape)
        #expect(!viewer.state.effects.isShown)
        #expect(viewer.state.selected == 4)
        viewer.press(.character("e"))
        #expect(viewer.state.effects.selected?.effectID == 5, "reopened on the same selection, the cursor stays")
        viewer.press(.character("e"))
        #expect(!viewer.state.effects.isShown)
        viewer.press(.character("k"), .character("e"))
        #expect(viewer.state.selected == 3)
        #expect(viewer.state.effects.selected?.effectID == 3, "the timeline moved: the cursor follows it to the effect #3 started")
        viewer.press(.character("G"), .character("k"), .character("g"))
        #expect(viewer.state.effects.selected?.effectID == 1)
        #expect(viewer.state.selected == 3, "g G j k move the effects cursor, not the timeline")
    }

    @Test("An action emitted by an effect opens the view on that effect; an action without effects on the one running then")
    func syncWithTimeline() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character("G"), .character("k"))
        #expect(viewer.state.selected == 8)
        viewer.press(.character("e"))
        #expect(viewer.state.effects.selected?.effectID == 4, "#8 was emitted by effect 4")
        viewer.press(.escape, .character("k"), .character("k"), .character("k"))
        #expect(viewer.state.selected == 5)
        viewer.press(.character("e"))
        #expect(viewer.state.effects.selected?.effectID == 2, "#5 has no effect of its own: the last one started before it")
    }

    @Test("p selects the action that started the effect, in the timeline; an effect without one says so")
    func parent() throws {
        var viewer = try ViewerHarness(fixture: "users")
        viewer.press(.character("e"), .character("j"), .character("j"))
        #expect(viewer.state.effects.selected?.effectID == 3)
        viewer.press(.character("p"))
        #expect(!viewer.state.effects.isShown)
        #expect(viewer.state.selected == 6)
        #expect(viewer.state.timeline.rows.compactMap(\.seq).contains(6))
        #expect(viewer.screen.contains(">    #6 "))

        viewer.press(.character("j"), .character("j"))
        #expect(viewer.state.selected == 8)
        viewer.press(.character("p"))
        #expect(viewer.state.selected == 7, "in the timeline, p goes from an emitted action to the action that started its effect")
        viewer.press(.character("p"))
        #expect(viewer.state.selected == 7)
        #expect(viewer.state.message == "#7 was not emitted by an effect")

        var todos = try ViewerHarness(fixture: "todos")
        todos.press(.character("e"), .character("p"))
        #expect(todos.state.effects.isShown, "nothing to go to: the view stays")
        #expect(todos.state.message == "effect 1 has no parent action: it was not started by a reducer")
    }

    @Test("o selects the next action the effect emitted and cycles through them, also from the timeline")
    func emitted() throws {
        var viewer = try ViewerHarness(fixture: "todos")
        viewer.press(.character("e"), .character("j"), .character("j"), .character("j"))
        #expect(viewer.state.effects.selected?.effectID == 4)
        #expect(viewer.state.effects.selected?.emitted == [4, 5])
        viewer.press(.character("o"))
        #expect(!viewer.state.effects.isShown)
        #expect(viewer.state.selected == 4)
        viewer.press(.character("o"))
        #expect(viewer.state.selected == 5)
        viewer.press(.character("o"))
        #expect(viewer.state.selected == 4, "after the last, the first again")

        viewer.press(.character("e"), .character("j"), .character("o"))
        #expect(viewer.state.effects.selected?.effectID == 5)
        #expect(viewer.state.effects.isShown)
        #expect(viewer.state.message == "effect 5 emitted no action")

        var users = try ViewerHarness(fixture: "users")
        users.press(.character("j"), .character("j"))
        #expect(users.state.selected == 3)
        users.press(.character("o"))
        #expect(users.state.selected == 4, "the timeline's o: #3 started effect 2, which emitted #4")
    }

    @Test("enter selects where the effect started: its parent, or the action before its start")
    func start() throws {
        var viewer = try ViewerHarness(fixture: "todos")
        viewer.press(.character("e"), .character("j"), .character("j"), .character("j"), .enter)
        #expect(!viewer.state.effects.isShown)
        #expect(viewer.state.selected == 3, "effect 4 started after #3, by no action")
        var search = try ViewerHarness(fixture: "search")
        search.press(.character("e"), .character("G"), .character("k"), .enter)
        #expect(search.state.selected == 5)
    }

    @Test("The effects view at 80x24: bars on a shared axis, F and C marked, the effect's facts below")
    func screen80() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("j"), .character("j"), .character("j"), .character("e"))
        #expect(viewer.screen == ViewerEffectsGolden.search80)
    }

    @Test("The effects view at 120x40 uses the width for names and longer bars")
    func screen120() throws {
        var viewer = try ViewerHarness(fixture: "users", columns: 120, rows: 40)
        viewer.press(.character("G"), .character("k"), .character("k"), .character("e"), .character("k"))
        #expect(viewer.screen == ViewerEffectsGolden.users120)
    }

    @Test("An effect still running when the session ended reaches the end of the axis, ends in ▶, and is called a leak")
    func running() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("checkout.sstrace")
        try CheckoutTrace.write(to: path)
        var viewer = try ViewerHarness(path: path)
        viewer.press(.character("e"), .character("G"))
        #expect(viewer.state.effects.selected?.effectID == 3)
        #expect(viewer.screen == ViewerEffectsGolden.leak80)
        let grid = ViewerRender.render(viewer.state)
        let bars = ViewerRender.EffectColumns(columns: 80)
        let arrow = try #require((0..<grid.width).first { grid[3, $0].character == "▶" })
        #expect(arrow == bars.barStart + bars.bar - 1, "the leak's bar reaches the end of the axis")
        let failed = try #require((bars.barStart..<grid.width).first { grid[2, $0].character == "F" })
        #expect(grid[2, failed].style == .colored(.red, bold: true), "a failure is red")
        let cancelled = try #require((bars.barStart..<grid.width).first { grid[1, $0].character == "━" })
        #expect(grid[1, cancelled].style == .plain, "a finished effect is plain")
    }

    @Test("A growing trace adds its new chunks to the lifetimes read before: an effect that ends later shows its end; F follows new effects")
    func growing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("growing.sstrace")
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "Grow", store: "main", schemaFingerprint: 1))
        func action(_ seq: UInt64, effect: UInt64? = nil) throws {
            try writer.append(.action(ActionRecord(seq: seq, store: "main", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 10, action: .enumeration(type: "A", caseName: "step", payload: []), effectID: effect)))
        }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "C", fields: []))))
        try action(1)
        try writer.append(.effectStarted(EffectStarted(effectID: 1, name: "download", store: "main", parentSeq: 1, monotonicNanos: 1_100_000)))
        try action(2)
        try writer.flush()

        var viewer = try ViewerHarness(path: path)
        viewer.press(.character("e"))
        #expect(viewer.state.effects.selected?.isOpen == true)
        #expect(viewer.screen.contains("running at the end of the trace"))
        let chunksBefore = try #require(viewer.state.effects.spans?.chunksRead)
        viewer.press(.character("F"))
        #expect(viewer.state.following, "F follows from the effects view too")

        try writer.append(.effectEmitted(EffectEmitted(effectID: 1, actionSeq: 3, monotonicNanos: 3_000_000)))
        try action(3, effect: 1)
        try writer.append(.effectEnded(EffectEnded(effectID: 1, outcome: .cancelled, monotonicNanos: 3_500_000)))
        try writer.append(.effectStarted(EffectStarted(effectID: 2, name: "upload", store: "main", parentSeq: 3, monotonicNanos: 3_600_000)))
        try writer.flush()
        // The reader reads on in the trace and says records arrived.
        viewer.send(.sessions(.poll))
        let spans = try #require(viewer.state.effects.spans)
        #expect(spans.chunksRead > chunksBefore)
        #expect(spans.lifetimes.map(\.effectID) == [1, 2])
        #expect(spans.lifetimes[0].outcomeName == "cancelled")
        #expect(spans.lifetimes[0].emitted == [3])
        #expect(viewer.state.effects.rows.count == 2)
        #expect(viewer.state.effects.selected?.effectID == 2, "following: the cursor goes to the effect that just started")
        #expect(viewer.state.selected == 3)
        viewer.press(.character("k"))
        #expect(!viewer.state.following, "moving pauses")
        #expect(viewer.screen.contains("cancelled at +0.003500s after 2.4ms"))
        try writer.close()
    }

    @Test("A long trace's effects are read by the reader a part per answer, and the view fills in and finds the selected action's effect")
    func readInParts() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("long.sstrace")
        let header = TraceFixture.header(app: "Long", store: "main", schemaFingerprint: 1)
        let writer = try TraceWriter(path: path, header: header, options: .init(chunkSize: 512, flushInterval: .seconds(3600)))
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "C", fields: []))))
        for seq in 1...60 as ClosedRange<UInt64> {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "main", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "A", caseName: "step", payload: [.init("note", .string(String(repeating: "x", count: 40)))]),
                effectID: seq == 51 ? 2 : nil)))
            if seq == 1 { try writer.append(.effectStarted(EffectStarted(effectID: 1, name: "sync", store: "main", parentSeq: 1, monotonicNanos: 1_100_000))) }
            if seq == 50 {
                try writer.append(.effectStarted(EffectStarted(effectID: 2, name: "load", store: "main", parentSeq: 50, monotonicNanos: 50_100_000)))
                try writer.append(.effectEmitted(EffectEmitted(effectID: 2, actionSeq: 51, monotonicNanos: 50_900_000)))
            }
            if seq == 51 { try writer.append(.effectEnded(EffectEnded(effectID: 2, outcome: .finished, monotonicNanos: 51_100_000))) }
            if seq == 60 { try writer.append(.effectEnded(EffectEnded(effectID: 1, outcome: .finished, monotonicNanos: 60_100_000))) }
        }
        try writer.close()
        let chunks = writer.chunks.count
        #expect(chunks > 5)

        let reader = SteppedReader()
        var viewer = try ViewerHarness(path: path, idle: false, reader: reader)
        viewer.press(.character(":"))
        viewer.type("50")
        viewer.press(.enter, .character("e"))
        try reader.readEffectsPart()
        viewer.takeAnswers()
        #expect(viewer.state.effects.spans?.chunksRead == 1, "the reader answers a part")
        #expect(viewer.state.effects.selected?.effectID == 1, "effect 2 is not read yet: the one running then")
        #expect(viewer.state.effects.pendingSync)
        #expect(viewer.state.effects.spans?.isReadOffThread == true, "the next part is asked for")
        #expect(viewer.screen.contains("reading the trace 1"))
        #expect(viewer.screen.contains("no end read yet"))
        #expect(viewer.screen.split(separator: "\n")[1].contains("…"), "no ▶: the effect may end further on")
        for read in 2...chunks {
            try reader.readEffectsPart()
            viewer.takeAnswers()
            #expect(viewer.state.effects.spans?.chunksRead == read)
        }
        #expect(viewer.state.effects.spans?.isComplete == true)
        #expect(viewer.state.effects.spans?.isReadOffThread == false)
        #expect(viewer.state.effects.selected?.effectID == 2, "once read, the cursor goes to the effect #50 started")
        #expect(!viewer.state.effects.pendingSync)
        #expect(viewer.state.effects.rows.map(\.lifetime.outcomeName) == ["finished", "finished"])
        #expect(!viewer.screen.contains("reading the trace"))
        viewer.send(.tick)
        #expect(try !reader.readEffectsPart(), "nothing more asked")
    }

    @Test("A trace without effects says so, and the effect keys do nothing else")
    func noEffects() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("plain.sstrace")
        try SmallTrace.write([SmallTrace.action(1, "a"), SmallTrace.action(2, "b")], to: path)
        var viewer = try ViewerHarness(path: path)
        viewer.press(.character("e"), .character("j"), .character("G"), .character("p"), .character("o"), .enter)
        #expect(viewer.state.effects.isShown)
        #expect(viewer.state.effects.selected == nil)
        #expect(viewer.screen.contains("(no effects in this trace)"))
        viewer.press(.escape, .character("o"))
        #expect(viewer.state.message == "no effect started or emitted #1")
        viewer.press(.character("p"))
        #expect(viewer.state.message == "#1 was not emitted by an effect")
        #expect(viewer.state.selected == 1)
    }

    @Test("Names, stores, errors and parent actions from the trace are sanitized in the effects view")
    func sanitized() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("hostile.sstrace")
        let evil = "\u{1B}]0;pwned\u{07}"
        let store = "s\u{1B}[2J"
        let writer = try TraceWriter(path: path, header: TraceFixture.header(app: "H", store: store, schemaFingerprint: 1))
        try writer.append(.keyframe(Keyframe(seq: 0, store: store, state: .structure(type: "S", fields: []))))
        try writer.append(.action(ActionRecord(seq: 1, store: store, monotonicNanos: 1, wallNanos: 0, reducerNanos: 1, action: .string(evil))))
        try writer.append(.effectStarted(EffectStarted(
            effectID: 1, name: evil, store: store, parentSeq: 1, monotonicNanos: 2, location: SourceLocation(file: evil, line: 1))))
        try writer.append(.effectEnded(EffectEnded(effectID: 1, outcome: .failed(evil), monotonicNanos: 3)))
        try writer.close()
        var viewer = try ViewerHarness(path: path, columns: 200, rows: 24)
        viewer.press(.character("e"))
        let grid = ViewerRender.render(viewer.state)
        #expect(!grid.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let lines = grid.text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix(">   1 \\u{1b}]0;pwned\\u{7}") }, "the name, escaped")
        #expect(lines.contains("effect   1 \"\\u{1b}]0;pwned\\u{7}\" in s\\u{1b}[2J"), "the store, escaped")
        #expect(lines.contains("started  +0.000000s by #1 \"\\u{1b}]0;pwned\\u{7}\""), "the parent action, escaped")
        #expect(lines.contains("error    \\u{1b}]0;pwned\\u{7}"))
        #expect(lines.contains("at       \\u{1b}]0;pwned\\u{7}:1"))
        #expect(!GridDiff().output(from: nil, to: grid).contains("]0;pwned\u{07}"))
    }
}

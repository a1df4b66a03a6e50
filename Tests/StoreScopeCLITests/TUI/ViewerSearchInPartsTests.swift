import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// Searches that read far run a part at a time: the key reads one part, each tick another,
/// the prompt line shows progress, and any key cancels.
@Suite("Viewer searches in parts")
struct ViewerSearchInPartsTests {
    /// 400 actions in small chunks; action 350 is the only `rare` one.
    static func longTrace(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.path("long.sstrace")
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Long", schemaFingerprint: 1), chunkSize: 512)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "C", fields: []))))
        for seq in 1...400 as ClosedRange<UInt64> {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "main", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "A", caseName: seq == 350 ? "rare" : "step", payload: [.init("note", .string(String(repeating: "x", count: 40)))]),
                effectID: nil)))
        }
        try writer.close()
        #expect(writer.chunks.count > 20)
        return path
    }

    static func viewer(_ path: String) throws -> ViewerHarness {
        var viewer = try ViewerHarness(path: path)
        viewer.state.search.budget = PartBudget(chunks: 2, time: nil)
        return viewer
    }

    /// `/action:rare` ⏎.
    static func search(_ viewer: inout ViewerHarness) {
        viewer.press(.character("/"))
        viewer.type("action:rare")
        viewer.press(.enter)
    }

    @Test("G under a filter whose last match is far from the end finds it in parts, the one the engine names")
    func lastMatchInParts() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.longTrace(directory)
        var viewer = try Self.viewer(path)
        viewer.press(.character("f"))
        viewer.type("seq:..120")
        viewer.press(.enter)
        while viewer.state.search.running != nil { viewer.send(.tick) }
        #expect(viewer.state.selected == 1 && viewer.state.filter.description == "seq:..120")
        viewer.press(.character("G"))
        #expect(viewer.state.search.running != nil, "280 actions after the last match: one part of 2 chunks did not reach it")
        #expect(viewer.state.selected == 1)
        var ticks = 0
        while viewer.state.search.running != nil, ticks < 1_000 {
            viewer.send(.tick)
            ticks += 1
        }
        #expect(ticks > 5, "\(ticks) ticks")
        #expect(viewer.state.selected == 120)
        #expect(viewer.state.selected == viewer.reducer.session.lastAction(matching: viewer.state.filter)?.seq)
        // Without a filter, G is the last action at once.
        viewer.press(.character("f"))
        for _ in 0..<20 { viewer.press(.backspace) }
        viewer.press(.enter)
        while viewer.state.search.running != nil { viewer.send(.tick) }
        viewer.press(.character("G"))
        #expect(viewer.state.search.running == nil && viewer.state.selected == 400)
    }

    @Test("/ finds the same match as the one-shot search, a part per tick, showing progress on the prompt line")
    func searchFindsSameMatch() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.longTrace(directory)
        var oneShot = try ViewerHarness(path: path)
        oneShot.state.search.budget = PartBudget(chunks: 1_000, time: nil)
        oneShot.press(.character("/"))
        oneShot.type("action:rare")
        oneShot.press(.enter)
        #expect(oneShot.state.selected == 350)

        var viewer = try Self.viewer(path)
        Self.search(&viewer)
        #expect(viewer.state.selected == 1, "one part read: not found yet")
        let first = try #require(viewer.state.search.running)
        #expect(viewer.screen.contains("searching… \(first.percent)% (esc cancels)"))
        var ticks = 0, percents: [Int] = []
        while viewer.state.search.running != nil, ticks < 1_000 {
            percents.append(viewer.state.search.running!.percent)
            viewer.send(.tick)
            ticks += 1
        }
        #expect(ticks > 3, "several parts")
        #expect(percents == percents.sorted())
        #expect(viewer.state.selected == oneShot.state.selected)
        #expect(!viewer.screen.contains("searching…"))
        // n: no later match; found out a part at a time too.
        viewer.press(.character("n"))
        while viewer.state.search.running != nil { viewer.send(.tick) }
        #expect(viewer.state.message == "no later match for action:rare")
        #expect(viewer.state.selected == 350)
    }

    @Test("esc cancels a search and keeps the selection; another key cancels it and is answered")
    func cancel() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.viewer(try Self.longTrace(directory))
        Self.search(&viewer)
        viewer.send(.tick)
        #expect(viewer.state.search.running != nil)
        viewer.press(.escape)
        #expect(viewer.state.search.running == nil)
        #expect(viewer.state.selected == 1)
        #expect(viewer.state.message == "search cancelled")
        viewer.send(.tick)
        #expect(viewer.state.selected == 1, "a cancelled search does not go on")

        viewer.press(.character("n"))
        #expect(viewer.state.search.running != nil)
        viewer.press(.character("j"))
        #expect(viewer.state.search.running == nil)
        #expect(viewer.state.selected == 2, "j was answered")
    }

    @Test("Applying a filter that matches far away shows searching… in the timeline, then selects the match")
    func filter() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.viewer(try Self.longTrace(directory))
        viewer.press(.character("f"))
        viewer.type("action:rare")
        viewer.press(.enter)
        #expect(viewer.state.search.running?.isFiltering == true)
        let lines = viewer.screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("  searching… "))
        #expect(viewer.screen.contains("(esc cancels)"))
        while viewer.state.search.running != nil { viewer.send(.tick) }
        #expect(viewer.state.selected == 350)
        #expect(viewer.state.filter.description == "action:rare")
        #expect(viewer.state.timeline.rows.count == 1)

        viewer.press(.character("f"))
        for _ in 0..<20 { viewer.press(.backspace) }
        viewer.type("action:nothing")
        viewer.press(.enter)
        while viewer.state.search.running != nil { viewer.send(.tick) }
        #expect(viewer.state.message == "no action matches action:nothing")
    }

    @Test("Golden: the progress line")
    func golden() throws {
        let directory = try TemporaryDirectory()
        var viewer = try Self.viewer(try Self.longTrace(directory))
        Self.search(&viewer)
        viewer.send(.tick)
        let last = viewer.screen.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init)
        #expect(last == "searching… \(viewer.state.search.running!.percent)% (esc cancels)")
        #expect(viewer.state.search.running!.percent > 0)
    }
}

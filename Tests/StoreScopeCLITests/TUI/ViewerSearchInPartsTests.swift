import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// Searches that read far run a part at a time: the key reads one part, each tick another,
/// the prompt line shows progress, and any key cancels.
@Suite("Viewer searches in parts")
struct ViewerSearchInPartsTests {
    /// `actions` actions in small chunks; action 350 is the only `rare` one.
    static func longTrace(_ directory: TemporaryDirectory, actions: UInt64 = 400) throws -> String {
        let path = directory.path("long.sstrace")
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "Long", schemaFingerprint: 1), chunkSize: 512)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "C", fields: []))))
        for seq in 1...actions {
            try writer.append(.action(ActionRecord(
                seq: seq, store: "main", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "A", caseName: seq == 350 ? "rare" : "step", payload: [.init("note", .string(String(repeating: "x", count: 40)))]),
                effectID: nil)))
        }
        try writer.close()
        #expect(writer.chunks.count > 20)
        return path
    }

    /// A viewer whose searches read a part when the test says (``SteppedReader``).
    static func viewer(_ path: String) throws -> (ViewerHarness, SteppedReader) {
        let reader = SteppedReader()
        return (try ViewerHarness(path: path, reader: reader), reader)
    }

    /// `/action:rare` ⏎.
    static func search(_ viewer: inout ViewerHarness) {
        viewer.press(.character("/"))
        viewer.type("action:rare")
        viewer.press(.enter)
    }

    /// A viewer on ``longTrace(_:actions:)`` whose `/action:rare` search has read one part.
    static func searchedOnePart(_ directory: TemporaryDirectory) throws -> (ViewerHarness, SteppedReader) {
        var (viewer, reader) = try viewer(try longTrace(directory))
        search(&viewer)
        try reader.readSearchPart()
        viewer.takeAnswers()
        return (viewer, reader)
    }

    /// Reads the running search's parts to its end, each answer taken as the loop takes it;
    /// returns the percent the prompt line showed after each part.
    @discardableResult
    static func readToTheEnd(_ viewer: inout ViewerHarness, _ reader: SteppedReader) throws -> [Int] {
        var percents: [Int] = []
        while try reader.readSearchPart() {
            viewer.takeAnswers()
            if let running = viewer.state.search.running { percents.append(running.percent) }
        }
        return percents
    }

    @Test("G under a filter whose last match is far from the end finds it in parts, the one the engine names")
    func lastMatchInParts() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.longTrace(directory)
        var (viewer, reader) = try Self.viewer(path)
        viewer.press(.character("f"))
        viewer.type("seq:..120")
        viewer.press(.enter)
        try Self.readToTheEnd(&viewer, reader)
        #expect(viewer.state.selected == 1 && viewer.state.filter.description == "seq:..120")
        viewer.press(.character("G"))
        #expect(viewer.state.search.running != nil && viewer.state.selected == 1)
        let parts = try Self.readToTheEnd(&viewer, reader)
        #expect(parts.count > 5, "280 actions after the last match, \(SearchReader.partChunks) chunks a part: \(parts.count) parts")
        #expect(viewer.state.search.running == nil && viewer.state.selected == 120)
        #expect(viewer.state.selected == (try TraceSession(path: path)).lastAction(matching: viewer.state.filter)?.seq)
        // Without a filter, G is the last action at once.
        viewer.press(.character("f"))
        for _ in 0..<20 { viewer.press(.backspace) }
        viewer.press(.enter)
        try Self.readToTheEnd(&viewer, reader)
        viewer.press(.character("G"))
        #expect(viewer.state.search.running == nil && viewer.state.selected == 400)
    }

    @Test("/ finds the same match as the one-shot search, a part per answer of the reader, showing progress on the prompt line")
    func searchFindsSameMatch() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.longTrace(directory)
        var oneShot = try ViewerHarness(path: path)
        Self.search(&oneShot)
        #expect(oneShot.state.selected == 350 && oneShot.state.search.running == nil)

        var (viewer, reader) = try Self.viewer(path)
        Self.search(&viewer)
        #expect(viewer.state.selected == 1, "asked of the reader: not found yet")
        #expect(viewer.performed.contains { if case .read(.search) = $0 { true } else { false } })
        #expect(viewer.screen.contains("searching… 0% (esc cancels)"))
        let percents = try Self.readToTheEnd(&viewer, reader)
        #expect(percents.count > 3, "several parts: \(percents)")
        #expect(percents == percents.sorted() && percents.last ?? 0 > 0, "\(percents)")
        #expect(viewer.state.selected == oneShot.state.selected)
        #expect(!viewer.screen.contains("searching…"))
        // n: no later match; found out a part at a time too.
        viewer.press(.character("n"))
        #expect(viewer.state.search.running != nil)
        try Self.readToTheEnd(&viewer, reader)
        #expect(viewer.state.message == "no later match for action:rare")
        #expect(viewer.state.selected == 350)
    }

    @Test("esc cancels a search and keeps the selection, and the reader reads no more of it; another key cancels it and is answered")
    func cancel() throws {
        let directory = try TemporaryDirectory()
        var (viewer, reader) = try Self.searchedOnePart(directory)
        #expect(viewer.state.search.running != nil)
        viewer.press(.escape)
        #expect(viewer.state.search.running == nil)
        #expect(viewer.state.selected == 1)
        #expect(viewer.state.message == "search cancelled")
        #expect(viewer.effects == [.read(.stopSearch)])
        #expect(try !reader.readSearchPart(), "the reader has no search left to read")
        viewer.send(.tick)
        #expect(viewer.state.selected == 1, "a cancelled search does not go on")

        viewer.press(.character("n"))
        #expect(viewer.state.search.running != nil)
        // A part read before the key, taken after it: dropped.
        try reader.readSearchPart()
        viewer.press(.character("j"))
        #expect(viewer.state.search.running == nil)
        viewer.takeAnswers()
        #expect(viewer.state.search.running == nil)
        #expect(viewer.state.selected == 2, "j was answered")
    }

    @Test("A resize while the reader searches: the screen is answered at once, the search goes on and selects its match")
    func screenBetweenParts() throws {
        let directory = try TemporaryDirectory()
        var (viewer, reader) = try Self.searchedOnePart(directory)
        let percent = try #require(viewer.state.search.running?.percent)
        viewer.send(.resize(columns: 100, rows: 30))
        #expect(viewer.state.timeline.rows.count == viewer.state.layout.timelineRows, "the screen of the new size, read between two parts")
        #expect(viewer.state.search.running?.percent == percent, "the search goes on where it was")
        try Self.readToTheEnd(&viewer, reader)
        #expect(viewer.state.selected == 350)
    }

    @Test("Applying a filter that matches far away shows searching… in the timeline, then selects the match")
    func filter() throws {
        let directory = try TemporaryDirectory()
        var (viewer, reader) = try Self.viewer(try Self.longTrace(directory))
        viewer.press(.character("f"))
        viewer.type("action:rare")
        viewer.press(.enter)
        #expect(viewer.state.search.running?.isFiltering == true)
        let lines = viewer.screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("  searching… "))
        #expect(viewer.screen.contains("(esc cancels)"))
        try Self.readToTheEnd(&viewer, reader)
        #expect(viewer.state.selected == 350)
        #expect(viewer.state.filter.description == "action:rare")
        #expect(viewer.state.timeline.rows.count == 1)

        viewer.press(.character("f"))
        for _ in 0..<20 { viewer.press(.backspace) }
        viewer.type("action:nothing")
        viewer.press(.enter)
        try Self.readToTheEnd(&viewer, reader)
        #expect(viewer.state.message == "no action matches action:nothing")
    }

    @Test("Golden: the progress line")
    func golden() throws {
        let directory = try TemporaryDirectory()
        let (viewer, _) = try Self.searchedOnePart(directory)
        let last = viewer.screen.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init)
        #expect(last == "searching… \(viewer.state.search.running!.percent)% (esc cancels)")
        #expect(viewer.state.search.running!.percent > 0)
    }

    @Test("The real reader answers a screen asked while it searches before the search's next part, and searches on after it")
    func readerYieldsToScreens() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.longTrace(directory, actions: 6_000)
        let viewer = try ViewerHarness(path: path)
        let reader = BackgroundReader()
        let search = LongSearch(goal: .match(try Filter(parsing: "action:nothing")), forward: true, origin: 1, resume: 1, number: 1)
        reader.read(.search(SearchRequest(trace: viewer.reducer.backgroundTrace, search: search, lastSeq: 6_000)))
        var answers: [BackgroundReader.Read] = []
        while answers.isEmpty, reader.awaitFinished(until: nil) { answers += reader.takeFinished() }
        let screen = ScreenRequest(trace: viewer.reducer.backgroundTrace, filter: .all, height: 10, selected: 1, top: 0, moves: [.step(3)])
        reader.read(.screen(screen))
        while reader.awaitFinished(until: nil) { answers += reader.takeFinished() }
        let screenAt = try #require(answers.firstIndex { if case .screen = $0 { true } else { false } })
        let searchParts = answers.indices.filter { if case .search = answers[$0] { true } else { false } }
        #expect(searchParts.count > 100, "\(searchParts.count) parts")
        #expect(searchParts.contains { $0 > screenAt }, "the search went on after the screen")
        #expect(searchParts.filter { $0 < screenAt }.count < searchParts.count / 2, "the screen waited for no more than the part under way")
        guard case let .search(last) = answers[try #require(searchParts.last)] else { return }
        #expect(last.outcome == .notFound)
        guard case let .screen(answer) = answers[screenAt] else { return }
        #expect(answer.selected == 4)
    }
}

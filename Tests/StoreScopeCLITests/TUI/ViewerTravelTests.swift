import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// Time travel in the viewer: `}` `{` follow the path under the cursor, `space` plays,
/// `m` `'` `"` bookmark; on the recorded search sample and on traces written here.
@Suite("Viewer time travel")
struct ViewerTravelTests {
    /// The text of the detail line under the cursor, without its indentation (nor, in the
    /// state tree, the `+` of a node the action changed).
    static func cursorLine(_ viewer: ViewerHarness) -> String? {
        let line = ViewerRender.detailLines(viewer.state)[safe: viewer.state.pane.cursor]?.text
        return (viewer.state.pane.mode == .tree ? line.map { String($0.dropFirst(2)) } : line)?.trimmingSpaces
    }

    @Test("} and { in the state tree go to the actions that changed the node under the cursor, keeping the cursor on it")
    func treeNode() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("s"), .tab, .character("g"), .character("j"), .character("j"), .character("j"))  // g: from the tree's top, not the node the action changed  // g: from the tree's top, not the node the action changed
        #expect(Self.cursorLine(viewer) == "isLoading: true")
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 3, "#2 left isLoading alone; #3 set it back to false")
        #expect(Self.cursorLine(viewer) == "isLoading: false", "the cursor follows the node below the five new repos")
        #expect(viewer.state.pane.cursor > 3)
        #expect(viewer.state.message == "#3 changed .isLoading")
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 4)
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 6)
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 6)
        #expect(viewer.state.message == "no later change of .isLoading in search")
        viewer.press(.character("{"))
        #expect(viewer.state.selected == 4)
        #expect(Self.cursorLine(viewer) == "isLoading: true")
        viewer.press(.character("{"), .character("{"))
        #expect(viewer.state.selected == 1)
        viewer.press(.character("{"))
        #expect(viewer.state.message == "no earlier change of .isLoading in search")
    }

    @Test("At 80x24: put the cursor on a path in the state tree, press }: the next action that changed it is selected, in the timeline and the pane")
    func nextChangeOnScreen() throws {
        var viewer = try ViewerHarness(fixture: "search")
        // g: from the tree's top (it opens on the node #1 changed).
        viewer.press(.character("s"), .tab, .character("g"), .character("j"), .character("j"), .character("j"), .character("}"))
        #expect(viewer.screen.contains("#3 changed .isLoading"), "\(viewer.screen)")
        #expect(viewer.screen.contains(" search.sstrace │ #3/6 │"))
        #expect(viewer.screen.contains("── #3 search  d diff  [s state]"))
        #expect(viewer.screen.split(separator: "\n").contains { $0.hasPrefix(">    #3 ") }, "the timeline selects #3")
        viewer.press(.character("}"))
        #expect(viewer.screen.contains("#4 changed .isLoading"))
        viewer.press(.character("{"), .character("{"))
        #expect(viewer.screen.contains("#1 changed .isLoading"))
    }

    @Test("} on a node deep in an array finds the action that removed its element (a change of a container holding it)")
    func descendantOfChangedContainer() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("j"), .character("j"), .character("s"), .tab, .character("g"))  // g: from the tree's top, not the node the action changed
        // #3: SearchState( query repos: [ Repo( id name ... ) ...
        for _ in 0..<5 { viewer.press(.character("j")) }
        #expect(Self.cursorLine(viewer) == "name: \"apple/swift\"")
        viewer.press(.character("{"))
        #expect(viewer.state.selected == 3)
        #expect(viewer.state.message == "no earlier change of .repos[0].name in search", "#3 inserted it")
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 6, "#6 removed .repos[0]; #4 and #5 left the repos alone")
        #expect(Self.cursorLine(viewer) == "name: \"apple/swift-nio\"", "the cursor stays on .repos[0].name, now another repo's")
    }

    @Test("In the diff the path is the changed path on the cursor line; in the timeline the action's first changed path, whatever the filter")
    func diffLineAndTimeline() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("j"), .character("j"), .tab)
        let lines = ViewerRender.detailLines(viewer.state).map(\.text)
        let isLoading = try #require(lines.firstIndex { $0.hasPrefix("+") && $0.contains("isLoading: false") })
        for _ in 0..<isLoading { viewer.press(.character("j")) }
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 4)
        #expect(Self.cursorLine(viewer)?.contains("isLoading") == true, "the cursor is on the isLoading lines of #4's diff")

        viewer.press(.tab, .character("f"))
        viewer.type("outcome:failed")
        viewer.press(.enter)
        #expect(viewer.state.timeline.rows.compactMap(\.seq) == [4])
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 5, "#4 first changed .query; #5 changed it next, though the filter hides #5")
        #expect(viewer.screen.contains("#5/6 (hidden by the filter)"))
        viewer.press(.character("{"), .character("{"))
        #expect(viewer.state.selected == 2, "from #5 (.query): #4, then #2")
    }

    @Test("Pressed again from the timeline, } keeps following the path it followed, not the new action's first changed path")
    func timelineKeepsFollowing() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("j"), .character("j"))
        // #3 first changed .repos[0]; #6 first changed .repos[4], then .repos[3], .repos[1], .repos[0].
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 6)
        #expect(viewer.state.message == "#6 changed .repos[0]")
        viewer.press(.character("{"))
        #expect(viewer.state.selected == 3, "back along .repos[0], where .repos[4] would say there is no earlier change")
        #expect(viewer.state.message == "#3 changed .repos[0]")
        viewer.press(.character("j"), .character("j"), .character("j"), .character("{"))
        #expect(viewer.state.message == "#3 changed .repos[4]", "after a move, the selected action's (#6) first path again")
    }

    @Test("In the diff, an array element's line stands for its own position: the changed elements of one action are followed apart")
    func diffArrayPositions() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("items.sstrace")
        func item(_ x: Int64) -> TraceValue { .structure(type: "I", fields: [.init("x", .int(x))]) }
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "S", fields: [.init("items", .array([item(0), item(0), item(0)]))])))]
        // #1 sets [0].x; #2 sets [1].x and [2].x; #3 sets [2].x again; #4 sets [1].x again.
        for (seq, changes) in [(1, [(0, 1)]), (2, [(1, 1), (2, 1)]), (3, [(2, 2)]), (4, [(1, 2)])] as [(UInt64, [(Int, Int64)])] {
            records.append(SmallTrace.action(seq, "set"))
            records.append(.patch(StatePatch(seq: seq, store: "main", operations: changes.map { .set(path: [.field("items"), .index($0.0), .field("x")], value: .int($0.1)) })))
        }
        try SmallTrace.write(records, to: path)
        for (element, next) in [(0, UInt64(4)), (1, UInt64(3))] {
            var viewer = try ViewerHarness(path: path)
            viewer.press(.character("j"), .tab)
            let lines = ViewerRender.detailLines(viewer.state).map(\.text)
            let added = lines.indices.filter { lines[$0].hasPrefix("+") && lines[$0].contains("x: 1") }
            #expect(added.count == 2, "\(lines)")
            for _ in 0..<added[element] { viewer.press(.character("j")) }
            viewer.press(.character("}"))
            #expect(viewer.state.selected == next, "the x of items[\(element + 1)] changes next in #\(next)")
            #expect(viewer.state.message == "#\(next) changed .items[\(element + 1)].x")
            #expect(Self.cursorLine(viewer) == "-       x: 1", "the cursor is on that element's x in #\(next)'s diff")
        }
    }

    @Test("} on a long trace walks the patches and keyframes to the next change far away; keyframes that leave the path alone are passed")
    func farChange() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("far.sstrace")
        func state(n: UInt64, rare: UInt64) -> TraceValue {
            .structure(type: "S", fields: [.init("n", .int(Int64(n))), .init("rare", .int(Int64(rare))), .init("other", .structure(type: "O", fields: [.init("rare", .int(0))]))])
        }
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: state(n: 0, rare: 0)))]
        var rare: UInt64 = 0
        for seq in 1...5_000 as ClosedRange<UInt64> {
            records.append(SmallTrace.action(seq, "tick"))
            let field = seq % 2_000 == 0 ? "rare" : "n"
            if field == "rare" { rare = seq }
            if seq % 1_000 == 0 {
                // A keyframe instead of a patch, as the recorder writes every so often: at 1000
                // and 3000 it leaves .rare alone, at 2000 and 4000 it changes it.
                records.append(.keyframe(Keyframe(seq: seq, store: "main", state: state(n: field == "n" ? seq : seq - 1, rare: rare))))
            } else {
                records.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field(field)], value: .int(Int64(seq)))])))
            }
        }
        try SmallTrace.write(records, to: path)
        var viewer = try ViewerHarness(path: path)
        viewer.press(.character("s"), .tab, .character("g"), .character("j"), .character("j"))  // g: from the tree's top, not the node the action changed
        #expect(Self.cursorLine(viewer) == "rare: 0")
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 2_000)
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 4_000)
        #expect(Self.cursorLine(viewer) == "rare: 4000")
        viewer.press(.character("}"))
        #expect(viewer.state.selected == 4_000)
        viewer.press(.character("{"))
        #expect(viewer.state.selected == 2_000)
    }

    // MARK: - Bookmarks

    @Test("m bookmarks the selected action, ' and \" go to the next and previous bookmark, m again removes it")
    func bookmarks() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("'"))
        #expect(viewer.state.message == "no bookmarks: m bookmarks the selected action")
        viewer.press(.character("j"), .character("m"), .character("j"), .character("j"), .character("m"), .character("G"))
        #expect(viewer.state.marks.bookmarks == [2, 4])
        viewer.press(.character("\""))
        #expect(viewer.state.selected == 4)
        viewer.press(.character("\""))
        #expect(viewer.state.selected == 2)
        viewer.press(.character("\""))
        #expect(viewer.state.selected == 2)
        #expect(viewer.state.message == "no bookmark before #2")
        viewer.press(.character("'"))
        #expect(viewer.state.selected == 4)
        viewer.press(.character("m"))
        #expect(viewer.state.marks.bookmarks == [2])
        viewer.press(.character("g"), .character("'"))
        #expect(viewer.state.selected == 2)
    }

    @Test("Bookmarked rows show * in the timeline's margin")
    func bookmarkMarks() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("j"), .character("m"), .character("j"), .character("j"), .character("m"), .character("j"))
        #expect(viewer.screen == ViewerTravelGolden.bookmarks)
    }

    // MARK: - Playing

    /// Four actions at 1 s, 1.1 s, 1.3 s and 2.3 s after the session start.
    static func timedTrace(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("timed.sstrace")
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "S", fields: [.init("n", .int(0))])))]
        for (seq, millis) in [(1, 1_000), (2, 1_100), (3, 1_300), (4, 2_300)] as [(UInt64, UInt64)] {
            records.append(.action(ActionRecord(seq: seq, store: "main", monotonicNanos: millis * 1_000_000, wallNanos: 0, reducerNanos: 1, action: .enumeration(type: "A", caseName: "inc", payload: []))))
            records.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
        }
        try SmallTrace.write(records, to: path)
        return path
    }

    static let second: UInt64 = 1_000_000_000

    @Test("space plays at the recorded gaps on the clock the loop passes in, and the loop waits exactly until the next step")
    func playsAtRecordedSpeed() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.timedTrace(in: directory))
        viewer.press(.character(" "))
        #expect(viewer.state.selected == 1, "space no longer pages")
        #expect(viewer.state.isPlaying)
        #expect(viewer.screen.contains("│ playing 1x "))
        #expect(Playback.timeout(for: viewer.state.playback, now: 5 * Self.second, poll: 250) == 0, "the first clock comes at once")
        viewer.send(.clock(nanos: 5 * Self.second))
        #expect(viewer.state.selected == 1)
        #expect(Playback.timeout(for: viewer.state.playback, now: 5 * Self.second, poll: 250) == 100, "#2 is due 100 ms after #1")
        viewer.send(.clock(nanos: 5 * Self.second + 99_000_000))
        #expect(viewer.state.selected == 1)
        viewer.send(.clock(nanos: 5 * Self.second + 100_000_000))
        #expect(viewer.state.selected == 2)
        #expect(Playback.timeout(for: viewer.state.playback, now: 5 * Self.second + 100_000_000, poll: 250) == 200)
        viewer.send(.clock(nanos: 5 * Self.second + 300_000_000))
        #expect(viewer.state.selected == 3)
        #expect(Playback.timeout(for: viewer.state.playback, now: 5 * Self.second + 300_000_000, poll: 250) == 250, "a 1 s gap: the loop still polls every 250 ms")
        viewer.press(.character(" "))
        #expect(!viewer.state.isPlaying)
        #expect(viewer.screen.contains("│ paused "))
        viewer.send(.clock(nanos: 9 * Self.second))
        #expect(viewer.state.selected == 3, "paused: the clock moves nothing")
    }

    @Test("m marks #1; space plays the search sample to its last action on the clock the loop passes in; \" goes back to the mark")
    func playToTheEnd() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("m"), .character(" "))
        #expect(viewer.statusLine().contains("│ playing 1x "), "\(viewer.statusLine())")
        // #3 and #4 are 86 µs apart: the loop's wait, in whole milliseconds, passes both.
        #expect(viewer.playToTheEnd() == [1, 2, 4, 5, 6])
        viewer.expectScreen(ViewerGolden.playedToTheEnd)
        viewer.press(.character("\""))
        #expect(viewer.state.selected == 1)
        #expect(viewer.statusLine().hasPrefix(" search.sstrace │ #1/6 │"))
    }

    @Test("+ and - change the speed (1x 2x 5x 10x 100x max); a late clock skips to the action due; play stops at the end")
    func speeds() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.timedTrace(in: directory))
        viewer.press(.character("-"))
        #expect(viewer.state.playback.pace.speed == .recorded)
        viewer.press(.character("+"))
        #expect(viewer.state.message == "play speed 2x")
        viewer.press(.character(" "))
        #expect(viewer.screen.contains("│ playing 2x "))
        viewer.send(.clock(nanos: Self.second))
        viewer.send(.clock(nanos: Self.second + 150_000_000))
        #expect(viewer.state.selected == 3, "at 2x, #3 (300 ms later) is due after 150 ms; #2 is skipped")
        #expect(Playback.timeout(for: viewer.state.playback, now: Self.second + 150_000_000, poll: 1_000) == 500)
        viewer.send(.clock(nanos: Self.second + 650_000_000))
        #expect(viewer.state.selected == 4)
        #expect(!viewer.state.isPlaying)
        #expect(viewer.state.message == "played to the last action")
        #expect(viewer.screen.contains("│ paused (2x) "))

        for _ in 0..<6 { viewer.press(.character("+")) }
        #expect(viewer.state.playback.pace.speed == .max)
        viewer.press(.character(" "))
        #expect(viewer.state.selected == 1, "space at the last action plays again from the first")
        viewer.send(.clock(nanos: 3 * Self.second))
        #expect(viewer.state.selected == 2, "max: one action per clock")
        #expect(Playback.timeout(for: viewer.state.playback, now: 3 * Self.second, poll: 250) == 0)
        viewer.send(.clock(nanos: 3 * Self.second))
        #expect(viewer.state.selected == 3)
    }

    @Test("A key that moves while playing keeps playing from the new place")
    func moveWhilePlaying() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.timedTrace(in: directory))
        viewer.press(.character(" "))
        viewer.send(.clock(nanos: Self.second))
        viewer.press(.character("j"), .character("j"))
        #expect(viewer.state.selected == 3)
        viewer.send(.clock(nanos: Self.second + 10_000_000))
        #expect(viewer.state.selected == 3, "lined up again at #3")
        viewer.send(.clock(nanos: 2 * Self.second + 10_000_000))
        #expect(viewer.state.selected == 4)
    }

    @Test("Playing from a followed growing trace follows again at the end, and new actions are selected")
    func followsAgain() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("growing.sstrace")
        let writer = try TraceWriter(path: path, header: SmallTrace.header)
        try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "S", fields: [.init("n", .int(0))]))))
        func add(_ seq: UInt64) throws {
            try writer.append(.action(ActionRecord(seq: seq, store: "main", monotonicNanos: seq * 1_000_000, wallNanos: 0, reducerNanos: 1, action: .enumeration(type: "A", caseName: "inc", payload: []))))
            try writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
        }
        for seq in 1...3 as ClosedRange<UInt64> { try add(seq) }
        try writer.flush()
        var viewer = try ViewerHarness(path: path)
        viewer.press(.character("F"), .character(" "))
        #expect(viewer.state.selected == 1, "from the last action, play starts again at the first")
        #expect(!viewer.state.following)
        viewer.send(.clock(nanos: 0))
        viewer.send(.clock(nanos: Self.second))
        #expect(viewer.state.selected == 3)
        #expect(!viewer.state.isPlaying)
        #expect(viewer.state.following)
        try add(4); try writer.flush()
        // The reader reads on in the trace and says records arrived.
        viewer.send(.sessions(.poll))
        #expect(viewer.state.selected == 4)
        try writer.close()
    }

    @Test("The playing status line, at 80x24")
    func playingScreen() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("+"), .character(" "))
        viewer.send(.clock(nanos: Self.second))
        viewer.send(.clock(nanos: Self.second + 5_000_000))
        #expect(viewer.state.selected == 2)
        #expect(viewer.screen == ViewerTravelGolden.playing)
    }
}

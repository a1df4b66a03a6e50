import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// CJK characters and emoji take two terminal columns, combining marks none: the grid, the
/// diff writer and the viewer's padding count columns, not characters.
@Suite("Wide characters")
struct WideCharacterTests {
    @Test("Display widths come from the Unicode tables: CJK and emoji 2, combining marks 0, the rest 1", arguments: [
        ("abc", 3), ("名前", 4), ("👍", 2), ("👍🏽", 2), ("❤️", 2), ("❤", 1), ("🇯🇵", 2), ("e\u{301}", 1),
        ("한국어", 6), ("ｱ", 1), ("Ａ", 2), ("‍", 0), ("─…▸", 3), ("👩‍💻", 2),
    ])
    func widths(text: String, columns: Int) {
        #expect(text.displayWidth == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("put gives a wide character two cells, clips one that would straddle the edge, and mends what it half overwrites")
    func grid() {
        var grid = ScreenGrid(width: 6, height: 2)
        #expect(grid.put("名前x", row: 0, column: 0) == 5)
        #expect(grid[0, 1].isWideTail && grid[0, 3].isWideTail)
        #expect(grid.text == "名前x\n")
        #expect(grid.put("ab👍", row: 1, column: 3) == 6, "no room for the emoji: a space instead")
        #expect(grid.text == "名前x\n   ab")
        grid.put("z", row: 0, column: 1)
        #expect(grid.text == " z前x\n   ab", "writing over the right half blanks the left half")
        grid.put("y", row: 0, column: 2)
        #expect(grid.text == " zy x\n   ab", "writing over the left half blanks the right half")
        #expect(!grid[0, 3].isWideTail)
    }

    @Test("The diff writer skips the right half of a wide character and keeps the cursor in step")
    func diffOutput() {
        var old = ScreenGrid(width: 8, height: 1)
        old.put("ab", row: 0, column: 0)
        var new = old
        new.put("名前xy", row: 0, column: 0)
        #expect(GridDiff().output(from: old, to: new) == "\u{1B}[1;1H\u{1B}[0m名前xy", "one move: the cursor is after 前 when x is written")
        var shorter = new
        shorter.put("ok", row: 0, column: 0)
        #expect(GridDiff().output(from: new, to: shorter) == "\u{1B}[1;1H\u{1B}[0mok", "both halves of 名 become o and k; 前 stays")
        var half = new
        half.put("z", row: 0, column: 3)
        #expect(GridDiff().output(from: new, to: half) == "\u{1B}[1;3H\u{1B}[0m z", "the left half of 前 is redrawn as a blank")
    }

    @Test("pad cuts and fills to columns; a wide character straddling the cut leaves a space")
    func padding() {
        #expect(ViewerRender.pad("名前", 6) == "名前  ")
        #expect(ViewerRender.pad("名前", 6, right: true) == "  名前")
        #expect(ViewerRender.pad("名前です", 6) == "名前… ")
        #expect(ViewerRender.pad("名前です", 5) == "名前…")
        #expect(ViewerRender.pad("名前です", 5).displayWidth == 5)
        #expect(ViewerRender.pad("👍👍👍", 4).displayWidth == 4)
    }

    @Test("A trace with CJK and emoji values keeps every column of the screen in place, at 80x24")
    func screen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("wide.sstrace")
        let state = TraceValue.structure(type: "Profile", fields: [.init("name", .string("")), .init("reaction", .string(""))])
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: state))]
        let actions: [(String, String, String)] = [("rename", "name", "名前"), ("react", "reaction", "👍"), ("rename", "name", "東京都渋谷区の長い名前です"), ("react", "reaction", "❤️👍🏽")]
        for (index, (name, field, value)) in actions.enumerated() {
            let seq = UInt64(index + 1)
            records.append(SmallTrace.action(seq, name, [.init("", .string(value))]))
            records.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field(field)], value: .string(value))])))
        }
        try SmallTrace.write(records, to: path)
        var viewer = try ViewerHarness(path: path)
        viewer.press(.character("j"), .character("j"))
        #expect(viewer.screen == ViewerTravelGolden.wide)
        let grid = ViewerRender.render(viewer.state)
        // The reducer column ends at the same cell on every timeline row, as in the header.
        let header = String(grid.text.split(separator: "\n")[0])
        let reducer = try #require(header.range(of: "reducer"))
        let reducerEnd = header.distance(from: header.startIndex, to: reducer.upperBound)
        for row in 2...5 {  // row 1 is #0, the initial state, with no reducer time
            #expect(grid[row, reducerEnd - 1].character == "s", "row \(row) ends its reducer time (1ns) at column \(reducerEnd)")
        }
        viewer.press(.character("s"))
        #expect(ViewerRender.render(viewer.state).text.contains("name: \"東京都渋谷区の長い名前です\""))
    }
}

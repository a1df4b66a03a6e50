import Testing

@testable import StoreScopeCLI

/// The hand-written terminal layer: the cell grid, the frame diff that writes only changed
/// cells, and key decoding across split reads.
@Suite("Terminal layer")
struct TerminalLayerTests {
    @Test("Text is clipped at the right edge and at a limit, and control characters never reach a cell")
    func gridPut() {
        var grid = ScreenGrid(width: 8, height: 2)
        let end = grid.put("hello world", row: 0, column: 2)
        grid.put("a\u{1B}[2Jb", row: 1, column: 0, limit: 4)
        #expect(end == 8)
        #expect(grid.text == "  hello\na?[2")
    }

    @Test("The first frame clears the screen and writes only non-blank cells")
    func firstFrame() {
        var grid = ScreenGrid(width: 6, height: 2)
        grid.put("ab", row: 0, column: 0)
        grid.put("c", row: 1, column: 3, style: .bold)
        let out = GridDiff().output(from: nil, to: grid)
        #expect(out == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Hab\u{1B}[2;4H\u{1B}[0;1mc\u{1B}[0m")
    }

    @Test("A later frame writes only the cells that changed, one cursor move per run")
    func changedCellsOnly() {
        var old = ScreenGrid(width: 10, height: 3)
        old.put("timeline", row: 0, column: 0)
        old.put("status", row: 2, column: 0)
        var new = old
        new.put("TIME", row: 0, column: 0)
        new.put("x", row: 2, column: 9)
        let out = GridDiff().output(from: old, to: new)
        #expect(out == "\u{1B}[1;1H\u{1B}[0mTIME\u{1B}[3;10Hx")
        #expect(GridDiff().output(from: new, to: new).isEmpty)
    }

    @Test("Styles switch only when they change; NO_COLOR drops colors but keeps reverse video")
    func styles() {
        var grid = ScreenGrid(width: 4, height: 1)
        grid.put("ab", row: 0, column: 0, style: .colored(.red))
        grid.put("cd", row: 0, column: 2, style: CellStyle(color: .green, reverse: true))
        #expect(GridDiff(colors: true).output(from: ScreenGrid(width: 4, height: 1), to: grid) == "\u{1B}[1;1H\u{1B}[0;31mab\u{1B}[0;7;32mcd\u{1B}[0m")
        #expect(GridDiff(colors: false).output(from: ScreenGrid(width: 4, height: 1), to: grid) == "\u{1B}[1;1H\u{1B}[0mab\u{1B}[0;7mcd\u{1B}[0m")
    }

    @Test("A resized frame is redrawn whole")
    func resize() {
        var grid = ScreenGrid(width: 3, height: 1)
        grid.put("abc", row: 0, column: 0)
        #expect(GridDiff().output(from: ScreenGrid(width: 2, height: 1), to: grid).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test("Keys decode from letters, control bytes, arrows, paging keys and UTF-8")
    func keys() {
        var decoder = KeyDecoder()
        let bytes: [UInt8] = Array("jk".utf8) + [3, 13, 9, 0x7F] + Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~é".utf8)
        #expect(decoder.decode(bytes) == [
            .character("j"), .character("k"), .ctrl("c"), .enter, .tab, .backspace,
            .up, .down, .right, .left, .pageUp, .pageDown, .home, .end, .home, .end, .character("é"),
        ])
        #expect(!decoder.hasPending)
    }

    @Test("An escape sequence or a UTF-8 character split across reads decodes once complete")
    func splitReads() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.decode([0x5B]) == [])
        #expect(decoder.decode([0x36]) == [])
        #expect(decoder.decode([0x7E, 0x71]) == [.pageDown, .character("q")])
        #expect(decoder.decode([0xC3]) == [])
        #expect(decoder.decode([0xA9]) == [.character("é")])
    }

    @Test("A lone ESC is the Escape key once the input pauses; ESC before a letter is Escape then the letter")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.decode([0x1B, 0x71]) == [.escape, .character("q")])
    }
}

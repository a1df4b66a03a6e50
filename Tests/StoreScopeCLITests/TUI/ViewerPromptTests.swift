import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis

@testable import StoreScopeCLI

/// The prompts (`/`, `f`, `:`) open empty, edit like a shell's line and keep a history for the
/// session (issue 19, item 20).
@Suite("The viewer's prompts")
struct ViewerPromptTests {
    @Test("← → Home End Ctrl-A Ctrl-E move the cursor; characters go in at it; backspace, Delete, Ctrl-W, Ctrl-U, Ctrl-K cut")
    func lineEditing() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("f"))
        viewer.type("seq:>2")
        viewer.press(.left, .left)
        viewer.type("x")
        #expect(viewer.state.prompts.line?.text == "seq:x>2")
        viewer.press(.backspace)
        viewer.press(.home)
        viewer.type("not ")
        #expect(viewer.state.prompts.line?.text == "not seq:>2")
        #expect(viewer.state.prompts.line?.cursor == 4)
        viewer.press(.ctrl("e"), .ctrl("w"))
        #expect(viewer.state.prompts.line?.text == "not ", "Ctrl-W cuts the word before the cursor")
        viewer.press(.ctrl("w"))
        #expect(viewer.state.prompts.line?.text == "")
        viewer.type("action:search and seq:1")
        viewer.press(.ctrl("a"), .right, .right, .right, .right, .right, .right, .right)
        viewer.press(.delete)
        #expect(viewer.state.prompts.line?.text == "action:earch and seq:1")
        viewer.press(.end, .left, .left, .left, .left, .left, .left, .ctrl("k"))
        #expect(viewer.state.prompts.line?.text == "action:earch and")
        viewer.press(.left, .left, .left, .ctrl("u"))
        #expect(viewer.state.prompts.line?.text == "and")
        #expect(viewer.state.prompts.line?.cursor == 0)
        viewer.press(.escape)
        #expect(viewer.state.prompts.line == nil)
    }

    @Test("The Delete key's sequence (ESC [ 3 ~) is decoded, not dropped")
    func deleteKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, 0x5B, 0x33, 0x7E, 0x61]) == [.delete, .character("a")])
    }

    @Test("Each prompt opens empty and ↑ ↓ go through what was entered there, back to the line being typed; the command line's filter comes first")
    func history() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.restart(filter: try Filter(parsing: "store:search"))
        viewer.press(.character("f"))
        #expect(viewer.state.prompts.line?.text == "")
        viewer.press(.up)
        #expect(viewer.state.prompts.line?.text == "store:search")
        viewer.press(.ctrl("u"))
        viewer.type("outcome:failed")
        viewer.press(.enter)
        #expect(viewer.state.filter.description == "outcome:failed")
        viewer.press(.character("/"))
        viewer.type("seq:5")
        viewer.press(.enter)
        #expect(viewer.state.selected == 5)

        viewer.press(.character("f"))
        #expect(viewer.state.prompts.line?.text == "", "opens empty, not with the active filter")
        viewer.type("draft")
        viewer.press(.up)
        #expect(viewer.state.prompts.line?.text == "outcome:failed")
        viewer.press(.up)
        #expect(viewer.state.prompts.line?.text == "store:search")
        viewer.press(.up)
        #expect(viewer.state.prompts.line?.text == "store:search", "the oldest stays")
        viewer.press(.down)
        #expect(viewer.state.prompts.line?.text == "outcome:failed")
        viewer.press(.down)
        #expect(viewer.state.prompts.line?.text == "draft", "back to the line being typed")
        viewer.press(.escape, .character("/"), .up)
        #expect(viewer.state.prompts.line?.text == "seq:5", "the search prompt has its own history")
        viewer.press(.escape, .character(":"), .up)
        #expect(viewer.state.prompts.line?.text == "", "nothing was entered at : yet")
    }

    @Test("A line longer than the window scrolls to keep the cursor in view, and an error's caret stays under its column")
    func longLine() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.press(.character("f"))
        viewer.type(String(repeating: "seq:1 or ", count: 12) + "colour:red")
        viewer.press(.enter)
        let lines = viewer.screen.split(separator: "\n", omittingEmptySubsequences: false)
        let prompt = String(lines[23])
        #expect(prompt.hasPrefix("filter: …") && prompt.hasSuffix("colour:red"), "\(prompt)")
        #expect(prompt.displayWidth <= 80)
        let caretLine = String(lines[21])
        let caret = try #require(caretLine.firstIndex(of: "^"))
        let column = caretLine.distance(from: caretLine.startIndex, to: caret)
        let field = try #require(prompt.range(of: "colour"))
        #expect(column == prompt.distance(from: prompt.startIndex, to: field.lowerBound), "\(caretLine)\n\(prompt)")
    }
}

/// The keys as a terminal sends them (tmux's `TERM=screen` bytes: `ESC [ D` for ←, or `ESC O D`
/// in application cursor mode, `ESC [ 1 ~` for Home, DEL for backspace, Ctrl-U as its control
/// byte), through the loop's decoder.
@Suite("The viewer's prompts, from a terminal's bytes")
struct ViewerPromptBytesTests {
    @Test("f opens empty on the bottom line, ↑ recalls the command line's filter, ← inserts in the middle, Home then typing, ⏎ applies it")
    func fromTheTerminal() throws {
        var viewer = try ViewerHarness(fixture: "search")
        viewer.restart(filter: try Filter(parsing: "outcome:failed"))
        #expect(viewer.statusLine().hasPrefix(" search.sstrace │ #4/6 │ filter: outcome:failed │"), "\(viewer.statusLine())")
        viewer.receive("f")
        // The status line reads "filter: outcome:failed" too: the prompt is the bottom line.
        #expect(viewer.bottomLine() == "filter:")
        viewer.receive("\u{1B}[A")
        #expect(viewer.bottomLine() == "filter: outcome:failed")
        viewer.receive("\u{15}seq:>2\u{1B}[D\u{1B}ODx\u{7F}\u{1B}[1~not ")
        #expect(viewer.bottomLine() == "filter: not seq:>2")
        #expect(viewer.state.prompts.line?.cursor == 4, "the cursor after the inserted word")
        viewer.receive("\r")
        #expect(viewer.state.prompts.line == nil)
        viewer.expectScreen(ViewerGolden.notSeqFilter)
    }
}

/// The prompt's line as a feature of its own: its update needs no viewer, no trace.
@Suite("The prompt's line")
struct PromptLineTests {
    @Test("The line edits itself and says when it is submitted or closed; ↑ recalls from the history it is given, ↓ back to the draft")
    func editsOnItsOwn() {
        var line = ViewerState.Prompt(kind: .filter)
        for character in "store:a" { #expect(line.edit(.character(character), history: []) == .editing) }
        #expect(line.edit(.ctrl("w"), history: []) == .editing && line.text == "")
        for character in "action:go" { _ = line.edit(.character(character), history: []) }
        _ = line.edit(.home, history: [])
        _ = line.edit(.delete, history: [])
        #expect(line.text == "ction:go" && line.cursor == 0)
        #expect(line.edit(.up, history: ["store:ui", "seq:>3"]) == .editing && line.text == "seq:>3")
        #expect(line.edit(.up, history: ["store:ui", "seq:>3"]) == .editing && line.text == "store:ui")
        _ = line.edit(.down, history: ["store:ui", "seq:>3"])
        _ = line.edit(.down, history: ["store:ui", "seq:>3"])
        #expect(line.text == "ction:go", "back to the line being typed")
        #expect(line.edit(.enter, history: []) == .submitted)
        #expect(line.edit(.escape, history: []) == .closed)
    }
}

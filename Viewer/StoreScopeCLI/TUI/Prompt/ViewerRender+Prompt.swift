/// The open prompt on the screen's last line: its label, the text with the cursor as a
/// reversed cell, and a refused line's error on the line above, a caret under its column.
extension ViewerRender {
    static func drawPromptLine(_ prompt: ViewerState.Prompt, _ layout: ViewerLayout, into grid: inout ScreenGrid) {
        let label = switch prompt.kind {
        case .filter: "filter: "
        case .search: "search: "
        case .treeSearch: "search the tree: "
        case .jump: "jump to: "
        case .dispatch: "dispatch to the app: "
        case .effectsFilter: "filter effects: "
        case .effectsSearch: "search effects: "
        }
        // The cursor is a reversed cell; a line longer than the window scrolls to keep it in
        // view, its hidden start shown as `…`.
        let characters = Array(prompt.text)
        let cursor = min(max(0, prompt.cursor), characters.count)
        let before = String(characters[..<cursor]).sanitizedForTerminal
        let under = cursor < characters.count ? String(characters[cursor]).sanitizedForTerminal : " "
        let after = cursor < characters.count ? String(characters[(cursor + 1)...]).sanitizedForTerminal : ""
        let room = max(1, layout.columns - label.count - under.displayWidth - 1)
        var shown = Substring(before)
        // Columns of the line hidden on the left (the `…` takes one more).
        var scrolled = 0
        if shown.displayWidth > room {
            while shown.displayWidth > room - 1, !shown.isEmpty { shown.removeFirst() }
            scrolled = before.displayWidth - shown.displayWidth - 1
            shown = "…" + shown
        }
        var end = grid.put(label + shown, row: layout.promptRow, column: 0)
        end = grid.put(under, row: layout.promptRow, column: end, style: .reverse)
        grid.put(after, row: layout.promptRow, column: end)
        if let error = prompt.error {
            // The caret under the column, the message after it, on the line above the prompt.
            let caret = max(label.count, label.count + String(prompt.text.prefix(max(0, error.column - 1))).sanitizedForTerminal.displayWidth - scrolled)
            let message = error.message.sanitizedForTerminal
            let line = String(repeating: " ", count: caret) + "^ " + message
            grid.put(pad("", layout.columns), row: layout.statusRow - 1, column: 0)
            if line.displayWidth > layout.columns, layout.statusRow >= 3 {
                // Too long after the caret (the list of known fields): the message whole on
                // the lines above, the caret alone under its column.
                let width = max(1, layout.columns - 1)
                var rest = Substring(message), lines: [String] = []
                while !rest.isEmpty {
                    let piece = rest.prefix(columns: width)
                    lines.append(String(piece))
                    rest = rest.dropFirst(piece.count)
                }
                let shown = lines.suffix(max(1, min(3, layout.statusRow - 2)))
                for (offset, text) in shown.enumerated() {
                    let y = layout.statusRow - 1 - shown.count + offset
                    grid.put(pad("", layout.columns), row: y, column: 0)
                    grid.put(" " + text, row: y, column: 0, style: .colored(.red, bold: true))
                }
                grid.put(String(repeating: " ", count: caret) + "^", row: layout.statusRow - 1, column: 0, style: .colored(.red, bold: true))
            } else {
                grid.put(line, row: layout.statusRow - 1, column: 0, style: .colored(.red, bold: true))
            }
        } else if let error = prompt.jumpError {
            grid.put(pad("", layout.columns), row: layout.statusRow - 1, column: 0)
            grid.put(String(repeating: " ", count: label.count + (prompt.errorColumn ?? 0)) + "^ " + error, row: layout.statusRow - 1, column: 0, style: .colored(.red, bold: true))
        }
    }
}

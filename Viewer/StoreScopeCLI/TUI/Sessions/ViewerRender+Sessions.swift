/// The screens of several sessions: the `S` list, and what the viewer shows while it waits
/// for the first session.
extension ViewerRender {
    /// A session tag cut to `width` with its id kept: `storescope-demo-s…/03c6`, not
    /// `storescope-demo-sear…`: the id is what tells two sessions of one app apart.
    static func padKeepingID(_ name: String, _ width: Int) -> String {
        guard name.displayWidth > width, let slash = name.lastIndex(of: "/") else { return pad(name, width) }
        let id = String(name[slash...])
        guard id.displayWidth + 2 <= width else { return pad(name, width) }
        return pad(String(name[..<slash]), width - id.displayWidth).trimmingSpaces + id
    }

    static func drawSessions(_ sessions: SessionsState, columns: Int, _ layout: ViewerLayout, into grid: inout ScreenGrid) {
        guard sessions.current != nil else {
            // Broken into lines of the window's width, between words where it can be, so a long
            // socket path shows whole.
            let width = max(10, columns - 4)
            var row = 1
            func put(_ line: String, style: CellStyle) {
                var text = Substring(line.sanitizedForTerminal)
                while !text.isEmpty, row < layout.statusRow - 2 {
                    var cut = text.prefix(width)
                    if cut.count < text.count, let space = cut.lastIndex(of: " "), space > cut.startIndex { cut = text[..<space] }
                    grid.put(String(cut), row: row, column: 2, style: style)
                    text = text[cut.endIndex...].drop { $0 == " " }
                    row += 1
                }
            }
            put("Waiting for \(sessions.waitingFor ?? "a session")", style: .bold)
            if let hint = sessions.waitingHint {
                row += 1
                put(hint, style: .plain)
            }
            grid.put("Sessions appear here as they start; q quits.", row: row + 1, column: 2, style: .dim)
            return
        }
        grid.put("Sessions (enter shows one, esc closes)", row: 0, column: 1, style: .bold)
        let nameWidth = max(10, (columns - 36) / 2)
        let header = "    # " + pad("session", nameWidth) + " " + pad("app", nameWidth) + " " + pad("state", 6) + " " + pad("actions", 9, right: true)
            + " " + pad("dropped", 7, right: true)
        grid.put(header, row: 1, column: 0, style: .bold)
        let height = max(1, layout.statusRow - 2)
        let first = max(0, sessions.cursor - height + 1)
        for (offset, entry) in sessions.entries.dropFirst(first).prefix(height).enumerated() {
            let index = first + offset
            let marker = index == sessions.cursor ? ">" : " "
            let shown = index == sessions.current ? "*" : " "
            let line = marker + shown + pad(String(index + 1), 3, right: true) + " " + padKeepingID(entry.name.sanitizedForTerminal, nameWidth) + " "
                + pad(entry.app.sanitizedForTerminal, nameWidth) + " " + pad(entry.ended ? "ended" : "live", 6) + " " + pad(String(entry.actions), 9, right: true)
                + " " + pad(entry.dropped == 0 ? "-" : String(entry.dropped), 7, right: true)
            grid.put(line, row: offset + 2, column: 0, style: index == sessions.cursor ? .reverse : .plain)
            if index == sessions.cursor { grid.fill(row: offset + 2, style: .reverse) }
        }
    }
}

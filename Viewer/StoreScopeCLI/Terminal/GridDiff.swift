/// Turns the difference between two frames into the ANSI output that updates the terminal:
/// only changed cells are written, each run of them after one cursor move, with styles
/// switched only when they change. The tail cell of a wide character is never written: the
/// terminal covers it when it draws the character. With no previous frame (first draw, resize) it clears the
/// screen and writes every non-blank cell.
package struct GridDiff {
    /// Whether colors may be used (`NO_COLOR` unset); bold, dim and reverse stay either way.
    var colors = true

    /// The bytes that turn `old` into `new` on a terminal currently showing `old`.
    package func output(from old: ScreenGrid?, to new: ScreenGrid) -> String {
        var out = ""
        let previous = old.flatMap { $0.width == new.width && $0.height == new.height ? $0 : nil }
        if previous == nil { out += "\u{1B}[0m\u{1B}[2J" }
        var current: CellStyle? = previous == nil ? .plain : nil
        for row in 0..<new.height {
            var cursorAt: Int? = nil
            for column in 0..<new.width {
                let cell = new[row, column]
                if cell.isWideTail { continue }
                if let previous {
                    guard previous[row, column] != cell else { continue }
                } else if cell == .blank {
                    continue
                }
                if cursorAt != column { out += "\u{1B}[\(row + 1);\(column + 1)H" }
                if current != cell.style {
                    out += sgr(cell.style)
                    current = cell.style
                }
                out.append(cell.character)
                cursorAt = column + (column + 1 < new.width && new[row, column + 1].isWideTail ? 2 : 1)
            }
        }
        if current != nil, current != .plain { out += "\u{1B}[0m" }
        return out
    }

    /// The Select Graphic Rendition sequence for `style`, starting from a reset.
    func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.reverse { codes.append("7") }
        if colors, let color = style.color { codes.append(String(30 + Int(color.rawValue))) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

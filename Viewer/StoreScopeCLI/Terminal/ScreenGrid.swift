/// How a cell is drawn: a foreground color and attributes.
struct CellStyle: Sendable, Hashable {
    /// The eight ANSI colors (dropped when `NO_COLOR` is set).
    enum Color: UInt8, Sendable, Hashable {
        case black = 0, red, green, yellow, blue, magenta, cyan, white
    }

    var color: Color?
    var bold = false
    var dim = false
    var reverse = false

    static let plain = CellStyle()
    static let bold = CellStyle(bold: true)
    static let dim = CellStyle(dim: true)
    static let reverse = CellStyle(reverse: true)
    static func colored(_ color: Color, bold: Bool = false) -> CellStyle { CellStyle(color: color, bold: bold) }
}

/// One character position of the screen. A wide character (CJK, emoji) takes two: its cell,
/// then a tail cell that the terminal fills by itself (never written, never in ``ScreenGrid/text``).
struct Cell: Sendable, Hashable {
    var character: Character
    var style: CellStyle
    /// Whether this is the right half of the wide character in the cell before it.
    var isWideTail = false

    static let blank = Cell(character: " ", style: .plain)
}

/// A screen's worth of cells, drawn into by the viewer's render function and compared with the
/// previous frame by ``GridDiff`` so only changed cells reach the terminal. A character takes
/// the columns the terminal gives it (``DisplayWidth``: 2 for CJK and emoji, 0 for combining
/// marks); text is clipped at the right edge and never wraps.
package struct ScreenGrid: Sendable, Hashable {
    /// The size in columns and rows.
    let width: Int, height: Int
    private(set) var cells: [Cell]

    /// A blank grid.
    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Writes `text` from (`row`, `column`), clipped at the right edge (and at `limit` columns
    /// when given); returns the column after the last character written. Wide characters take
    /// two columns (one that does not fit before the edge becomes a space); zero-width ones are
    /// not drawn. Text must already be sanitized: control characters are replaced by `?` as a
    /// last defence.
    @discardableResult
    mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = .plain, limit: Int? = nil) -> Int {
        guard row >= 0, row < height else { return column }
        let end = min(width, limit.map { column + $0 } ?? width)
        var x = column
        for character in text {
            guard x < end else { break }
            let unsafe = character.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
            let columns = unsafe ? 1 : character.displayWidth
            if columns == 0 { continue }
            if x + columns > end {
                if x >= 0 { place(Cell(character: " ", style: style), row: row, column: x) }
                x += 1
                break
            }
            if x >= 0 {
                place(Cell(character: unsafe ? "?" : character, style: style), row: row, column: x)
                if columns == 2 { place(Cell(character: " ", style: style, isWideTail: true), row: row, column: x + 1) }
            } else if columns == 2, x + 1 >= 0 {
                place(Cell(character: " ", style: style), row: row, column: x + 1)
            }
            x += columns
        }
        return x
    }

    /// Sets one cell, blanking the other half of a wide character it overwrites, so every tail
    /// cell keeps its wide character before it.
    private mutating func place(_ cell: Cell, row: Int, column: Int) {
        let old = self[row, column]
        if old.isWideTail, column > 0, !cell.isWideTail {
            self[row, column - 1] = Cell(character: " ", style: self[row, column - 1].style)
        }
        if !old.isWideTail, column + 1 < width, self[row, column + 1].isWideTail {
            self[row, column + 1] = Cell(character: " ", style: self[row, column + 1].style)
        }
        self[row, column] = cell
    }

    /// Paints `style` over a whole row (for bars such as the status line), keeping characters.
    mutating func fill(row: Int, style: CellStyle) {
        guard row >= 0, row < height else { return }
        for x in 0..<width { self[row, x].style = style }
    }

    /// The characters row by row, trailing spaces trimmed: what golden tests compare.
    var text: String {
        (0..<height).map { row in
            var line = String((0..<width).compactMap { self[row, $0].isWideTail ? nil : self[row, $0].character })
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}

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

/// One character position of the screen.
struct Cell: Sendable, Hashable {
    var character: Character
    var style: CellStyle

    static let blank = Cell(character: " ", style: .plain)
}

/// A screen's worth of cells, drawn into by the viewer's render function and compared with the
/// previous frame by ``GridDiff`` so only changed cells reach the terminal. Each character
/// takes one column; text is clipped at the right edge and never wraps.
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
    /// when given); returns the column after the last character written. Text must already be
    /// sanitized: control characters are replaced by `?` as a last defence.
    @discardableResult
    mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = .plain, limit: Int? = nil) -> Int {
        guard row >= 0, row < height else { return column }
        let end = min(width, limit.map { column + $0 } ?? width)
        var x = column
        for character in text {
            guard x < end else { break }
            if x >= 0 {
                let safe = character.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) } ? "?" : character
                self[row, x] = Cell(character: safe, style: style)
            }
            x += 1
        }
        return x
    }

    /// Paints `style` over a whole row (for bars such as the status line), keeping characters.
    mutating func fill(row: Int, style: CellStyle) {
        guard row >= 0, row < height else { return }
        for x in 0..<width { self[row, x].style = style }
    }

    /// The characters row by row, trailing spaces trimmed: what golden tests compare.
    var text: String {
        (0..<height).map { row in
            var line = String((0..<width).map { self[row, $0].character })
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}

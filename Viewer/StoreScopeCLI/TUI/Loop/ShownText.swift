import TraceFormat

/// What a line of the screen shows of a text or value from the trace: its start, cut before it
/// is sanitized, escaped or measured, so a key costs the cells on screen and not the length of
/// a 1 MB string that only its first 80 columns of reach the screen. A cut text ends in `…`.
///
/// The start kept is ``bytes(columns:)`` UTF-8 bytes: every character that takes a cell takes at
/// most 4 bytes per cell, so the kept start fills the line (and ``ViewerRender/pad(_:_:right:)``
/// cuts it there with its own `…`) unless most of it is zero-width marks, and then the `…`
/// still says it was cut. Sanitizing only lengthens it (`\u{1b}`), and the escapes of the
/// description (`\n`, `\"`) are kept whole (``TraceValue/descriptionStart(utf8Count:short:qualified:)``).
enum ShownText {
    /// The widest line kept where the window's width is not at hand (the detail pane's lines,
    /// the effects' parents the reader summarizes): no terminal is wider.
    static let widestLine = 1_000

    /// The UTF-8 bytes of a text kept for a line of `columns` cells.
    static func bytes(columns: Int) -> Int { 4 * (max(0, columns) + 1) }

    /// The start of `text` a line of `columns` cells can show, `…` at its end when cut there.
    static func start(of text: some StringProtocol, columns: Int) -> String {
        let start = text.utf8Start(atMost: bytes(columns: columns))
        return start.isCut ? start.text + "…" : start.text
    }

    /// The start of `value`'s description (`short`: its ``TraceValue/shortDescription``;
    /// `qualified`: with its type, as ``TraceValue/qualifiedDescription``) a line of `columns`
    /// cells can show, `…` at its end when cut there.
    static func start(of value: TraceValue, columns: Int, short: Bool = false, qualified: Bool = false) -> String {
        let start = value.descriptionStart(utf8Count: bytes(columns: columns), short: short, qualified: qualified)
        return start.isCut ? start.text + "…" : start.text
    }

    /// `record` with its texts (an effect's name and failure, a log's message) cut to what a
    /// line of `columns` cells can show: a detail line of an event costs the line.
    static func start(of record: Record, columns: Int) -> Record {
        switch record {
        case var .effectStarted(started):
            started.name = start(of: started.name, columns: columns)
            return .effectStarted(started)
        case var .effectEnded(ended):
            if case let .failed(message) = ended.outcome { ended.outcome = .failed(start(of: message, columns: columns)) }
            return .effectEnded(ended)
        case var .log(log):
            log.message = start(of: log.message, columns: columns)
            return .log(log)
        default:
            return record
        }
    }
}

import TraceAnalysis

/// The bound on a tool's answer: items (each as JSON for `structuredContent` and as the
/// CLI's text) are taken while their characters, JSON and text together, stay within
/// ``budget``; the answer then carries a cursor to ask for the rest. No call can return a
/// whole long trace, nor a state larger than the budget (``StateAtTool`` says which paths to
/// ask for instead).
struct ResultPage {
    /// Characters of items per answer (docs/GUIDE.md, "Ask an agent: storescope mcp").
    static let budget = 20_000

    private(set) var items: [String] = []
    private(set) var lines: [String] = []
    private(set) var used = 0
    /// The characters of the items' JSON alone.
    private(set) var jsonUsed = 0
    /// Whether an item was refused: there is more than this page holds.
    private(set) var isFull = false

    /// Takes an item if it fits; else marks the page full and returns `false`. An item larger
    /// than the whole budget on an empty page is taken as `oversized` instead (a short note
    /// saying how to ask for it), so a page always moves the cursor on.
    mutating func add(json: String, text: String, oversized: () -> (json: String, text: String)) -> Bool {
        // With the comma between items in the JSON and the line break in the text.
        let size = json.utf8.count + text.utf8.count + 2
        if used + size <= Self.budget {
            items.append(json)
            lines.append(text)
            used += size
            jsonUsed += json.utf8.count
            return true
        }
        guard items.isEmpty else {
            isFull = true
            return false
        }
        let note = oversized()
        items.append(note.json)
        lines.append(note.text)
        used += note.json.utf8.count + note.text.utf8.count
        jsonUsed += note.json.utf8.count
        return true
    }

    /// Takes `items` from index `start` on while they fit (``add(json:text:oversized:)``);
    /// returns the cursor of the first one left out (its index), or `nil` when all were taken.
    /// `render` gives an item's JSON and text; `tooLarge` the note for an item larger than
    /// the budget (``omitted(_:)``).
    mutating func fill<Item>(
        _ items: [Item], from start: Int, tooLarge: (Item) -> String, render: (Item) -> (json: String, text: String)
    ) -> String? {
        for (index, item) in items.enumerated().dropFirst(start) {
            let rendered = render(item)
            let taken = add(json: rendered.json, text: rendered.text) { Self.omitted(tooLarge(item)) }
            if !taken { return String(index) }
        }
        return nil
    }

    /// `whole`, a command's whole text for every item, to stand for the items' text lines:
    /// when the page holds every item (from the first) and `whole` fits the budget beside
    /// their JSON; else `nil`.
    func wholeText(_ whole: () -> String, from start: Int) -> String? {
        guard start == 0, !isFull else { return nil }
        let text = whole()
        return jsonUsed + text.utf8.count <= Self.budget ? text : nil
    }

    /// Writes `"key": [items]`.
    func writeItems(as key: String, to json: inout JSONWriter) {
        json.key(key)
        json.beginArray()
        for item in items { json.raw(item) }
        json.endArray()
    }

    /// Writes `"nextCursor"` and `"more"` (how to get the rest) when the page is full.
    func writeCursor(_ cursor: String?, to json: inout JSONWriter) {
        guard isFull, let cursor else { return }
        json.field("nextCursor", cursor)
        json.field("more", Self.moreNote)
    }

    /// The text, with the note on how to get the rest when the page is full.
    func text(header: String? = nil, cursor: String?) -> String {
        var all = header.map { [$0] } ?? []
        all += lines
        if isFull, let cursor { all.append("(more: call again with cursor \"\(cursor)\", or narrow the question)") }
        return all.joined(separator: "\n")
    }

    /// The note standing for an item larger than the whole budget: `{"omitted": note}`.
    static func omitted(_ note: String) -> (json: String, text: String) {
        var json = JSONWriter()
        json.beginObject()
        json.field("omitted", note)
        json.endObject()
        return (json.text, note)
    }

    /// `what is larger than the budget of 20000 characters`.
    static func tooLarge(_ what: String) -> String { "\(what) is larger than the budget of \(budget) characters" }

    static let moreNote = "the answer reached its budget of \(budget) characters: call again with this cursor for the rest, or narrow the question"

    /// The schema members every paged answer has.
    static let cursorSchema = #""nextCursor":{"type":"string","description":"Present when there is more: pass it as 'cursor'."},"more":{"type":"string"}"#

    /// The `cursor` argument's schema.
    static let cursorArgument = #""cursor":{"type":"string","description":"From a previous answer's nextCursor, to get the rest."}"#
}

extension ToolArguments {
    /// The position a `cursor` argument holds (0 when absent): cursors are the decimal
    /// numbers the tools hand out.
    func cursor() throws(ToolError) -> UInt64 {
        guard let text = try string("cursor") else { return 0 }
        guard let position = UInt64(text) else { throw ToolError("invalid cursor '\(text)': pass a nextCursor from a previous answer") }
        return position
    }
}

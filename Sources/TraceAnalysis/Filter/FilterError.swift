/// A filter that does not parse: what is wrong and where.
public struct FilterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The filter text.
    public var filter: String
    /// The 1-based column (in characters) of the first character that does not fit.
    public var column: Int
    /// What is wrong, in words.
    public var message: String

    /// Creates an error.
    public init(filter: String, column: Int, message: String) {
        self.filter = filter
        self.column = column
        self.message = message
    }

    /// `column 9: expected a value after 'reducer:'`.
    public var description: String { "column \(column): \(message)" }

    /// The filter and a caret under the offending column, for a terminal (sanitized):
    ///
    /// ```
    ///   reducer:>fast
    ///            ^
    /// ```
    ///
    /// A filter longer than a line is cut to the ``pointerWidth`` characters around the
    /// column, `…` marking each cut, so the caret stays on screen under what it points at.
    public var pointer: String {
        // Columns count characters of the original; escapes before the column widen it.
        var before = String(filter.prefix(max(0, column - 1))).sanitizedForTerminal
        var after = String(filter.dropFirst(max(0, column - 1))).sanitizedForTerminal
        if before.count + after.count > Self.pointerWidth {
            let keepBefore = min(before.count, Self.pointerWidth / 3)
            if keepBefore < before.count { before = "…" + before.suffix(keepBefore) }
            let keepAfter = Self.pointerWidth - keepBefore
            if keepAfter < after.count { after = after.prefix(keepAfter) + "…" }
        }
        return "  " + before + after + "\n  " + String(repeating: " ", count: before.count) + "^"
    }

    /// How many characters of a filter ``pointer`` shows at most (besides the `…` marks).
    public static let pointerWidth = 72
}

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
    public var pointer: String {
        let shown = filter.sanitizedForTerminal
        // Columns count characters of the original; escapes before the column widen it.
        let prefix = String(filter.prefix(max(0, column - 1))).sanitizedForTerminal
        return "  " + shown + "\n  " + String(repeating: " ", count: prefix.count) + "^"
    }
}

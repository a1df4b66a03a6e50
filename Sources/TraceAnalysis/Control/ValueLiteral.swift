import TraceFormat

/// Reads a value typed in the literal syntax the viewer and `log` print
/// (``TraceValue/description``, ``TraceValue/qualifiedDescription``): the printer and this
/// reader are one grammar, so anything printed in full reads back as the value it printed.
///
/// - enum cases: `.refresh`, `.setFilter("a")`, `.navigate(.detail(userID: 2))`, and at the
///   root with their type, as the viewer shows them: `SearchAction.search(query: "sw")` (the
///   last dotted name is the case when it starts in lower case, or when no `(` follows);
/// - structs `User(id: 1, name: "Ada")` (generic and dotted type names as printed:
///   `Box<Array<Int>>(value: [1])`), class instances `Badge#2(title: "gold")`, tuples
///   `(3, label: "x")`;
/// - `[1, 2]`, `["a": 1]`, `[:]`, `Set([1, 2])`, `nil`, `true`, `-1.5`, `1e-05`, `nan`, `-inf`,
///   strings with the printer's escapes (`"a\"b\n\u{1b}"`);
/// - scalars the format keeps as text, by type: `UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")`,
///   `URL("https://example.com")`, `Decimal("1.5")`, `Character("a")`;
/// - dates as ISO 8601 in UTC, `2026-12-01T04:24:02.25Z`, or `Date(1.5e+20)` outside it.
///
/// Enum cases and structs carry no type name to check: the app decodes the tree into its own
/// type, and says so when it does not fit. What the viewer prints in part (`…`, `[3 elements]`,
/// `<redacted String>`, `Data(3 bytes)`, a reference) holds no value to send, and is refused
/// saying so.
///
/// A typo is an error with the offset of the character at fault, never a guess
/// (``ValueLiteralError/pointed``).
public enum ValueLiteral {
    /// Parses `text`.
    ///
    /// - Throws: ``ValueLiteralError`` at the first character that cannot continue a literal.
    public static func parse(_ text: String) throws(ValueLiteralError) -> TraceValue {
        var parser = ValueLiteralParser(text)
        let value = try parser.value(depth: 0)
        parser.skipSpaces()
        guard parser.isAtEnd else { throw parser.error("expected the end of the literal") }
        return value
    }
}

/// Why a literal could not be read, and where.
public struct ValueLiteralError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was expected.
    public var message: String
    /// The literal as typed.
    public var text: String
    /// The character offset at fault.
    public var offset: Int

    /// `expected ")" at column 14`.
    public var description: String { "\(message) at column \(offset + 1)" }

    /// The message, the literal, and a caret under the character at fault, on three lines.
    public var pointed: String {
        "\(description)\n  \(text)\n  \(String(repeating: " ", count: offset))^"
    }
}

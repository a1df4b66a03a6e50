import TraceFormat

/// Reads a value typed in the literal syntax the viewer prints (``TraceValue/description``):
/// `.setFilter("a")`, `.navigate(.detail(userID: 2))`, `User(id: 1, name: "Ada")`, `[1, 2]`,
/// `["a": 1]`, `nil`, `true`, `-1.5`. Enum cases and structs carry no type name to check:
/// the app decodes the tree into its own type, and says so when it does not fit.
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

/// The recursive-descent reader behind ``ValueLiteral``.
struct ValueLiteralParser {
    private let characters: [Character]
    private let text: String
    private var index = 0
    /// Deeper than the format holds is refused.
    static let maximumDepth = 256

    init(_ text: String) {
        self.text = text
        characters = Array(text)
    }

    var isAtEnd: Bool { index >= characters.count }
    private var current: Character? { isAtEnd ? nil : characters[index] }

    func error(_ message: String) -> ValueLiteralError {
        let found = current.map { "\"\($0)\"" } ?? "the end"
        return ValueLiteralError(message: "\(message), found \(found)", text: text, offset: index)
    }

    mutating func skipSpaces() {
        while let c = current, c.isWhitespace { index += 1 }
    }

    private mutating func expect(_ c: Character) throws(ValueLiteralError) {
        skipSpaces()
        guard current == c else { throw error("expected \"\(c)\"") }
        index += 1
    }

    mutating func value(depth: Int) throws(ValueLiteralError) -> TraceValue {
        guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        skipSpaces()
        guard let c = current else { throw error("expected a value") }
        switch c {
        case ".":
            index += 1
            let name = identifier()
            guard !name.isEmpty else { throw error("expected a case name after \".\"") }
            skipSpaces()
            let payload = current == "(" ? try fields(depth: depth) : []
            return .enumeration(type: "", caseName: name, payload: payload)
        case "\"":
            return .string(try string())
        case "[":
            return try collection(depth: depth)
        case "-", "0"..."9":
            return try number()
        default:
            let name = identifier()
            switch name {
            case "": throw error("expected a value")
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "nil": return .none(type: "")
            default:
                skipSpaces()
                guard current == "(" else { throw error("expected \"(\" after \(name)") }
                return .structure(type: name, fields: try fields(depth: depth))
            }
        }
    }

    private mutating func identifier() -> String {
        var name = ""
        while let c = current, c.isLetter || c.isNumber || c == "_" || (c == "." && !name.isEmpty && name.first!.isUppercase) {
            name.append(c)
            index += 1
        }
        return name
    }

    /// `(label: value, value, ...)`.
    private mutating func fields(depth: Int) throws(ValueLiteralError) -> [TraceValue.Field] {
        try expect("(")
        var fields: [TraceValue.Field] = []
        skipSpaces()
        if current == ")" {
            index += 1
            return fields
        }
        while true {
            skipSpaces()
            let start = index
            var label = identifier()
            skipSpaces()
            if !label.isEmpty, current == ":" {
                index += 1
            } else {
                index = start
                label = ""
            }
            fields.append(TraceValue.Field(label, try value(depth: depth + 1)))
            skipSpaces()
            if current == "," {
                index += 1
                continue
            }
            guard current == ")" else { throw error("expected \",\" or \")\"") }
            index += 1
            return fields
        }
    }

    /// `[a, b]`, `[k: v]`, `[:]`.
    private mutating func collection(depth: Int) throws(ValueLiteralError) -> TraceValue {
        try expect("[")
        skipSpaces()
        if current == "]" {
            index += 1
            return .array([])
        }
        if current == ":" {
            index += 1
            try expect("]")
            return .dictionary([])
        }
        var values: [TraceValue] = []
        var entries: [TraceValue.DictionaryEntry] = []
        var isDictionary: Bool?
        while true {
            let element = try value(depth: depth + 1)
            skipSpaces()
            if isDictionary == nil { isDictionary = current == ":" }
            if isDictionary == true {
                try expect(":")
                entries.append(TraceValue.DictionaryEntry(key: element, value: try value(depth: depth + 1)))
            } else {
                values.append(element)
            }
            skipSpaces()
            if current == "," {
                index += 1
                continue
            }
            guard current == "]" else { throw error(isDictionary == true ? "expected \",\" or \"]\"" : "expected \",\", \":\" or \"]\"") }
            index += 1
            return isDictionary == true ? .dictionary(entries) : .array(values)
        }
    }

    private mutating func string() throws(ValueLiteralError) -> String {
        index += 1
        var result = ""
        while let c = current {
            index += 1
            switch c {
            case "\"": return result
            case "\\":
                guard let escaped = current else { break }
                index += 1
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "\"", "\\": result.append(escaped)
                default:
                    index -= 1
                    throw error("unknown escape")
                }
            default:
                result.append(c)
            }
        }
        throw error("expected the closing \"")
    }

    private mutating func number() throws(ValueLiteralError) -> TraceValue {
        let start = index
        if current == "-" { index += 1 }
        var isInteger = true
        while let c = current, c.isNumber || c == "." || c == "e" || c == "E" || ((c == "+" || c == "-") && (characters[index - 1] == "e" || characters[index - 1] == "E")) {
            if !c.isNumber { isInteger = false }
            index += 1
        }
        let literal = String(characters[start..<index])
        if isInteger, let value = Int64(literal) { return .int(value) }
        if isInteger, let value = UInt64(literal) { return .uint(value) }
        if !isInteger, let value = Double(literal) { return .double(value) }
        index = start
        throw error("expected a number")
    }
}

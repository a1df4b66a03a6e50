import TraceFormat

/// The recursive-descent reader behind ``ValueLiteral``: containers and names here, numbers,
/// strings and dates in ``ValueLiteralParser`` `+Scalars`.
struct ValueLiteralParser {
    let characters: [Character]
    private let text: String
    var index = 0
    /// Deeper than the format holds is refused.
    static let maximumDepth = 256

    init(_ text: String) {
        self.text = text
        // Scalar by scalar, not by grapheme: a character that joins the next one into a cluster
        // (U+0601 before a backslash) would otherwise hide the escape the backslash starts.
        characters = text.unicodeScalars.map(Character.init)
    }

    var isAtEnd: Bool { index >= characters.count }
    var current: Character? { isAtEnd ? nil : characters[index] }

    /// The character `offset` after the current one, if any.
    func peek(_ offset: Int) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    /// Whether `word` comes next.
    func upcoming(_ word: String) -> Bool {
        let wanted = Array(word)
        return index + wanted.count <= characters.count && Array(characters[index..<(index + wanted.count)]) == wanted
    }

    /// `message`, followed by what was found at the current character.
    func error(_ message: String) -> ValueLiteralError {
        let found = current.map { "\"\($0)\"" } ?? "the end"
        return ValueLiteralError(message: "\(message), found \(found)", text: text, offset: index)
    }

    /// `message` as it stands, pointing at `offset`: for what reads but cannot be sent.
    func refusal(_ message: String, at offset: Int) -> ValueLiteralError {
        ValueLiteralError(message: message, text: text, offset: offset)
    }

    mutating func skipSpaces() {
        while let c = current, c.isWhitespace { index += 1 }
    }

    mutating func expect(_ c: Character) throws(ValueLiteralError) {
        skipSpaces()
        guard current == c else { throw error("expected \"\(c)\"") }
        index += 1
    }

    mutating func value(depth: Int) throws(ValueLiteralError) -> TraceValue {
        guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        skipSpaces()
        guard let c = current else { throw error("expected a value") }
        if let uuid = bareUUID() {
            throw refusal("a UUID is written UUID(\"\(uuid)\")", at: index)
        }
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
        case "(":
            let elements = try fields(depth: depth)
            // Unlabeled tuple elements are named by their position, as captured (`pair.0`).
            return .structure(
                type: TraceValue.tupleTypeName,
                fields: elements.enumerated().map { TraceValue.Field($1.name.isEmpty ? String($0) : $1.name, $1.value) })
        case "-", "0"..."9":
            return try number()
        case "<":
            throw placeholder()
        case "…":
            throw refusal("the viewer abbreviated this value (…): type it in full", at: index)
        default:
            return try named(depth: depth)
        }
    }

    /// A case, field or label name.
    mutating func identifier() -> String {
        var name = ""
        while let c = current, c.isLetter || c.isNumber || c == "_" {
            name.append(c)
            index += 1
        }
        return name
    }

    /// What starts with a name: `true`, `false`, `nil`, `nan`, `inf`, a qualified case
    /// (`SearchAction.search(query: "sw")`), a struct, an instance (`Badge#2(...)`), a set, a
    /// `Date(seconds)`, a scalar kept as text (`UUID("...")`).
    private mutating func named(depth: Int) throws(ValueLiteralError) -> TraceValue {
        let start = index
        let name = typeName()
        switch name {
        case "": throw error("expected a value")
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "nil": return .none(type: "")
        case "nan", "snan", "inf", "infinity":
            index = start
            return try number()
        default: break
        }
        let qualified = Self.qualifiedCase(name)
        skipSpaces()
        if current == "#" {
            index += 1
            let digits = identifier()
            guard let id = UInt64(digits), digits.allSatisfy(\.isNumber) else { throw error("expected the instance number after \(name)#") }
            return .object(type: name, id: id, fields: try fields(depth: depth))
        }
        guard current == "(" else {
            if let (type, caseName) = qualified { return .enumeration(type: type, caseName: caseName, payload: []) }
            throw refusal("expected \"(\" after \(name): a string is written in quotes (\"\(name)\"), an enum case after a dot (.\(name))", at: start)
        }
        if upcoming("(reference #") {
            throw refusal("\(name) was recorded by reference only, its contents unknown: it cannot be typed", at: start)
        }
        if let (type, caseName) = qualified, let first = caseName.first, first.isLowercase || first == "_" {
            return .enumeration(type: type, caseName: caseName, payload: try fields(depth: depth))
        }
        switch name {
        case "Set": return try set(depth: depth)
        case "Date": return try dateSeconds()
        case "Data": throw refusal("Data prints as its size only: it cannot be typed", at: start)
        default: break
        }
        let fields = try fields(depth: depth)
        if fields.count == 1, fields[0].name.isEmpty, case let .string(text) = fields[0].value {
            return .scalar(type: name, text: text)
        }
        return .structure(type: name, fields: fields)
    }

    /// A type name as printed: dotted (`Calendar.Identifier`), generic (`Box<Array<Int>>`), or
    /// a case with its type (`SearchAction.search`).
    private mutating func typeName() -> String {
        var name = ""
        while let c = current {
            if c.isLetter || c.isNumber || c == "_" {
                name.append(c)
                index += 1
            } else if c == ".", !name.isEmpty, let next = peek(1), next.isLetter || next == "_" {
                name.append(c)
                index += 1
            } else if c == "<", !name.isEmpty, let arguments = genericArguments() {
                name += arguments
            } else {
                break
            }
        }
        return name
    }

    /// `<…>` after a type name, its brackets balanced (`->` inside is an arrow); `nil`, with
    /// nothing read, when they are not.
    private mutating func genericArguments() -> String? {
        var depth = 0
        var end = index
        while end < characters.count {
            switch characters[end] {
            case "<", "(", "[": depth += 1
            case ">" where end > 0 && characters[end - 1] == "-": break
            case ">", ")", "]": depth -= 1
            case "\"", "\n": return nil
            default: break
            }
            end += 1
            if depth <= 0 {
                guard depth == 0 else { return nil }
                let arguments = String(characters[index..<end])
                index = end
                return arguments
            }
        }
        return nil
    }

    /// `SearchAction.search` as its type and case: the part after the last dot outside `<>`.
    private static func qualifiedCase(_ name: String) -> (type: String, caseName: String)? {
        var depth = 0
        var lastDot: String.Index?
        for index in name.indices {
            switch name[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "." where depth == 0: lastDot = index
            default: break
            }
        }
        guard let lastDot else { return nil }
        return (String(name[..<lastDot]), String(name[name.index(after: lastDot)...]))
    }

    /// `(label: value, value, ...)`.
    mutating func fields(depth: Int) throws(ValueLiteralError) -> [TraceValue.Field] {
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

    /// `[a, b]`, `[k: v]`, `[:]`; entries in the order the format keeps them.
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
            let start = index
            let element = try value(depth: depth + 1)
            skipSpaces()
            try refuseCount(from: start)
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
            guard isDictionary == true else { return .array(values) }
            return .dictionary(entries.enumerated().sorted { a, b in
                let order = TraceValue.compare(a.element.key, b.element.key)
                return order != 0 ? order < 0 : a.offset < b.offset
            }.map(\.element))
        }
    }

    /// `Set([a, b])`, its elements in the format's order.
    private mutating func set(depth: Int) throws(ValueLiteralError) -> TraceValue {
        try expect("(")
        skipSpaces()
        guard current == "[" else { throw error("expected \"[\"") }
        let start = index
        guard case let .array(elements) = try collection(depth: depth) else {
            throw refusal("a set holds elements, not entries: Set([1, 2])", at: start)
        }
        try expect(")")
        return .set(elements.sorted(by: TraceValue.canonicalOrder))
    }

    /// `[3 elements]`, `[2 entries]`: a collection the viewer counted instead of printing.
    private mutating func refuseCount(from start: Int) throws(ValueLiteralError) {
        guard let c = current, c.isLetter else { return }
        let wordStart = index
        let word = identifier()
        guard ["element", "elements", "entry", "entries"].contains(word) else {
            index = wordStart
            return
        }
        throw refusal("the viewer counted this collection instead of printing it: type its elements", at: start)
    }

    /// `<redacted String>`, `<truncated …>`, `<closure>`: what the trace holds no value for.
    private func placeholder() -> ValueLiteralError {
        if upcoming("<redacted") { return refusal("the trace holds no value here (redacted): type the value itself", at: index) }
        if upcoming("<truncated") { return refusal("a capture limit cut this value: type it in full", at: index) }
        if upcoming("<closure>") { return refusal("a closure cannot be typed", at: index) }
        return error("expected a value")
    }

    /// A UUID typed without `UUID("…")` at the current character, if there is one.
    private func bareUUID() -> String? {
        guard index + 36 <= characters.count else { return nil }
        let candidate = characters[index..<(index + 36)]
        for (offset, c) in candidate.enumerated() {
            guard [8, 13, 18, 23].contains(offset) ? c == "-" : c.isHexDigit else { return nil }
        }
        if let next = peek(36), next.isLetter || next.isNumber || next == "-" { return nil }
        return String(candidate)
    }
}

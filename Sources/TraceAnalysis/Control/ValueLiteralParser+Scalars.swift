import TraceFormat

/// Numbers, strings and dates, as ``TraceValue/description`` prints them.
extension ValueLiteralParser {
    /// `-12`, `18446744073709551615`, `2.5`, `1e-05`, `nan`, `-inf`, or a date
    /// (`2026-12-01T04:24:02Z`: four digits and a dash).
    mutating func number() throws(ValueLiteralError) -> TraceValue {
        let start = index
        let negative = current == "-"
        if negative { index += 1 }
        if let c = current, c.isLetter {
            guard let special = nonFinite(negative: negative) else {
                index = start
                throw error("expected a number")
            }
            return .double(special)
        }
        var isInteger = true
        while let c = current, c.isASCII && c.isNumber || c == "." || c == "e" || c == "E" || ((c == "+" || c == "-") && (characters[index - 1] == "e" || characters[index - 1] == "E")) {
            if !c.isNumber { isInteger = false }
            index += 1
        }
        if !negative, isInteger, index - start == 4, current == "-" {
            index = start
            return try date()
        }
        let literal = String(characters[start..<index])
        if isInteger, let value = Int64(literal) { return .int(value) }
        if isInteger, let value = UInt64(literal) { return .uint(value) }
        if !isInteger, let value = Double(literal) { return .double(value) }
        index = start
        throw error(isInteger ? "expected a number within 64 bits" : "expected a number")
    }

    /// `inf`, `nan`, `snan`, `nan(0x5)` after the sign: as `Double.description` prints them, the
    /// payload and the sign of a NaN kept (`Double("nan(0x5)")` drops them).
    private mutating func nonFinite(negative: Bool) -> Double? {
        let word = identifier()
        let value: Double
        switch word {
        case "inf", "infinity":
            value = .infinity
        case "nan", "snan":
            var payload: UInt64 = 0
            if upcoming("(0x") {
                let open = index
                index += 3
                let digits = identifier()
                guard let parsed = UInt64(digits, radix: 16), parsed < 1 << 50, current == ")" else {
                    index = open
                    return nil
                }
                index += 1
                payload = parsed
            }
            value = Double(nan: Double.RawSignificand(payload), signaling: word == "snan")
        default:
            return nil
        }
        return negative ? -value : value
    }

    /// `2026-12-01T04:24:02.25Z`, as ``TraceValue/iso8601(_:)`` prints it.
    private mutating func date() throws(ValueLiteralError) -> TraceValue {
        let start = index
        while let c = current, c.isASCII && c.isNumber || c == "-" || c == "T" || c == ":" || c == "." {
            index += 1
        }
        if current == "Z" { index += 1 }
        guard let seconds = TraceValue.seconds(iso8601: String(characters[start..<index])) else {
            index = start
            throw error("expected a date in UTC such as 2026-12-01T04:24:02Z")
        }
        return .date(seconds)
    }

    /// `(seconds)` after `Date`: a date ISO 8601 cannot print (``TraceValue/iso8601(_:)``).
    mutating func dateSeconds() throws(ValueLiteralError) -> TraceValue {
        try expect("(")
        skipSpaces()
        let seconds: Double
        switch try number() {
        case let .double(value): seconds = value
        case let .int(value): seconds = Double(value)
        case let .uint(value): seconds = Double(value)
        default: throw error("expected the seconds since 1970")
        }
        try expect(")")
        return .date(seconds)
    }

    /// A quoted string, with the printer's escapes: `\"`, `\\`, `\n`, `\t`, `\r`, `\0`,
    /// `\u{1b}`.
    mutating func string() throws(ValueLiteralError) -> String {
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
                case "0": result.append("\0")
                case "\"", "\\", "'": result.append(escaped)
                case "u":
                    result.unicodeScalars.append(try unicodeEscape())
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

    /// `{1b}` after `\u`: one to eight hex digits naming a Unicode scalar.
    private mutating func unicodeEscape() throws(ValueLiteralError) -> Unicode.Scalar {
        guard current == "{" else { throw error("expected \"{\" after \\u") }
        index += 1
        let start = index
        while let c = current, c.isHexDigit, index - start < 8 { index += 1 }
        guard index > start, let value = UInt32(String(characters[start..<index]), radix: 16) else { throw error("expected hex digits") }
        guard let scalar = Unicode.Scalar(value) else {
            index = start
            throw error("expected a Unicode scalar")
        }
        guard current == "}" else { throw error("expected \"}\"") }
        index += 1
        return scalar
    }
}

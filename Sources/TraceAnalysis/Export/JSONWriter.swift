/// Builds compact JSON text (one NDJSON line at a time) with correct string escaping.
public struct JSONWriter {
    /// The text written so far.
    public private(set) var text = ""
    private var needsComma: [Bool] = []

    /// Creates an empty writer.
    public init() {}

    /// Starts an object (`{`).
    public mutating func beginObject() { valuePrefix(); text += "{"; needsComma.append(false) }
    /// Ends an object (`}`).
    public mutating func endObject() { text += "}"; needsComma.removeLast() }
    /// Starts an array (`[`).
    public mutating func beginArray() { valuePrefix(); text += "["; needsComma.append(false) }
    /// Ends an array (`]`).
    public mutating func endArray() { text += "]"; needsComma.removeLast() }

    /// Writes an object key; the next value belongs to it.
    public mutating func key(_ name: String) {
        valuePrefix()
        appendQuoted(name)
        text += ":"
        afterKey = true
    }

    /// Writes a string value.
    public mutating func string(_ value: String) { valuePrefix(); appendQuoted(value) }
    /// Writes a number or literal exactly as given (`12`, `true`, `null`).
    public mutating func raw(_ literal: String) { valuePrefix(); text += literal }
    /// Writes a signed integer.
    public mutating func number(_ value: Int64) { raw(String(value)) }
    /// Writes an unsigned integer.
    public mutating func number(_ value: UInt64) { raw(String(value)) }
    /// Writes a finite double as a number; nan and the infinities as the strings "nan", "inf", "-inf".
    public mutating func number(_ value: Double) {
        if value.isNaN { string("nan") } else if value.isInfinite { string(value < 0 ? "-inf" : "inf") } else { raw(String(value)) }
    }
    /// Writes a Boolean.
    public mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }
    /// Writes `null`.
    public mutating func null() { raw("null") }

    /// Writes `"name": value` for a string.
    public mutating func field(_ name: String, _ value: String) { key(name); string(value) }
    /// Writes `"name": value` for an unsigned integer.
    public mutating func field(_ name: String, _ value: UInt64) { key(name); number(value) }
    /// Writes `"name": value` for a signed integer.
    public mutating func field(_ name: String, _ value: Int64) { key(name); number(value) }

    private var afterKey = false

    /// Separates a value from the previous element of its container.
    private mutating func valuePrefix() {
        if afterKey {
            afterKey = false
            return
        }
        guard let hasElements = needsComma.last else { return }
        if hasElements { text += "," }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func appendQuoted(_ string: String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                // Control characters, line separators and bidirectional overrides: JSON output
                // is printed to terminals too, so nothing in it may drive one.
                if scalar.drivesTerminal {
                    text += Self.escape(scalar)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// `\uXXXX` for a scalar of the Basic Multilingual Plane (every one that drives a terminal).
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// JSON text another encoder wrote (`JSONEncoder`, which leaves U+2028 and the bidirectional
    /// overrides raw) with every scalar that drives a terminal escaped as `\uXXXX`: still the
    /// same JSON, since such a scalar can stand only inside a string, and safe to print.
    public static func escapingTerminalControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: \.drivesTerminal) else { return json }
        var text = ""
        for scalar in json.unicodeScalars {
            if scalar.drivesTerminal { text += escape(scalar) } else { text.unicodeScalars.append(scalar) }
        }
        return text
    }
}

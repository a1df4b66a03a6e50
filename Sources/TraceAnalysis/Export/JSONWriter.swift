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
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}

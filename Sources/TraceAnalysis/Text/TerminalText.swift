extension String {
    /// The string made safe for a terminal: control characters (C0, DEL, C1, which start
    /// escape sequences), line and paragraph separators and bidirectional overrides become
    /// visible `\u{…}` escapes, so text from a trace can never drive the terminal.
    public var sanitizedForTerminal: String {
        guard unicodeScalars.contains(where: \.drivesTerminal) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if scalar.drivesTerminal {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

}

extension Unicode.Scalar {
    /// Whether the scalar can drive a terminal or reorder what it shows: C0 and C1 controls and
    /// DEL (they start escape sequences), U+2028 and U+2029 (line and paragraph separators,
    /// which some terminals and editors break lines at), and the bidirectional embeddings,
    /// overrides and isolates (U+202A-202E, U+2066-2069). The one definition for text and JSON.
    public var drivesTerminal: Bool {
        let v = value
        return v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

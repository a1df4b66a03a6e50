extension String {
    /// The string made safe for a terminal: control characters (C0, DEL, C1, which start
    /// escape sequences) and bidirectional overrides become visible `\u{…}` escapes, so text
    /// from a trace can never drive the terminal.
    public var sanitizedForTerminal: String {
        guard unicodeScalars.contains(where: Self.isUnsafe) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if Self.isUnsafe(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v)
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

import Foundation

/// Reading one JSON text with bounds: a client's line is refused, not parsed, when it is
/// larger than ``JSONLimits/bytes`` or nests deeper than ``JSONLimits/depth``, so no request
/// can make the server use unbounded memory or stack. The grammar is Foundation's strict
/// JSON (RFC 8259: no comments, no trailing commas, no NaN).
enum JSONLimits {
    /// The largest message read: 1 MiB (a tool call's arguments are a few hundred bytes).
    static let bytes = 1 << 20
    /// The deepest nesting of arrays and objects read.
    static let depth = 64
}

/// Why a JSON text was not read.
struct JSONParseError: Error, Sendable, CustomStringConvertible {
    var description: String
}

extension JSONValue {
    /// Parses `bytes` (one JSON text), within ``JSONLimits``.
    static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= JSONLimits.bytes else {
            throw JSONParseError(description: "the message is larger than \(JSONLimits.bytes) bytes")
        }
        guard nestingDepth(of: bytes) <= JSONLimits.depth else {
            throw JSONParseError(description: "the message nests deeper than \(JSONLimits.depth) levels")
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw JSONParseError(description: "the message is not valid JSON")
        }
    }

    /// The deepest nesting of `[` and `{` outside strings (an upper bound when the text is
    /// not JSON at all, which the parser then refuses).
    private static func nestingDepth(of bytes: some Collection<UInt8>) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

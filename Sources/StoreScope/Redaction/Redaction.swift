/// Which fields are recorded as `.redacted` instead of their value.
///
/// A field is redacted when its name contains one of ``fieldPatterns``, ignoring case: with the
/// defaults, `password`, `userPassword`, `authToken`, `refreshTokenExpiry` and `sessionID` are
/// all redacted. Names are those of stored properties (struct and class fields), labeled enum
/// associated values, coding keys (for ``TraceCapturedByEncoding`` types) and `String`
/// dictionary keys (so `["Authorization": ...]` headers are hidden too). Redaction happens
/// during capture, in the app's process: the value never reaches the trace.
public struct Redaction: Sendable, Hashable {
    /// Substrings that mark a field as sensitive, matched case-insensitively.
    public var fieldPatterns: [String] {
        didSet { lowered = Self.lower(fieldPatterns) }
    }
    private var lowered: [[UInt8]]

    /// The default patterns: password, passcode, token, secret, apiKey, authorization, cookie
    /// and session.
    public static let defaultFieldPatterns = [
        "password", "passcode", "token", "secret", "apiKey", "authorization", "cookie", "session",
    ]

    /// Redacts fields matching ``defaultFieldPatterns``.
    public static let `default` = Redaction()

    /// Redacts nothing by name (``Redacted`` values are still redacted).
    public static let none = Redaction(fieldPatterns: [])

    /// Creates a redaction rule.
    ///
    /// - Parameter fieldPatterns: substrings matched case-insensitively against field names;
    ///   empty patterns are ignored.
    public init(fieldPatterns: [String] = Redaction.defaultFieldPatterns) {
        self.fieldPatterns = fieldPatterns
        lowered = Self.lower(fieldPatterns)
    }

    /// Whether a field with this name is redacted.
    ///
    /// - Parameter name: a property name, coding key or dictionary key.
    /// - Returns: `true` when `name` contains one of ``fieldPatterns``, ignoring case.
    public func redacts(field name: String) -> Bool {
        guard !lowered.isEmpty, !name.isEmpty else { return false }
        var name = name
        return name.withUTF8 { bytes in
            lowered.contains { Self.contains(bytes, $0) }
        }
    }

    /// Equality and hashing follow ``fieldPatterns`` only.
    public static func == (lhs: Redaction, rhs: Redaction) -> Bool {
        lhs.fieldPatterns == rhs.fieldPatterns
    }

    /// Hashes ``fieldPatterns``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fieldPatterns)
    }

    private static func lower(_ patterns: [String]) -> [[UInt8]] {
        patterns.filter { !$0.isEmpty }.map { Array($0.lowercased().utf8) }
    }

    /// Substring search folding ASCII letters; non-ASCII bytes must match exactly (the
    /// patterns were lowered with full Unicode rules, names are folded byte by byte).
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        let n = needle.count
        guard haystack.count >= n else { return false }
        for start in 0...(haystack.count - n) {
            var matched = true
            for offset in 0..<n {
                var byte = haystack[start + offset]
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                if byte != needle[offset] {
                    matched = false
                    break
                }
            }
            if matched { return true }
        }
        return false
    }
}

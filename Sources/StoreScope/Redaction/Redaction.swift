/// Which values are recorded as `.redacted` instead of their value, by the names that label
/// them.
///
/// Names and patterns are compared by their ASCII letters and digits only, ignoring case and
/// separators: `api_key`, `X-Api-Key`, `apiKey` and `APIKEY` are one name to the `apiKey`
/// pattern. A pattern of five letters or more matches anywhere in a name (`userpassword`,
/// `refreshTokenExpiry`, `sessionID`); a shorter one (`pin`, `otp`, `pwd`) only as whole words
/// of the name, words being split at separators, lower-to-upper case changes, the end of an
/// acronym and letter-digit changes: `pin`, `userPin`, `PIN_CODE` and `x-otp` match, `spinner`,
/// `shipping`, `option` and `pinned` do not.
///
/// The names matched are: stored properties (struct and class fields); enum associated-value
/// labels; enum case names (a matching case, `.setToken(String)`, has its whole payload
/// redacted); coding keys (for ``TraceCapturedByEncoding`` types); `String` dictionary keys
/// (`["Authorization": ...]`); the first string of a pair of strings (`("X-Api-Key", key)`,
/// so `[(String, String)]` headers are covered); and the names of query and fragment items in
/// a `URL` (`?access_token=...` is recorded as `?access_token=REDACTED`, and a password in the
/// URL's user info too). Redaction happens during capture, in the app's process: the value
/// never reaches the trace, in a keyframe or in a patch.
public struct Redaction: Sendable, Hashable {
    /// Patterns that mark a name as sensitive (see the type's discussion for how they match).
    public var fieldPatterns: [String] {
        get { rule.fieldPatterns }
        set { rule = newValue == Self.defaultFieldPatterns ? Self.defaultRule : Rule(newValue) }
    }
    /// The patterns and their prepared form, in one object: a copy of the rule (every
    /// ``CaptureOptions`` copy, every diff) retains one reference instead of four arrays, and
    /// ``RedactedFields`` knows the default rule by its identity.
    private(set) var rule: Rule

    /// A rule's patterns, prepared once; never changed after init. Printed as its patterns, so
    /// a printed `Redaction` (or `CaptureOptions`) still shows them.
    final class Rule: Sendable, CustomStringConvertible {
        let fieldPatterns: [String]
        let prepared: NamePatterns

        init(_ fieldPatterns: [String]) {
            self.fieldPatterns = fieldPatterns
            prepared = NamePatterns(fieldPatterns, wholeWordLength: Redaction.wholeWordPatternLength)
        }

        var description: String { fieldPatterns.description }
    }

    /// Patterns shorter than this many letters and digits match whole words only.
    public static let wholeWordPatternLength = 5

    /// The default patterns: password, passcode, passwd, pwd, token, secret, apiKey, accessKey,
    /// privateKey, credential, authorization, bearer, cookie, session, signature, otp, pin, cvv
    /// and jwt. So `clientSecret`, `sessionId`, `refresh_token`, `X-Api-Key`, `Authorization`,
    /// `Set-Cookie`, `X-Amz-Credential`, `userPin` and `setToken` are all redacted.
    public static let defaultFieldPatterns = [
        "password", "passcode", "passwd", "pwd", "token", "secret", "apiKey", "accessKey", "privateKey", "credential",
        "authorization", "bearer", "cookie", "session", "signature", "otp", "pin", "cvv", "jwt",
    ]

    /// The rule of every redaction made with ``defaultFieldPatterns``.
    static let defaultRule = Rule(defaultFieldPatterns)

    /// Redacts names matching ``defaultFieldPatterns``.
    public static let `default` = Redaction()

    /// Redacts nothing by name (``Redacted`` values are still redacted).
    public static let none = Redaction(fieldPatterns: [])

    /// Creates a redaction rule.
    ///
    /// - Parameter fieldPatterns: patterns matched against names as the type's discussion
    ///   says; patterns without letters or digits are ignored.
    public init(fieldPatterns: [String] = Redaction.defaultFieldPatterns) {
        rule = fieldPatterns == Self.defaultFieldPatterns ? Self.defaultRule : Rule(fieldPatterns)
    }

    /// Whether the value a name labels is redacted.
    ///
    /// - Parameter name: a property name, associated-value label, case name, coding key,
    ///   dictionary key, the first string of a pair, or a URL query item's name.
    /// - Returns: `true` when one of ``fieldPatterns`` matches `name`.
    public func redacts(field name: String) -> Bool {
        guard !rule.prepared.isEmpty, !name.isEmpty else { return false }
        var name = name
        return name.withUTF8 { rule.prepared.matches($0) }
    }

    /// Equality and hashing follow ``fieldPatterns`` only.
    public static func == (lhs: Redaction, rhs: Redaction) -> Bool {
        lhs.rule === rhs.rule || lhs.fieldPatterns == rhs.fieldPatterns
    }

    /// Hashes ``fieldPatterns``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fieldPatterns)
    }
}

import TraceFormat

/// Which fields of one type a redaction rule hides, worked out once per rule instead of
/// matching every pattern against every changed field's name on every capture and diff.
///
/// Each struct layout and enum case holds one, for its own field names: the same name in two
/// types gets a verdict in each, from the same rule.
final class RedactedFields: Sendable {
    /// The field names, in the order of the verdicts.
    let names: [String]
    /// For an enum case's associated values, the case's name: a case whose name the rule
    /// matches (`.setToken(String)`) has every associated value redacted.
    let caseName: String?
    /// The verdicts under ``Redaction/defaultFieldPatterns``, the rule of every capture that sets none:
    /// found at init, so the usual diff asks no lock (a diff of a changed struct asks once).
    private let defaultVerdicts: [Bool]
    /// The last other rule asked about and its verdicts. Capture runs with one rule per
    /// recorder, so the memo nearly always hits; a second rule only costs recomputing.
    private let memo = LockedValue<(patterns: [String], verdicts: [Bool])?>(nil)

    init(names: [String], caseName: String? = nil) {
        self.names = names
        self.caseName = caseName
        defaultVerdicts = Self.verdicts(of: names, caseName: caseName, under: .default)
    }

    /// Whether each field is redacted under `redaction`, in the order of ``names``.
    func verdicts(under redaction: Redaction) -> [Bool] {
        if redaction.rule === Redaction.defaultRule { return defaultVerdicts }
        let patterns = redaction.fieldPatterns
        // `==` on arrays sharing storage is O(1): the rule is copied around, not rebuilt.
        if let memo = memo.withLock({ $0 }), memo.patterns == patterns { return memo.verdicts }
        let verdicts = Self.verdicts(of: names, caseName: caseName, under: redaction)
        memo.withLock { $0 = (patterns, verdicts) }
        return verdicts
    }

    private static func verdicts(of names: [String], caseName: String?, under redaction: Redaction) -> [Bool] {
        let wholeCase = caseName.map(redaction.redacts(field:)) ?? false
        return names.map { wholeCase || redaction.redacts(field: $0) }
    }
}

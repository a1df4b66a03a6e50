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
    /// The last rule asked about and its verdicts. Capture runs with one rule per recorder, so
    /// the memo nearly always hits; a second rule only costs recomputing.
    private let memo = LockedValue<(patterns: [String], verdicts: [Bool])?>(nil)

    init(names: [String], caseName: String? = nil) {
        self.names = names
        self.caseName = caseName
    }

    /// Whether each field is redacted under `redaction`, in the order of ``names``.
    func verdicts(under redaction: Redaction) -> [Bool] {
        let patterns = redaction.fieldPatterns
        // `==` on arrays sharing storage is O(1): the rule is copied around, not rebuilt.
        if let memo = memo.withLock({ $0 }), memo.patterns == patterns { return memo.verdicts }
        let wholeCase = caseName.map(redaction.redacts(field:)) ?? false
        let verdicts = names.map { wholeCase || redaction.redacts(field: $0) }
        memo.withLock { $0 = (patterns, verdicts) }
        return verdicts
    }
}

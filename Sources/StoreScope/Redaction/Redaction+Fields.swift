/// The one decision of which reflected fields a rule hides, taken by capture and by the differ
/// alike, so a patch never holds a value the keyframe would have hidden.
extension Redaction {
    /// What holds a list of reflected fields, for the rules that depend on it.
    enum FieldOwner {
        /// A struct, a class, or a value reflecting itself: fields are redacted by name.
        case fields
        /// A tuple: by element label, and a pair of strings whose first string matches (a
        /// header, `("Authorization", "Bearer ...")`) has its second one redacted.
        case tuple
        /// The associated values of the case named so: all of them when the name matches,
        /// else by label.
        case enumCase(String)
    }

    /// Whether each of `fields` is redacted, in order.
    func verdicts(for fields: [Reflection.Field], of owner: FieldOwner) -> [Bool] {
        switch owner {
        case .fields:
            return fields.map { redacts(field: $0.name) }
        case let .enumCase(name):
            if redacts(field: name) { return Array(repeating: true, count: fields.count) }
            return fields.map { redacts(field: $0.name) }
        case .tuple:
            var verdicts = fields.map { redacts(field: $0.name) }
            if fields.count == 2, let key = fields[0].value as? String, fields[1].value is String, redacts(field: key) {
                verdicts[1] = true
            }
            return verdicts
        }
    }
}

import TraceFormat

extension TraceValue {
    /// The value as its printed literal (``TraceValue/qualifiedDescription``) carries it, which is
    /// what reading the literal back gives: an enum's type only at the root, no `Optional`
    /// wrapper, `nil` of no type, and a non-negative integer that fits `Int64` as `.int` (the
    /// text has no sign to tell). Everything else (type names of structs, instances and scalars,
    /// field names, strings, dates and doubles to the bit) is printed, and kept.
    public var literalForm: TraceValue { literalForm(isRoot: true) }

    private func literalForm(isRoot: Bool) -> TraceValue {
        func fields(_ fields: [Field]) -> [Field] {
            fields.map { Field($0.name, $0.value.literalForm(isRoot: false)) }
        }
        switch self {
        case let .structure(type, f): return .structure(type: type, fields: fields(f))
        case let .object(type, id, f): return .object(type: type, id: id, fields: fields(f))
        case let .enumeration(type, caseName, payload): return .enumeration(type: isRoot ? type : "", caseName: caseName, payload: fields(payload))
        case .none: return .none(type: "")
        case let .some(wrapped): return wrapped.literalForm(isRoot: isRoot)
        case let .array(values): return .array(values.map { $0.literalForm(isRoot: false) })
        case let .set(values): return .set(values.map { $0.literalForm(isRoot: false) }.sorted(by: TraceValue.canonicalOrder))
        case let .dictionary(entries):
            let read = entries.map { DictionaryEntry(key: $0.key.literalForm(isRoot: false), value: $0.value.literalForm(isRoot: false)) }
            return .dictionary(read.enumerated().sorted { a, b in
                let order = TraceValue.compare(a.element.key, b.element.key)
                return order != 0 ? order < 0 : a.offset < b.offset
            }.map(\.element))
        case let .uint(value): return Int64(exactly: value).map(TraceValue.int) ?? self
        default: return self
        }
    }
}

import TraceFormat

/// Fills the redacted values of a state a listener sent for a jump from the app's own state.
///
/// A state rebuilt from the trace has `.redacted` wherever the recording redacted a field (a
/// `session: UserSession?`, a token), so it cannot be decoded as the app's `State`: without
/// this, any jump further back than the kept states (``KeptStates``) failed on an ordinary
/// redacted field. Each redacted value is taken from the same place in the app's latest state,
/// captured without redaction (in memory only; nothing of it is written): a struct's field by
/// name, an enum's associated value in the same case, an optional's wrapped value, a dictionary's
/// entry by key, an array's element by its `id` field. Where the app's state has no value at
/// that place (another enum case, no element with that id, an array without ids, a set), the
/// path is reported as blocking the jump.
struct RedactedFill {
    /// The paths filled from the app's state, and those it could not fill, as the viewer
    /// prints paths (`.session`, `.messages[3].token`).
    private(set) var filled: [String] = []
    private(set) var blocked: [String] = []

    /// Whether `value` holds a redacted node.
    static func needed(in value: TraceValue) -> Bool {
        holds(value) { if case .redacted = $0 { true } else { false } }
    }

    /// Whether `value` or a node under it is one that `matches`.
    private static func holds(_ value: TraceValue, _ matches: (TraceValue) -> Bool) -> Bool {
        matches(value) || !value.forEachChild { !holds($0, matches) }
    }

    /// `target` with each redacted value replaced by the value at the same place in `current`.
    mutating func fill(_ target: TraceValue, from current: TraceValue?) -> TraceValue {
        var path: [PathComponent] = []
        return fill(target, from: current, at: &path)
    }

    private mutating func fill(_ target: TraceValue, from current: TraceValue?, at path: inout [PathComponent]) -> TraceValue {
        switch target {
        case .redacted:
            if let current, Self.isFilling(current) {
                filled.append(renderPath(path))
                return current
            }
            blocked.append(renderPath(path))
            return target
        case let .structure(type, fields):
            guard Self.needed(in: target) else { return target }
            let currentFields: [TraceValue.Field]? = if case let .structure(currentType, fields) = current, currentType == type { fields } else { nil }
            return .structure(type: type, fields: fill(fields, from: currentFields, byName: true, at: &path))
        case let .object(type, id, fields):
            guard Self.needed(in: target) else { return target }
            let currentFields: [TraceValue.Field]? = if case let .object(currentType, _, fields) = current, currentType == type { fields } else { nil }
            return .object(type: type, id: id, fields: fill(fields, from: currentFields, byName: true, at: &path))
        case let .enumeration(type, caseName, payload):
            guard Self.needed(in: target) else { return target }
            let currentPayload: [TraceValue.Field]? =
                if case let .enumeration(currentType, currentCase, payload) = current, currentType == type, currentCase == caseName { payload } else { nil }
            return .enumeration(type: type, caseName: caseName, payload: fill(payload, from: currentPayload, byName: false, at: &path))
        case let .some(wrapped):
            guard Self.needed(in: wrapped) else { return target }
            let currentWrapped: TraceValue? = if case let .some(value) = current { value } else { nil }
            path.append(.some)
            defer { path.removeLast() }
            return .some(fill(wrapped, from: currentWrapped, at: &path))
        case let .array(elements):
            guard Self.needed(in: target) else { return target }
            let currentElements: [TraceValue] = if case let .array(elements) = current { elements } else { [] }
            return .array(elements.enumerated().map { index, element in
                guard Self.needed(in: element) else { return element }
                path.append(.index(index))
                defer { path.removeLast() }
                let id = Self.id(of: element)
                return fill(element, from: id.flatMap { id in currentElements.first { Self.id(of: $0) == id } }, at: &path)
            })
        case let .dictionary(entries):
            guard Self.needed(in: target) else { return target }
            let currentEntries: [TraceValue.DictionaryEntry] = if case let .dictionary(entries) = current { entries } else { [] }
            return .dictionary(entries.map { entry in
                guard Self.needed(in: entry.value) else { return entry }
                path.append(.key(entry.key))
                defer { path.removeLast() }
                let value = fill(entry.value, from: currentEntries.first { $0.key == entry.key }?.value, at: &path)
                return .init(key: entry.key, value: value)
            })
        default:
            // A set's elements have no place to match by; anything else holds no redacted node
            // the decoder could use.
            if Self.needed(in: target) { blocked.append(renderPath(path)) }
            return target
        }
    }

    /// Fills fields matched by name (a struct's, a labeled payload's) or, for an unlabeled
    /// payload, by position.
    private mutating func fill(
        _ fields: [TraceValue.Field], from current: [TraceValue.Field]?, byName: Bool, at path: inout [PathComponent]
    ) -> [TraceValue.Field] {
        fields.enumerated().map { index, field in
            guard Self.needed(in: field.value) else { return field }
            let labeled = byName || !field.name.isEmpty
            path.append(labeled ? .field(field.name) : .index(index))
            defer { path.removeLast() }
            let match: TraceValue? =
                if labeled { current?.first { $0.name == field.name }?.value } else if let current, index < current.count { current[index].value } else { nil }
            return .init(field.name, fill(field.value, from: match, at: &path))
        }
    }

    /// An element's `id` field, by which it is found in the app's array.
    private static func id(of element: TraceValue) -> TraceValue? {
        switch element {
        case let .structure(_, fields), let .object(_, _, fields): fields.first { $0.name == "id" }?.value
        default: nil
        }
    }

    /// Whether a value of the app's state can stand in for a redacted one: not itself redacted
    /// (a `Redacted` wrapper the capture could not open) nor cut short.
    private static func isFilling(_ value: TraceValue) -> Bool {
        !holds(value) {
            switch $0 {
            case .redacted, .truncated: true
            default: false
            }
        }
    }
}

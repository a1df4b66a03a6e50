import TraceFormat

/// How a replay compares the reducer's captured state with the recorded one, and how it turns
/// recorded values the app's types cannot read back into inputs it can.
///
/// Both states are value trees captured the same way, so `Date`, `UUID`, `Decimal` and the
/// other scalars compare exactly as they were recorded. What the recording does not hold is not
/// compared: a redacted value (its contents never left the app), a class instance recorded
/// by its identity alone (one that can change), a value cut by a capture limit, and a class
/// instance's identity number (the replay's instances are new ones). Each place skipped, but
/// identity numbers, is named in the report's notes, so a pass never hides what it did not check.
enum ReplayComparison {
    /// `replayed` with every node the recording cannot vouch for replaced by the recorded node,
    /// and the paths replaced, each with the reason.
    ///
    /// - Parameters:
    ///   - recorded: the state the trace recorded.
    ///   - replayed: the reducer's state, captured.
    /// - Returns: the masked replayed tree (equal to `recorded` wherever only skipped nodes
    ///   differed) and the skipped places (`.password: redacted in the recording`).
    static func masked(recorded: TraceValue, replayed: TraceValue) -> (value: TraceValue, skipped: [String]) {
        var skipped: [String] = []
        var path: [PathComponent] = []
        // Equal trees (every action the reducer reproduces) are walked only to name what they
        // hold unchecked; only unequal ones are rebuilt with the recorded nodes put back.
        if recorded == replayed {
            collectUnverifiable(in: recorded, at: &path, skipped: &skipped)
            return (replayed, skipped)
        }
        let value = mask(recorded, replayed, at: &path, skipped: &skipped)
        return (value, skipped)
    }

    private static func collectUnverifiable(in node: TraceValue, at path: inout [PathComponent], skipped: inout [String]) {
        if let reason = unverifiable(node) {
            skipped.append("\(shown(path)) is not compared: \(reason)")
            return
        }
        func visit(_ child: TraceValue, _ component: PathComponent) {
            path.append(component)
            collectUnverifiable(in: child, at: &path, skipped: &skipped)
            path.removeLast()
        }
        switch node {
        case let .structure(_, fields), let .object(_, _, fields):
            for field in fields { visit(field.value, .field(field.name)) }
        case let .enumeration(_, _, payload):
            for (index, field) in payload.enumerated() { visit(field.value, field.name.isEmpty ? .index(index) : .field(field.name)) }
        case let .some(wrapped): visit(wrapped, .some)
        case let .array(elements):
            for (index, element) in elements.enumerated() { visit(element, .index(index)) }
        case let .dictionary(entries):
            for entry in entries { visit(entry.value, .key(entry.key)) }
        default: break
        }
    }

    private static func mask(_ recorded: TraceValue, _ replayed: TraceValue, at path: inout [PathComponent], skipped: inout [String]) -> TraceValue {
        if let reason = unverifiable(recorded) ?? unverifiable(replayed).map({ "\($0) in the replay" }) {
            skipped.append("\(shown(path)) is not compared: \(reason)")
            return recorded
        }
        // Equal subtrees are still walked: the places they cannot vouch for are noted all the same.
        if recorded == replayed {
            collectUnverifiable(in: recorded, at: &path, skipped: &skipped)
            return replayed
        }
        // Types compare by `sameType`: a recording made before type names carried their
        // enclosing types (`State` for `AppFeature.State`) still replays; the recorded name is kept.
        switch (recorded, replayed) {
        case let (.structure(t1, f1), .structure(t2, f2)) where sameType(t1, t2) && f1.map(\.name) == f2.map(\.name):
            return .structure(type: t1, fields: fields(f1, f2, at: &path, skipped: &skipped))
        case let (.object(t1, id, f1), .object(t2, _, f2)) where sameType(t1, t2) && f1.map(\.name) == f2.map(\.name):
            // The replay's instances are new ones: their identity numbers are not the recording's.
            return .object(type: t1, id: id, fields: fields(f1, f2, at: &path, skipped: &skipped))
        case let (.enumeration(t1, c1, p1), .enumeration(t2, c2, p2)) where sameType(t1, t2) && c1 == c2 && p1.map(\.name) == p2.map(\.name):
            return .enumeration(type: t1, caseName: c2, payload: fields(p1, p2, payload: true, at: &path, skipped: &skipped))
        case let (.none(t1), .none(t2)) where sameType(t1, t2):
            return recorded
        case let (.scalar(t1, text1), .scalar(t2, text2)) where sameType(t1, t2) && text1 == text2:
            return recorded
        case let (.some(a), .some(b)):
            path.append(.some)
            defer { path.removeLast() }
            return .some(mask(a, b, at: &path, skipped: &skipped))
        case let (.array(a), .array(b)) where a.count == b.count:
            return .array(a.indices.map { index in
                path.append(.index(index))
                defer { path.removeLast() }
                return mask(a[index], b[index], at: &path, skipped: &skipped)
            })
        case let (.dictionary(a), .dictionary(b)) where a.map(\.key) == b.map(\.key):
            return .dictionary(a.indices.map { index in
                path.append(.key(a[index].key))
                defer { path.removeLast() }
                return TraceValue.DictionaryEntry(key: b[index].key, value: mask(a[index].value, b[index].value, at: &path, skipped: &skipped))
            })
        default:
            return replayed
        }
    }

    private static func fields(
        _ recorded: [TraceValue.Field], _ replayed: [TraceValue.Field], payload: Bool = false, at path: inout [PathComponent], skipped: inout [String]
    ) -> [TraceValue.Field] {
        recorded.indices.map { index in
            let name = recorded[index].name
            path.append(payload && name.isEmpty ? .index(index) : .field(name))
            defer { path.removeLast() }
            return TraceValue.Field(name, mask(recorded[index].value, replayed[index].value, at: &path, skipped: &skipped))
        }
    }

    /// Whether two spellings name the same type: equal, or equal once each is cut to the
    /// innermost names earlier writers recorded (`AppFeature.State` and `State`,
    /// `Optional<AppFeature.State>` and `Optional<State>`).
    static func sameType(_ recorded: String, _ replayed: String) -> Bool {
        recorded == replayed || innermost(recorded) == innermost(replayed)
    }

    /// `spelling` with every name that encloses another removed: `A.B<C.D>` → `B<D>`.
    private static func innermost(_ spelling: String) -> String {
        var result = ""
        var name = ""
        for character in spelling {
            if character == "." {
                name = ""
            } else if character.isLetter || character.isNumber || character == "_" {
                name.append(character)
            } else {
                result += name
                result.append(character)
                name = ""
            }
        }
        return result + name
    }

    /// Why a node cannot be checked against the other side, or `nil` when it can.
    private static func unverifiable(_ node: TraceValue) -> String? {
        switch node {
        case .redacted: "redacted in the recording"
        case .reference: "a class instance recorded by its identity alone"
        case .truncated: "cut by a capture limit in the recording"
        default: nil
        }
    }

    /// The recorded value with every redacted `String` replaced by `placeholder` and every
    /// redacted optional by `nil`, and the paths replaced with what they became: what lets a
    /// state or action whose text was redacted decode and reach the reducer. Other redacted
    /// types are left as they are (decoding them fails, naming the path).
    static func substitutingRedactedText(in value: TraceValue, with placeholder: String) -> (value: TraceValue, paths: [(path: String, standIn: String)]) {
        var paths: [(path: String, standIn: String)] = []
        var path: [PathComponent] = []
        let result = substitute(value, placeholder, at: &path, paths: &paths)
        return (result, paths)
    }

    private static func substitute(_ node: TraceValue, _ placeholder: String, at path: inout [PathComponent], paths: inout [(path: String, standIn: String)]) -> TraceValue {
        func inFields(_ fields: [TraceValue.Field], payload: Bool) -> [TraceValue.Field] {
            fields.enumerated().map { index, field in
                path.append(payload && field.name.isEmpty ? .index(index) : .field(field.name))
                defer { path.removeLast() }
                return TraceValue.Field(field.name, substitute(field.value, placeholder, at: &path, paths: &paths))
            }
        }
        switch node {
        case let .redacted(type) where type == "String" || type == "Swift.String":
            paths.append((shown(path), "\"\(placeholder)\""))
            return .string(placeholder)
        case let .redacted(type) where type.hasPrefix("Optional<") || type.hasPrefix("Swift.Optional<"):
            paths.append((shown(path), "nil"))
            return .none(type: String(type.drop { $0 != "<" }.dropFirst().dropLast()))
        case let .structure(type, fields): return .structure(type: type, fields: inFields(fields, payload: false))
        case let .object(type, id, fields): return .object(type: type, id: id, fields: inFields(fields, payload: false))
        case let .enumeration(type, caseName, payload): return .enumeration(type: type, caseName: caseName, payload: inFields(payload, payload: true))
        case let .some(wrapped):
            path.append(.some)
            defer { path.removeLast() }
            return .some(substitute(wrapped, placeholder, at: &path, paths: &paths))
        case let .array(elements):
            return .array(elements.enumerated().map { index, element in
                path.append(.index(index))
                defer { path.removeLast() }
                return substitute(element, placeholder, at: &path, paths: &paths)
            })
        case let .dictionary(entries):
            return .dictionary(entries.map { entry in
                path.append(.key(entry.key))
                defer { path.removeLast() }
                return TraceValue.DictionaryEntry(key: entry.key, value: substitute(entry.value, placeholder, at: &path, paths: &paths))
            })
        default:
            return node
        }
    }

    /// A path as reports show it; the root is `the whole value`.
    static func shown(_ path: [PathComponent]) -> String {
        let text = renderPath(path)
        return text.isEmpty ? "the whole value" : text
    }
}

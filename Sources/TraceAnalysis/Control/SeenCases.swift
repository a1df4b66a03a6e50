import TraceFormat

/// The enum cases a store's actions used in a session, at each place of the actions: the
/// root, each case's associated values, struct fields, collection elements.
///
/// A typed action is checked against them before it is sent (``unseenCase(in:)``): a case
/// never seen where cases of that enum were, and a letter away from one that was
/// (`serch`, `Search`, `saerch` for `search`), is most likely a typo, which the app would
/// only refuse once sent. A case the session has not seen and that is no near miss is
/// sent: the session does not know every case an enum has.
public struct SeenCases: Sendable {
    /// The enum types and cases seen at one place.
    private struct Place: Sendable {
        var types: Set<String> = []
        var cases: Set<String> = []
        /// False once more cases came than are kept: nothing is refused there.
        var isComplete = true

        mutating func note(type: String, caseName: String) {
            if !type.isEmpty, types.count < SeenCases.mostCases { types.insert(type) }
            guard !cases.contains(caseName) else { return }
            guard cases.count < SeenCases.mostCases else {
                isComplete = false
                return
            }
            cases.insert(caseName)
        }
    }

    private var places: [String: Place] = [:]
    /// At most this many places are kept (a hostile trace cannot grow the catalog for ever);
    /// a typed action's cases at other places are not checked.
    static let mostPlaces = 4_096
    /// At most this many cases are kept at one place.
    static let mostCases = 1_024

    /// An empty catalog.
    public init() {}

    /// Takes in the cases of one recorded action.
    public mutating func add(_ action: TraceValue) {
        add(action, at: "")
    }

    private mutating func add(_ value: TraceValue, at place: String) {
        switch value {
        case let .enumeration(type, caseName, payload):
            if places[place] != nil || places.count < Self.mostPlaces {
                places[place, default: Place()].note(type: type, caseName: caseName)
            }
            for (index, field) in payload.enumerated() {
                add(field.value, at: Self.payloadPlace(place, caseName, field, index))
            }
        case let .structure(_, fields), let .object(_, _, fields):
            for field in fields { add(field.value, at: place + "." + field.name) }
        case let .array(elements), let .set(elements):
            for element in elements { add(element, at: place + "[]") }
        case let .dictionary(entries):
            for entry in entries { add(entry.value, at: place + "[:]") }
        case let .some(wrapped):
            add(wrapped, at: place)
        default:
            break
        }
    }

    /// The first case of `literal` that is no case seen at its place but a near miss of one.
    ///
    /// - Parameter literal: a typed action (``ValueLiteral/parse(_:)``).
    /// - Returns: the case, what was seen there, and the nearest; `nil` when nothing looks
    ///   like a typo.
    public func unseenCase(in literal: TraceValue) -> UnseenCase? {
        unseenCase(in: literal, at: "")
    }

    private func unseenCase(in value: TraceValue, at place: String) -> UnseenCase? {
        switch value {
        case let .enumeration(_, caseName, payload):
            if let seen = places[place], seen.isComplete, !seen.cases.contains(caseName) {
                guard let nearest = Self.nearMiss(caseName, among: seen.cases) else { return nil }
                return UnseenCase(caseName: caseName, types: seen.types.sorted(), seen: seen.cases.sorted(), nearest: nearest)
            }
            for (index, field) in payload.enumerated() {
                if let found = unseenCase(in: field.value, at: Self.payloadPlace(place, caseName, field, index)) { return found }
            }
        case let .structure(_, fields), let .object(_, _, fields):
            for field in fields {
                if let found = unseenCase(in: field.value, at: place + "." + field.name) { return found }
            }
        case let .array(elements), let .set(elements):
            for element in elements {
                if let found = unseenCase(in: element, at: place + "[]") { return found }
            }
        case let .dictionary(entries):
            for entry in entries {
                if let found = unseenCase(in: entry.value, at: place + "[:]") { return found }
            }
        case let .some(wrapped):
            return unseenCase(in: wrapped, at: place)
        default:
            break
        }
        return nil
    }

    /// The place of an associated value: by its label, or its position when it has none.
    private static func payloadPlace(_ place: String, _ caseName: String, _ field: TraceValue.Field, _ index: Int) -> String {
        place + "." + caseName + "(" + (field.name.isEmpty ? String(index) : field.name) + ")"
    }

    /// The seen case `name` is a typo of: equal but for letter case, or one edit away (a
    /// letter left out, added, changed, or two swapped) from a name of three letters or
    /// more; the nearest, then the first in order, when several are.
    static func nearMiss(_ name: String, among seen: Set<String>) -> String? {
        let typed = Array(name.lowercased())
        var best: (distance: Int, name: String)?
        for candidate in seen {
            let known = Array(candidate.lowercased())
            let distance = typed == known ? 0 : min(typed.count, known.count) >= 3 ? editDistance(typed, known, atMost: 1) : nil
            guard let distance else { continue }
            if best == nil || (distance, candidate) < (best!.distance, best!.name) { best = (distance, candidate) }
        }
        return best?.name
    }

    /// The optimal string alignment distance of `a` and `b` (insertions, deletions,
    /// substitutions, swaps of neighbours), or `nil` past `limit`.
    private static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var twoBack: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], twoBack[j - 2] + 1) }
            }
            (twoBack, previous) = (previous, row)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}

/// A typed action's case that the session never saw where it stands, and that is a letter
/// away from one it did (``SeenCases/unseenCase(in:)``).
public struct UnseenCase: Sendable, Hashable, CustomStringConvertible {
    /// The case as typed.
    public var caseName: String
    /// The enum types whose cases were seen there (one, but for a hostile trace).
    public var types: [String]
    /// The cases seen there, in order.
    public var seen: [String]
    /// The seen case the typed one most likely meant.
    public var nearest: String

    /// `no case "serch" in InboxAction in this session: did you mean "search"?`
    public var description: String {
        "no case \"\(caseName)\" in \(types.isEmpty ? "the enum" : types.joined(separator: " or ")) in this session: did you mean \"\(nearest)\"?"
    }

    /// `cases seen: search, toggleSelect` (the first 20).
    public var seenText: String {
        "cases seen: " + seen.prefix(20).joined(separator: ", ") + (seen.count > 20 ? ", … \(seen.count - 20) more" : "")
    }
}

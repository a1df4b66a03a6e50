extension TraceValue {
    /// Calls `body` with each child node in order while it returns `true`: a struct's, class's
    /// or enum payload's field values, an optional's wrapped value, an array's or set's
    /// elements, a dictionary's keys and values (key, then its value). Leaves have none.
    ///
    /// The one walk over a value's children for code that counts or collects nodes
    /// (``childNodeCount`` tells how many it will visit).
    ///
    /// - Returns: `false` when `body` stopped the walk.
    @discardableResult
    package func forEachChild(_ body: (TraceValue) throws -> Bool) rethrows -> Bool {
        switch self {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields):
            for field in fields where try !body(field.value) { return false }
        case let .some(wrapped):
            return try body(wrapped)
        case let .array(elements), let .set(elements):
            for element in elements where try !body(element) { return false }
        case let .dictionary(entries):
            for entry in entries where try !body(entry.key) || !body(entry.value) { return false }
        default:
            break
        }
        return true
    }

    /// How many children ``forEachChild(_:)`` visits.
    package var childNodeCount: Int {
        switch self {
        case let .structure(_, fields), let .object(_, _, fields), let .enumeration(_, _, fields): fields.count
        case .some: 1
        case let .array(elements), let .set(elements): elements.count
        case let .dictionary(entries): 2 * entries.count
        default: 0
        }
    }
}

import Foundation

/// Whether the captures of a dictionary's keys or a set's elements stay as distinct as the
/// Swift values were.
///
/// Distinct keys can capture alike: a key struct with a redacted field (`SecretKey(token:)`),
/// values cut by a limit, two NaNs. Keyed patch operations would then address several entries
/// at once and rebuild fewer than the app had, so the differ records such a collection whole
/// (its capture keeps every entry, see ``UnorderedCapture``).
enum DistinctCaptures {
    /// Types whose distinct values always capture differently. A NaN, the one value of these
    /// types that repeats, is not equal to itself: the differ finds it by a failed lookup.
    private static let distinctlyCaptured: Set<ObjectIdentifier> = [
        ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self),
        ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self),
        ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self), ObjectIdentifier(Double.self), ObjectIdentifier(Float.self),
        ObjectIdentifier(Bool.self), ObjectIdentifier(String.self), ObjectIdentifier(Substring.self), ObjectIdentifier(UUID.self),
    ]

    /// Whether the elements of `old`, and those of `new`, capture to distinct trees.
    ///
    /// O(1) for the types listed above; otherwise every element of both is captured.
    static func hold<Element>(
        for _: Element.Type, _ old: some Collection<Element>, _ new: some Collection<Element>, differ: StateDiffer, depth: Int
    ) -> Bool {
        if distinctlyCaptured.contains(ObjectIdentifier(Element.self)) { return true }
        guard areDistinct(old, differ: differ, depth: depth) else { return false }
        return areDistinct(new, differ: differ, depth: depth)
    }

    private static func areDistinct<Element>(
        _ elements: some Collection<Element>, differ: StateDiffer, depth: Int
    ) -> Bool {
        var captured: [TraceValue] = []
        captured.reserveCapacity(elements.count)
        for element in elements { captured.append(differ.capture(element, depth: depth + 1)) }
        captured.sort(by: TraceValue.canonicalOrder)
        return zip(captured, captured.dropFirst()).allSatisfy { TraceValue.compare($0, $1) != 0 }
    }
}

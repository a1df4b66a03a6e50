import TraceFormat

/// Array elements matched by id, as the recorder matches `Identifiable` elements: an element
/// that moved is the same element, not a change at every index it passed.
extension ChildPairing {
    /// Pairs the elements of `old` and `new` (slices of two arrays, from `offset`) by their `id`
    /// field when every element on both sides is a struct or class instance with one and the
    /// ids on each side are distinct; returns `false`, calling nothing, otherwise.
    ///
    /// The elements that stay are a longest run of the kept ones still in their old order
    /// (``LongestIncreasingRun``), the fewest moves the recorder would write too; each other
    /// kept element is `.moved`. Pairs come in the new order, labelled with new indices; a
    /// removed element comes, with its old index, before the first staying element that
    /// followed it in the old order.
    static func identified(_ old: ArraySlice<TraceValue>, _ new: ArraySlice<TraceValue>, offset: Int, _ body: (Pair) -> Void) -> Bool {
        guard !old.isEmpty, !new.isEmpty, let oldIDs = ids(of: old), let newIDs = ids(of: new) else { return false }
        var oldPosition: [TraceValue: Int] = [:]
        oldPosition.reserveCapacity(oldIDs.count)
        for (position, id) in oldIDs.enumerated() { oldPosition[id] = position }
        // The old position of each new element (`nil`: inserted), and whether an old one is kept.
        let found = newIDs.map { oldPosition[$0] }
        var kept = [Bool](repeating: false, count: old.count)
        for position in found { if let position { kept[position] = true } }
        let order = found.compactMap { $0 }
        let staying = LongestIncreasingRun.members(of: order)
        var nextRemoved = 0
        func removed(before limit: Int) {
            while nextRemoved < limit {
                if !kept[nextRemoved] {
                    let index = offset + nextRemoved
                    body(.removed(.index(index), .index(index), old[index]))
                }
                nextRemoved += 1
            }
        }
        var keptOffset = 0
        for (position, oldPosition) in found.enumerated() {
            let index = offset + position, after = new[index]
            guard let oldPosition else {
                body(.added(.index(index), .index(index), after))
                continue
            }
            let before = old[offset + oldPosition]
            if staying[keptOffset] {
                removed(before: oldPosition)
                body(before == after ? .same(.index(index), .index(index), after) : .changed(.index(index), .index(index), before, after))
            } else {
                body(.moved(to: index, from: offset + oldPosition, before, after))
            }
            keptOffset += 1
        }
        removed(before: old.count)
        return true
    }

    /// The `id` field of each element, when each has one and no two are equal.
    static func ids(of elements: ArraySlice<TraceValue>) -> [TraceValue]? {
        var ids: [TraceValue] = []
        ids.reserveCapacity(elements.count)
        var seen = Set<TraceValue>(minimumCapacity: elements.count)
        for element in elements {
            guard let id = id(of: element), seen.insert(id).inserted else { return nil }
            ids.append(id)
        }
        return ids
    }

    /// The value of the `id` field of a struct or class instance.
    static func id(of element: TraceValue) -> TraceValue? {
        switch element {
        case let .structure(_, fields), let .object(_, _, fields):
            fields.first { $0.name == "id" }?.value
        default:
            nil
        }
    }
}

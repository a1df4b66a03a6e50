/// The diff of two arrays of `Equatable` elements when only elements changed, each where it
/// was: the arrays have one length and, when the elements are `Identifiable`, the same ids in
/// the same order over the changed middle. The usual change of a reducer (`users[i].name = …`).
///
/// ``StateDiffer/diffArray(_:depth:)`` gives the same operations through ``ArrayDiffInput``,
/// matching by position, but building that input allocates its closures' contexts and frees
/// them on every diff (some 2,000 instructions for a one-user rename among 1,000, callgrind,
/// more than the rest of the array's diff beside the scan). Here the elements are compared
/// and diffed where they are stored, in the array type's own code, with nothing allocated.
extension Array where Element: Equatable {
    /// Diffs the arrays at `old` and `new` (both of this type) into `differ`, given their equal
    /// prefix and suffix (see ``commonAffixes(_:_:elementTraits:)``), when only elements
    /// changed where they were.
    ///
    /// - Returns: `false`, emitting nothing, when the lengths differ or an id moved (see
    ///   ``_IdentifiedElements/_sameIDs(_:_:at:)``): the general diff then matches the elements.
    static func diffChangedInPlace(
        _ old: UnsafePointer<Self>, _ new: UnsafePointer<Self>, affixes: (prefix: Int, suffix: Int),
        identified: (any _IdentifiedElements.Type)?, elementTraits: TypeTraits, with differ: inout StateDiffer, depth: Int
    ) -> Bool {
        let count = old.pointee.count
        guard count == new.pointee.count else { return false }
        let (prefix, suffix) = affixes
        // The changed middle, clipped to the captured window; the elements after the window
        // and its marker are the same on both sides.
        let window = Swift.min(count, differ.options.maximumCollectionCount)
        let middle = Swift.min(prefix, window)..<Swift.min(count - suffix, window)
        if middle.isEmpty { return true }
        return old.pointee.withUnsafeBufferPointer { oldElements in
            new.pointee.withUnsafeBufferPointer { newElements in
                let a = oldElements.baseAddress!, b = newElements.baseAddress!
                if let identified, !identified._sameIDs(UnsafeRawPointer(a), UnsafeRawPointer(b), at: middle) { return false }
                for position in middle {
                    // The scans stopped at the first and the last of the middle, where `==`
                    // said unequal: not called again there.
                    let scanStopped = position == prefix || position == count - 1 - suffix
                    if !scanStopped, Self.same(a + position, b + position) { continue }
                    differ.path.append(.index(position))
                    defer { differ.path.removeLast() }
                    if elementTraits.isExact {
                        differ.diff(
                            at: UnsafeRawPointer(a + position), UnsafeRawPointer(b + position), traits: elementTraits, depth: depth + 1)
                    } else {
                        differ.diff(a[position], b[position], depth: depth + 1)
                    }
                }
                return true
            }
        }
    }
}

import Foundation

/// Arrays whose elements can be compared with `==`. Found once per array type, by a cast of its
/// metatype (``TypeTraits/equatableElements``): a cast of each array diffed searched the
/// runtime's conformances on every diff. The arrays are passed by address, both of this type.
protocol _EquatableElements {
    /// `(i, j) -> old[i] == new[j]`, typed once so each call costs one `==`.
    static func _elementEquality(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> (Int, Int) -> Bool
    /// Appends the operations between the arrays at `old` and `new` (both of this type, whose
    /// traits are `traits`), read where they are stored: the array's diff as
    /// ``_DiffedCollection/_diff(against:with:depth:)`` finds it, entered without boxing either
    /// array into an `Any`, casting it back out, or asking the runtime for the array type's
    /// metadata (each some hundreds of instructions, per array diffed).
    static func _diffArrays(
        at old: UnsafeRawPointer, _ new: UnsafeRawPointer, traits: TypeTraits, with differ: inout StateDiffer, depth: Int)
}

/// Arrays of `Identifiable` elements, matched by id (found as ``_EquatableElements`` is, through
/// ``TypeTraits/identifiedElements``).
protocol _IdentifiedElements {
    /// The id of `old[i]` and of `new[j]`, boxed; and whether the two ids are equal, compared
    /// typed (no boxes), for the arrays at `old` and `new`.
    static func _identities(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer)
        -> (old: (Int) -> AnyHashable, new: (Int) -> AnyHashable, same: (Int, Int) -> Bool)
    /// Whether the elements at the offsets `positions` of the two element buffers at `old` and
    /// `new` have equal ids, pair by pair, compared typed where they are stored.
    static func _sameIDs(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer, at positions: Range<Int>) -> Bool
}

extension Array: _EquatableElements where Element: Equatable {
    static func _elementEquality(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> (Int, Int) -> Bool {
        let old = old.assumingMemoryBound(to: Self.self).pointee, new = new.assumingMemoryBound(to: Self.self).pointee
        return { i, j in
            old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in Self.same(old.baseAddress! + i, new.baseAddress! + j) }
            }
        }
    }

    /// Bitwise-identical elements (unchanged copies share their storage) are equal without
    /// calling `==`; otherwise the element type's own `==` decides, called on the elements
    /// where they are stored (see ``InPlaceEquality``). Bitwise identity also means identical
    /// captures, so this never hides a change a capture would show.
    @inline(__always)
    static func same(_ old: UnsafePointer<Element>, _ new: UnsafePointer<Element>) -> Bool {
        let size = MemoryLayout<Element>.size
        return (size > 0 && InPlaceEquality.bytesAreEqual(UnsafeRawPointer(old), UnsafeRawPointer(new), count: size))
            || InPlaceEquality.equal(old, new)
    }

    /// Elements equal by `==` but not bitwise, in a row, after which the array is taken for a
    /// rebuilt one (a decoded response) and compared by `==` alone.
    static var rebuiltAfter: Int { 8 }

    /// How many elements from `old` and `new` on, stepping by `step` (1 or -1), are equal,
    /// up to `limit`. Runs of bitwise-identical elements (the unchanged elements of a copy)
    /// are skipped a block at a time (see ``ElementBlocks/equalRun(_:_:step:limit:stride:)``).
    private static func equalRun(
        _ old: UnsafePointer<Element>, _ new: UnsafePointer<Element>, step: Int, limit: Int, blocks: ElementBlocks
    ) -> Int {
        let stride = MemoryLayout<Element>.stride
        let comparesBlocks = MemoryLayout<Element>.size > 0
        var count = 0
        // Elements equal by `==` whose bytes differed, in a row: a rebuilt array has nothing
        // bitwise equal, so after a block of them the bytes that cannot match are no longer
        // compared.
        var equalNotIdentical = 0
        while count < limit {
            if equalNotIdentical >= Self.rebuiltAfter {
                // By `==` alone for as many elements again as compared so far, then the bytes of
                // one element are tried: a copy whose first elements were replaced by equal
                // values goes back to blocks after at most about twice as many `==`.
                let stretch = Swift.min(count, limit - count)
                let equal = Self.equalByValue(old + step * count, new + step * count, step: step, count: stretch)
                count += equal
                if equal < stretch { return count }
                if count < limit, comparesBlocks,
                    InPlaceEquality.bytesAreEqual(
                        UnsafeRawPointer(old + step * count), UnsafeRawPointer(new + step * count), count: MemoryLayout<Element>.size)
                {
                    equalNotIdentical = 0
                }
                continue
            }
            if comparesBlocks {
                let skipped = blocks.equalRun(
                    UnsafeRawPointer(old + step * count), UnsafeRawPointer(new + step * count), step: step, limit: limit - count,
                    stride: stride)
                if skipped > 0 {
                    count += skipped
                    equalNotIdentical = 0
                    if count == limit { break }
                }
            }
            // The next block differs in its bytes: element by element.
            for _ in 0..<Swift.min(blocks.elements, limit - count) {
                let a = old + step * count, b = new + step * count
                if comparesBlocks, InPlaceEquality.bytesAreEqual(UnsafeRawPointer(a), UnsafeRawPointer(b), count: MemoryLayout<Element>.size) {
                    equalNotIdentical = 0
                } else if InPlaceEquality.equal(a, b) {
                    equalNotIdentical += 1
                } else {
                    return count
                }
                count += 1
                if equalNotIdentical == Self.rebuiltAfter { break }
            }
        }
        return count
    }

    /// How many of the `count` elements from `old` and `new` on, stepping by `step`, are equal
    /// by `==` before the first that is not: the walk of a rebuilt array. Stepped by raw
    /// addresses up to the end's, with no counter (the element's stride is read once).
    private static func equalByValue(_ old: UnsafePointer<Element>, _ new: UnsafePointer<Element>, step: Int, count: Int) -> Int {
        let advance = step &* MemoryLayout<Element>.stride  // never 0: a stride is at least 1
        // The new element is read at a fixed distance from the old one: one address to step.
        let start = UnsafeRawPointer(old), distance = start.distance(to: UnsafeRawPointer(new))
        let end = start + count &* advance
        var a = start
        while a != end, InPlaceEquality.equal(a.assumingMemoryBound(to: Element.self), (a + distance).assumingMemoryBound(to: Element.self)) {
            a += advance
        }
        return start.distance(to: a) / advance
    }

    /// The lengths of the equal prefix and (not overlapping it) the equal suffix of the arrays at
    /// `old` and `new`, compared in place without copying elements, whose elements' traits are
    /// `elementTraits`.
    static func commonAffixes(
        _ old: UnsafePointer<Self>, _ new: UnsafePointer<Self>, elementTraits: TypeTraits
    ) -> (prefix: Int, suffix: Int) {
        old.pointee.withUnsafeBufferPointer { old in
            new.pointee.withUnsafeBufferPointer { new in
                let shorter = Swift.min(old.count, new.count)
                guard shorter > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return (0, 0) }
                let blocks = ElementBlocks(traits: elementTraits)
                let prefix = Self.equalRun(oldBase, newBase, step: 1, limit: shorter, blocks: blocks)
                let suffix = Self.equalRun(
                    oldBase + (old.count - 1), newBase + (new.count - 1), step: -1, limit: shorter - prefix, blocks: blocks)
                return (prefix, suffix)
            }
        }
    }

    static func _diffArrays(
        at old: UnsafeRawPointer, _ new: UnsafeRawPointer, traits: TypeTraits, with differ: inout StateDiffer, depth: Int
    ) {
        let old = old.assumingMemoryBound(to: Self.self), new = new.assumingMemoryBound(to: Self.self)
        if old.pointee.sharesStorage(with: new.pointee) { return }
        let elementTraits = TypeTraits.of(type: Element.self)
        let affixes = commonAffixes(old, new, elementTraits: elementTraits)
        if diffChangedInPlace(
            old, new, affixes: affixes, identified: traits.identifiedElements, elementTraits: elementTraits, with: &differ, depth: depth)
        {
            return
        }
        old.pointee.diffMatchingElements(new.pointee, traits: traits, elementTraits: elementTraits, affixes: affixes, with: &differ, depth: depth)
    }
}

extension Array: _IdentifiedElements where Element: Identifiable {
    static func _identities(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer)
        -> (old: (Int) -> AnyHashable, new: (Int) -> AnyHashable, same: (Int, Int) -> Bool)
    {
        let old = old.assumingMemoryBound(to: Self.self).pointee, new = new.assumingMemoryBound(to: Self.self).pointee
        return (
            { AnyHashable(old[$0].id) }, { AnyHashable(new[$0].id) },
            { i, j in
                old.withUnsafeBufferPointer { old in
                    new.withUnsafeBufferPointer { new in InPlaceEquality.sameID(old.baseAddress! + i, new.baseAddress! + j) }
                }
            }
        )
    }

    static func _sameIDs(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer, at positions: Range<Int>) -> Bool {
        let old = old.assumingMemoryBound(to: Element.self), new = new.assumingMemoryBound(to: Element.self)
        return positions.allSatisfy { InPlaceEquality.sameID(old + $0, new + $0) }
    }
}

extension Array: _DiffedCollection {
    func _diff(against other: Any, with differ: inout StateDiffer, depth: Int) {
        // The differ checked that both have this type: read in place, a cast as the fallback
        // (see ``ValueAddress``).
        let new = ValueAddress.with(other, ifExactly: Self.self) { $0.assumingMemoryBound(to: Self.self).pointee }
            ?? other as! [Element]
        let traits = TypeTraits.of(type: Self.self)
        if let equatable = traits.equatableElements {
            withUnsafePointer(to: self) { oldArray in
                withUnsafePointer(to: new) { newArray in
                    equatable._diffArrays(at: oldArray, newArray, traits: traits, with: &differ, depth: depth)
                }
            }
            return
        }
        if sharesStorage(with: new) { return }
        diffMatchingElements(new, traits: traits, elementTraits: TypeTraits.of(type: Element.self), affixes: nil, with: &differ, depth: depth)
    }

    /// Whether both arrays are the same buffer (or both empty): unchanged, in O(1).
    func sharesStorage(with other: Self) -> Bool {
        withUnsafeBufferPointer { a in
            other.withUnsafeBufferPointer { b in a.count == b.count && (a.count == 0 || a.baseAddress == b.baseAddress) }
        }
    }

    /// The diff against `new` by the general algorithm (``StateDiffer/diffArray(_:depth:)``),
    /// given the equal prefix and suffix when typed code found them.
    func diffMatchingElements(
        _ new: Self, traits: TypeTraits, elementTraits: TypeTraits, affixes: (prefix: Int, suffix: Int)?,
        with differ: inout StateDiffer, depth: Int
    ) {
        let elements = withUnsafePointer(to: self) { oldArray in
            withUnsafePointer(to: new) { newArray in
                let identities = traits.identifiedElements?._identities(oldArray, newArray)
                let equatable = traits.equatableElements
                return ArrayDiffInput(
                    oldCount: count, newCount: new.count, elementType: elementTraits.typeName,
                    old: { self[$0] }, new: { new[$0] },
                    equal: equatable?._elementEquality(oldArray, newArray), affixes: affixes,
                    oldID: identities?.old, newID: identities?.new, sameID: identities?.same,
                    diffInPlace: elementTraits.isExact ? { i, j, differ, depth in
                        // Read where the elements are stored: no copy of either into an `Any`.
                        self.withUnsafeBufferPointer { old in
                            new.withUnsafeBufferPointer { new in
                                differ.diff(
                                    at: UnsafeRawPointer(old.baseAddress! + i), UnsafeRawPointer(new.baseAddress! + j),
                                    traits: elementTraits, depth: depth)
                            }
                        }
                    } : nil)
            }
        }
        differ.diffArray(elements, depth: depth)
    }
}

/// Typed access to the two arrays being compared, as closures so one algorithm serves every
/// element type.
struct ArrayDiffInput {
    var oldCount: Int
    var newCount: Int
    var elementType: String
    var old: (Int) -> Any
    var new: (Int) -> Any
    /// Element equality when the elements are `Equatable`; otherwise elements are compared by
    /// diffing them.
    var equal: ((Int, Int) -> Bool)?
    /// The equal prefix and suffix of the whole arrays, when computed by typed code.
    var affixes: (prefix: Int, suffix: Int)?
    var oldID: ((Int) -> AnyHashable)?
    var newID: ((Int) -> AnyHashable)?
    /// Whether old element `i` and new element `j` have the same id, compared typed.
    var sameID: ((Int, Int) -> Bool)? = nil
    /// Diffs old element `i` against new element `j` (at the differ's path, at a depth) where
    /// they are stored, when every element has exactly the element type.
    var diffInPlace: ((Int, Int, inout StateDiffer, Int) -> Void)? = nil

    /// Whether the typed scan for ``affixes`` stopped at old element `i` and new element `j`:
    /// it stops only at elements whose `==` said unequal, so `==` is not called on them again.
    func scanStopped(at i: Int, _ j: Int) -> Bool {
        guard let (prefix, suffix) = affixes else { return false }
        let shorter = min(oldCount, newCount)
        // A run that ended at its limit stopped at no element.
        if prefix < shorter, i == prefix, j == prefix { return true }
        return prefix + suffix < shorter && i == oldCount - 1 - suffix && j == newCount - 1 - suffix
    }
}

extension ArrayDiffInput {
    /// The elements of two collections read through their custom mirrors, held as `Any` and
    /// captured as an array of `Any`: compared by diffing them, matched by id when every
    /// element is `Identifiable` (see ``TypeTraits/identity``).
    init(oldElements old: [Any], newElements new: [Any]) {
        self.init(
            oldCount: old.count, newCount: new.count, elementType: "Any", old: { old[$0] }, new: { new[$0] },
            equal: nil, affixes: nil, oldID: Self.identities(of: old), newID: Self.identities(of: new))
    }

    /// The id of each element, read when asked; `nil` unless every element is `Identifiable`.
    private static func identities(of elements: [Any]) -> ((Int) -> AnyHashable)? {
        var identities: [(Any) -> AnyHashable] = []
        identities.reserveCapacity(elements.count)
        for element in elements {
            guard let identity = TypeTraits.of(element).identity else { return nil }
            identities.append(identity)
        }
        return { identities[$0](elements[$0]) }
    }
}

extension StateDiffer {
    /// Diffs the captured windows of two arrays (their first
    /// ``CaptureOptions/maximumCollectionCount`` elements), then fixes up the
    /// `.truncated(.collection)` marker after the window.
    ///
    /// The equal prefix and suffix of the whole arrays are trimmed first, so an insertion at
    /// the front is one insert even when the window is full (plus the removal of the element
    /// pushed out of it). The middle is matched by id when the elements are `Identifiable`
    /// with unique ids, by position otherwise.
    mutating func diffArray(_ input: ArrayDiffInput, depth: Int) {
        let limit = options.maximumCollectionCount
        let (prefix, suffix) = if let known = input.affixes { known } else { affixes(input, depth: depth) }
        let oldWindow = min(input.oldCount, limit), newWindow = min(input.newCount, limit)
        // The changed middles of the whole arrays, clipped to the windows.
        let removedEnd = input.oldCount - suffix, insertedEnd = input.newCount - suffix
        let oldMiddle = min(prefix, oldWindow)..<min(removedEnd, oldWindow)
        let newMiddle = min(prefix, newWindow)..<min(insertedEnd, newWindow)
        if !oldMiddle.isEmpty || !newMiddle.isEmpty {
            if !matchByIdentity(input, oldMiddle, newMiddle, depth: depth) {
                matchByPosition(input, oldMiddle, newMiddle, depth: depth)
            }
        }
        // Now the window holds the new middle, then the old elements after the old middle,
        // which equal the new elements after the new middle. Cut or extend it to the new size.
        let tail = max(0, oldWindow - oldMiddle.upperBound)
        let length = newMiddle.upperBound + tail
        for position in (min(length, newWindow)..<length).reversed() {
            remove(input, position - newMiddle.upperBound + oldMiddle.upperBound, at: position, depth: depth)
        }
        for position in length..<max(length, newWindow) {
            insert(input, position, at: position, depth: depth)
        }
        let oldOmitted = input.oldCount - oldWindow, newOmitted = input.newCount - newWindow
        guard oldOmitted > 0 || newOmitted > 0 else { return }
        let markerPath = path + [.index(newWindow)]
        let marker = ValueCapturer.collectionMarker(elementType: input.elementType, omitted: newOmitted)
        switch (oldOmitted > 0, newOmitted > 0) {
        case (true, true): if oldOmitted != newOmitted { operations.append(.set(path: markerPath, value: marker)) }
        case (true, false): operations.append(.remove(path: markerPath))
        default: operations.append(.insert(path: markerPath, value: marker))
        }
    }

    /// The equal prefix and suffix found by diffing elements (for non-`Equatable` elements).
    private mutating func affixes(_ input: ArrayDiffInput, depth: Int) -> (prefix: Int, suffix: Int) {
        let shorter = min(input.oldCount, input.newCount)
        var prefix = 0
        while prefix < shorter, same(input, prefix, prefix, depth: depth) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, same(input, input.oldCount - 1 - suffix, input.newCount - 1 - suffix, depth: depth) { suffix += 1 }
        return (prefix, suffix)
    }

    private mutating func same(_ input: ArrayDiffInput, _ i: Int, _ j: Int, depth: Int) -> Bool {
        if let equal = input.equal { return equal(i, j) }
        return isUnchanged(input.old(i), input.new(j), depth: depth + 1)
    }

    /// Diffs old element `i` against new element `j`, now at `position`.
    private mutating func diffElement(_ input: ArrayDiffInput, _ i: Int, _ j: Int, at position: Int, depth: Int) {
        if let equal = input.equal, !input.scanStopped(at: i, j), equal(i, j) { return }
        path.append(.index(position))
        defer { path.removeLast() }
        if let diffInPlace = input.diffInPlace {
            diffInPlace(i, j, &self, depth + 1)
        } else {
            diff(input.old(i), input.new(j), depth: depth + 1)
        }
    }

    private mutating func insert(_ input: ArrayDiffInput, _ j: Int, at position: Int, depth: Int) {
        operations.append(.insert(path: path + [.index(position)], value: capture(input.new(j), depth: depth + 1)))
    }

    private mutating func remove(_ input: ArrayDiffInput, _ i: Int, at position: Int, depth: Int) {
        operations.append(.remove(path: path + [.index(position)]))
    }

    private mutating func matchByPosition(
        _ input: ArrayDiffInput, _ old: Range<Int>, _ new: Range<Int>, depth: Int
    ) {
        let common = min(old.count, new.count)
        for offset in 0..<common {
            diffElement(input, old.lowerBound + offset, new.lowerBound + offset, at: new.lowerBound + offset, depth: depth)
        }
        for offset in common..<new.count {
            insert(input, new.lowerBound + offset, at: new.lowerBound + offset, depth: depth)
        }
        for offset in (common..<old.count).reversed() {
            remove(input, old.lowerBound + offset, at: new.lowerBound + offset, depth: depth)
        }
    }

    /// Removals (back to front, at old positions), the moves that put the elements kept into
    /// the new order (the fewest: see ``Reordering``), the insertions (front to back), then the
    /// changes within kept elements; insertions and changes at their new positions.
    ///
    /// - Returns: `false` without emitting anything when the elements are not `Identifiable`
    ///   or an id repeats.
    private mutating func matchByIdentity(
        _ input: ArrayDiffInput, _ old: Range<Int>, _ new: Range<Int>, depth: Int
    ) -> Bool {
        guard let oldID = input.oldID, let newID = input.newID else { return false }
        // The same ids in the same order (an element changed in place): matching by position
        // gives the same operations, without building the sets (nor boxing the ids, when they
        // can be compared typed).
        if old.count == new.count, let sameID = input.sameID, zip(old, new).allSatisfy(sameID) { return false }
        let oldIDs = old.map(oldID), newIDs = new.map(newID)
        if oldIDs == newIDs { return false }
        let newSet = Set(newIDs)
        guard Set(oldIDs).count == oldIDs.count, newSet.count == newIDs.count else { return false }
        let start = old.lowerBound
        // The old elements still present, by id: their position among them, and their index.
        var kept: [AnyHashable: (position: Int, index: Int)] = [:]
        kept.reserveCapacity(min(oldIDs.count, newIDs.count))
        for (offset, id) in oldIDs.enumerated() where newSet.contains(id) { kept[id] = (kept.count, start + offset) }
        for offset in oldIDs.indices.reversed() where kept[oldIDs[offset]] == nil {
            remove(input, start + offset, at: start + offset, depth: depth)
        }
        let found = newIDs.map { kept[$0] }
        for (from, to) in Reordering.moves(order: found.compactMap { $0?.position }) {
            operations.append(.move(path: path + [.index(start + from)], to: start + to))
        }
        // The elements kept are in the new order; each insertion goes where it belongs.
        for offset in found.indices where found[offset] == nil {
            insert(input, new.lowerBound + offset, at: start + offset, depth: depth)
        }
        for (offset, element) in found.enumerated() {
            guard let element else { continue }
            diffElement(input, element.index, new.lowerBound + offset, at: start + offset, depth: depth)
        }
        return true
    }
}

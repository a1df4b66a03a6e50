/// The value of a given rank among values, found by selection (quickselect): the values are
/// reordered so that the one of that rank is in its place, those before it no larger and
/// those after it no smaller, in time linear in their number on average, rather than sorted.
/// A selection that goes badly (more rounds than twice the bits of the count) sorts the part
/// left instead, so none takes longer than a sort.
struct RankSelection {
    private let values: UnsafeMutableBufferPointer<UInt64>

    init(_ values: UnsafeMutableBufferPointer<UInt64>) {
        self.values = values
    }

    /// The value of rank `rank` (0: the smallest) among `values[0..<end]`, put in its place:
    /// those before it are no larger and those after it (up to `end`) no smaller.
    mutating func select(_ rank: Int, below end: Int) -> UInt64 {
        precondition(rank >= 0 && rank < end && end <= values.count)
        var low = 0, high = end
        var roundsLeft = 2 * (Int.bitWidth - end.leadingZeroBitCount) + 8
        while high - low > 16 {
            if roundsLeft == 0 {
                values[low..<high].sort()
                return values[rank]
            }
            roundsLeft -= 1
            let pivot = medianOfThree(values[low], values[low + (high - low) / 2], values[high - 1])
            // Three parts: below the pivot [low, less), equal [less, more), above [more, high).
            var less = low, index = low, more = high
            while index < more {
                let value = values[index]
                if value < pivot {
                    values.swapAt(index, less)
                    less += 1
                    index += 1
                } else if value > pivot {
                    more -= 1
                    values.swapAt(index, more)
                } else {
                    index += 1
                }
            }
            if rank < less {
                high = less
            } else if rank >= more {
                low = more
            } else {
                return pivot
            }
        }
        values[low..<high].sort()
        return values[rank]
    }

    private func medianOfThree(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
        Swift.max(Swift.min(a, b), Swift.min(Swift.max(a, b), c))
    }
}

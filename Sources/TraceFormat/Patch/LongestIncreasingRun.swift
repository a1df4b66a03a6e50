/// One longest strictly increasing run (subsequence) of a list of distinct numbers: the
/// elements of a reordered array that can stay where they are, given their old positions in
/// the new order. The recorder moves the others (``PatchOperation/move(path:to:)``); a diff
/// shows the others as moved.
package enum LongestIncreasingRun {
    /// Which entries of `values` (distinct) belong to one longest strictly increasing run of
    /// them, in O(n log n).
    package static func members(of values: [Int]) -> [Bool] {
        // `ends[l]`: the offset of the smallest value ending a run of length l + 1 so far.
        var ends: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (offset, value) in values.enumerated() {
            var low = 0, high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if values[ends[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[offset] = ends[low - 1] }
            if low == ends.count { ends.append(offset) } else { ends[low] = offset }
        }
        var result = [Bool](repeating: false, count: values.count)
        var offset = ends.last ?? -1
        while offset >= 0 {
            result[offset] = true
            offset = previous[offset]
        }
        return result
    }
}

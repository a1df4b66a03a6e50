import TraceFormat

/// The fewest moves that put elements into a new order, each given as an operation on the array
/// as the moves before it left it: what an identity match emits for the elements an array keeps.
///
/// The elements that stay are a longest run of them already in old order (a longest increasing
/// subsequence of their old positions, taken in the new order); every other element is moved
/// once, right behind the element the new order puts before it. So moving one element anywhere
/// is one move, a swap is two, and a sort of n elements moves n minus its longest sorted run.
///
/// Costs O(n log n): the array is never rebuilt. Each element has a place in one total order
/// (its old position until it moves, then the slot after the element it follows), the array
/// always lists the elements in that order, and an element's index is the number of occupied
/// places before its own, counted in a Fenwick tree.
enum Reordering {
    /// The moves, in the new order of the elements they move.
    ///
    /// - Parameter order: the old position of each element, listed in the new order (a
    ///   permutation of `0..<order.count`).
    /// - Returns: `(from, to)` pairs as ``TraceFormat/PatchOperation/move(path:to:)`` reads them
    ///   (take out at `from`, insert at `to` counted after the removal); applied in turn to the
    ///   elements in old order, they leave them in the new order.
    static func moves(order: [Int]) -> [(from: Int, to: Int)] {
        let staying = LongestIncreasingRun.members(of: order)
        // The place of each element after its move: behind the last staying element before it in
        // the new order (its anchor; -1 for the front), `behind` places down the anchor's chain.
        var anchor = -1, behind = 0
        var target: [(anchor: Int, behind: Int)?] = []
        target.reserveCapacity(order.count)
        // Places per anchor: its own (an element's old position), then its chain.
        var places = [Int](repeating: 1, count: order.count + 1)
        for (offset, old) in order.enumerated() {
            if staying[offset] {
                anchor = old
                behind = 0
                target.append(nil)
            } else {
                behind += 1
                target.append((anchor, behind))
                places[anchor + 1] += 1
            }
        }
        var first = [Int](repeating: 0, count: places.count)
        for index in places.indices.dropFirst() { first[index] = first[index - 1] + places[index - 1] }
        var occupied = OccupiedPlaces(count: first.last! + places.last!, occupied: (0..<order.count).map { first[$0 + 1] })
        var moves: [(from: Int, to: Int)] = []
        moves.reserveCapacity(order.count - staying.lazy.filter { $0 }.count)
        for (offset, old) in order.enumerated() {
            guard let (anchor, behind) = target[offset] else { continue }
            let from = first[old + 1], to = first[anchor + 1] + behind
            let index = occupied.countBefore(from)
            occupied.vacate(from)
            moves.append((index, occupied.countBefore(to)))
            occupied.occupy(to)
        }
        return moves
    }
}

/// Which places of a total order hold an element, and how many come before a place, in
/// O(log n) each (a Fenwick tree of 1s for occupied places, 0s for empty ones).
private struct OccupiedPlaces {
    /// `tree[i]` (from 1) counts the occupied places among `i - (i & -i) ..< i`.
    private var tree: [Int]

    init(count: Int, occupied: [Int]) {
        tree = [Int](repeating: 0, count: count + 1)
        for place in occupied { tree[place + 1] = 1 }
        // Each node adds its count into its parent once: O(n).
        for index in 1..<tree.count {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    /// How many places before `place` are occupied.
    func countBefore(_ place: Int) -> Int {
        var count = 0
        var index = place
        while index > 0 {
            count += tree[index]
            index &= index - 1
        }
        return count
    }

    mutating func vacate(_ place: Int) { add(-1, at: place) }

    mutating func occupy(_ place: Int) { add(1, at: place) }

    private mutating func add(_ amount: Int, at place: Int) {
        var index = place + 1
        while index < tree.count {
            tree[index] += amount
            index += index & -index
        }
    }
}

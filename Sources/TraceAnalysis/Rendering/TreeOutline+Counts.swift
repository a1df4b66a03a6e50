import TraceFormat

extension TreeOutline {
    /// The row counts of the large containers of one tree, remembered by node id: counting the
    /// rows of a 1M-entry dictionary visits every entry (20 ms), and the viewer asks again on
    /// every key in the state tree and for every window it draws. Keep one per tree (the
    /// viewer keeps one per detail) and pass it to ``rows(of:folded:in:counts:)``,
    /// ``rowCount(of:folded:counts:)`` and ``rowIndex(ofNode:in:folded:counts:)``; a memo used
    /// with another tree gives wrong counts.
    ///
    /// It compares equal to every other memo: it is a cache of what the tree already says.
    public final class Counts: Sendable, Equatable {
        /// Containers with fewer children are counted again each time: cheap, and not kept.
        static let threshold = 4_096
        private let plain = LockedValue<[String: Int]>([:])

        /// An empty memo.
        public init() {}

        /// The unfolded row count of the container `id`, counted once.
        func plainCount(of value: TraceValue, id: String) -> Int {
            if let known = plain.withLock({ $0[id] }) { return known }
            let count = TreeOutline.plainCount(value)
            plain.withLock { $0[id] = count }
            return count
        }

        /// How many containers were counted (what tests count instead of timing).
        var containersCounted: Int { plain.withLock { $0.count } }

        public static func == (a: Counts, b: Counts) -> Bool { true }
    }
}

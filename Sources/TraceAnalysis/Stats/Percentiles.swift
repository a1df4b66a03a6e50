/// The p50, p90, p99 and maximum of a set of durations, by the nearest-rank method: the
/// p-th percentile is the smallest value that at least p% of the values do not exceed.
public struct Percentiles: Sendable, Hashable {
    /// Median.
    public var p50: UInt64
    /// 90th percentile.
    public var p90: UInt64
    /// 99th percentile.
    public var p99: UInt64
    /// Largest value.
    public var max: UInt64

    /// The percentiles of `values`, or `nil` when there are none. Reorders `values` in place:
    /// each rank is found by selection (``RankSelection``), not by sorting them all (issue 40:
    /// sorting a million reducer times was a twentieth of `stats`).
    public init?(sorting values: inout [UInt64]) {
        guard !values.isEmpty else { return nil }
        // ceil(p/100 * n) - 1, in integers.
        func rank(_ percent: Int) -> Int { (percent * values.count + 99) / 100 - 1 }
        let (r50, r90, r99) = (rank(50), rank(90), rank(99))
        (p50, p90, p99, max) = values.withUnsafeMutableBufferPointer { values in
            // Each selection leaves the values up to its rank the smallest ones, in front,
            // where the next (lower or equal) rank is looked for.
            var selection = RankSelection(values)
            let p99 = selection.select(r99, below: values.count)
            let max = values[r99...].max()!
            let p90 = selection.select(r90, below: r99 + 1)
            let p50 = selection.select(r50, below: r90 + 1)
            return (p50, p90, p99, max)
        }
    }
}

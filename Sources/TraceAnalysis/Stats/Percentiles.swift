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

    /// The percentiles of `values`, or `nil` when there are none. Sorts `values` in place.
    public init?(sorting values: inout [UInt64]) {
        guard !values.isEmpty else { return nil }
        values.sort()
        func rank(_ percent: Int) -> UInt64 {
            // ceil(p/100 * n) - 1, in integers.
            values[(percent * values.count + 99) / 100 - 1]
        }
        p50 = rank(50)
        p90 = rank(90)
        p99 = rank(99)
        max = values[values.count - 1]
    }
}

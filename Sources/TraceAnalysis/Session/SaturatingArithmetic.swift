/// Arithmetic on numbers a trace supplies (seqs, times, counts, durations): any u64 can come
/// from a file, so sums and differences of them saturate instead of trapping.
extension UInt64 {
    /// `self + other`, or `UInt64.max` when that does not fit.
    public func addingSaturated(_ other: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// `self - other`, or 0 when `other` is larger.
    public func subtractingSaturated(_ other: UInt64) -> UInt64 {
        self > other ? self - other : 0
    }
}

/// Timing for the capture-and-diff tables: the median of many samples, each the mean thread CPU
/// time per call over a batch long enough for the clock to resolve (at least 1 ms). Medians
/// rather than the best of a few rounds: the best round reports luck, the median what a call
/// usually costs. CPU time rather than wall time: the work is single-threaded, and on a shared
/// machine wall time adds whatever other processes took from the core.
enum MedianTiming {
    /// Median CPU nanoseconds per call of `body`.
    ///
    /// - Parameters:
    ///   - minimumSamples: samples taken at least (odd, so the median is one of them).
    ///   - budgetNanos: more samples are taken until this much time has passed (at most 101).
    ///   - body: the work timed; called once first, untimed, to warm caches.
    /// - Returns: the median of the samples' nanoseconds per call.
    static func nanosPerCall(minimumSamples: Int = 11, budgetNanos: UInt64 = 300_000_000, _ body: () -> Void) -> Double {
        body()
        var batch = 1
        while true {
            let start = Stopwatch.threadCPUNanos()
            for _ in 0..<batch { body() }
            if Stopwatch.threadCPUNanos() - start >= 1_000_000 { break }
            batch *= 2
        }
        var samples: [Double] = []
        let begin = Stopwatch.threadCPUNanos()
        while samples.count < minimumSamples || (Stopwatch.threadCPUNanos() - begin < budgetNanos && samples.count < 101) {
            let start = Stopwatch.threadCPUNanos()
            for _ in 0..<batch { body() }
            samples.append(Double(Stopwatch.threadCPUNanos() - start) / Double(batch))
        }
        return Samples(samples).median
    }
}

/// How many actions arrived over time, counted in 100 ms slots and shown in at most
/// ``maximumBuckets`` buckets of a round width (100 ms, 1 s, 2 s, 5 s, 10 s, ...).
public struct ActionRate: Sendable {
    /// One bucket: its start (nanoseconds since the session start), width and action count.
    public struct Bucket: Sendable, Hashable {
        /// Start, in nanoseconds since the session start.
        public var startNanos: UInt64
        /// Width in nanoseconds.
        public var widthNanos: UInt64
        /// Actions whose time falls inside.
        public var actions: Int
    }

    /// The most buckets ``buckets`` returns.
    public static let maximumBuckets = 10
    static let slotNanos: UInt64 = 100_000_000
    static let widths: [UInt64] = [1, 10, 20, 50, 100, 300, 600, 3_000, 6_000, 18_000, 36_000, 108_000, 216_000, 864_000]
        .map { $0 * slotNanos }

    private var slots: [Int] = []

    /// Creates an empty count.
    public init() {}

    /// Counts an action at `nanos` since the session start.
    public mutating func count(atNanos nanos: UInt64) {
        let slot = Int(min(nanos / Self.slotNanos, 10_000_000))
        if slot >= slots.count { slots.append(contentsOf: repeatElement(0, count: slot + 1 - slots.count)) }
        slots[slot] += 1
    }

    /// The counts in the narrowest round width that needs at most ``maximumBuckets`` buckets.
    public var buckets: [Bucket] {
        guard !slots.isEmpty else { return [] }
        let span = UInt64(slots.count) * Self.slotNanos
        let width = Self.widths.first { (span + $0 - 1) / $0 <= UInt64(Self.maximumBuckets) } ?? Self.widths[Self.widths.count - 1]
        let perBucket = Int(width / Self.slotNanos)
        return stride(from: 0, to: slots.count, by: perBucket).map { first in
            Bucket(
                startNanos: UInt64(first) * Self.slotNanos, widthNanos: width,
                actions: slots[first..<min(first + perBucket, slots.count)].reduce(0, +))
        }
    }
}

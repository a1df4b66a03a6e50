/// The values a `seq:`, `time:` or `reducer:` term accepts: `N`, `A..B`, `A..`, `..B`, `>N`,
/// `>=N`, `<N`, `<=N` (bounds inclusive unless `>`/`<`).
public struct NumericRange: Sendable, Hashable {
    /// The smallest value that matches, if bounded below.
    public var lower: UInt64?
    /// The largest value that matches, if bounded above.
    public var upper: UInt64?

    /// Creates a range of `lower...upper` (either may be open).
    public init(lower: UInt64?, upper: UInt64?) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether `value` is inside.
    public func contains(_ value: UInt64) -> Bool {
        (lower.map { value >= $0 } ?? true) && (upper.map { value <= $0 } ?? true)
    }

    /// Parses range text whose numbers `number` reads (a plain count, or a duration).
    ///
    /// - Returns: the range, or a message and the offset (in characters) of what is wrong.
    static func parse(_ text: String, number: (String) -> UInt64?) -> Result<NumericRange, RangeProblem> {
        func value(_ part: Substring, at offset: Int) -> Result<UInt64, RangeProblem> {
            guard !part.isEmpty else { return .failure(RangeProblem(offset: offset, message: "expected a number")) }
            guard let parsed = number(String(part)) else {
                return .failure(RangeProblem(offset: offset, message: "'\(part)' is not a valid value"))
            }
            return .success(parsed)
        }
        for (prefix, build) in [(">=", 0), ("<=", 1), (">", 2), ("<", 3), ("=", 4)] where text.hasPrefix(prefix) {
            let rest = text.dropFirst(prefix.count)
            return value(rest, at: prefix.count).flatMap { (n: UInt64) -> Result<NumericRange, RangeProblem> in
                switch build {
                case 0: .success(NumericRange(lower: n, upper: nil))
                case 1: .success(NumericRange(lower: nil, upper: n))
                case 2: n == .max ? .failure(RangeProblem(offset: 1, message: "nothing is greater")) : .success(NumericRange(lower: n + 1, upper: nil))
                case 3: n == 0 ? .failure(RangeProblem(offset: 1, message: "nothing is smaller than 0")) : .success(NumericRange(lower: nil, upper: n - 1))
                default: .success(NumericRange(lower: n, upper: n))
                }
            }
        }
        if let dots = text.firstRange(of: "..") {
            let left = text[..<dots.lowerBound], right = text[dots.upperBound...]
            let lowerOffset = 0, upperOffset = text.distance(from: text.startIndex, to: dots.upperBound)
            if left.isEmpty && right.isEmpty { return .failure(RangeProblem(offset: 0, message: "a range needs at least one bound")) }
            var range = NumericRange(lower: nil, upper: nil)
            if !left.isEmpty {
                switch value(left, at: lowerOffset) {
                case let .success(n): range.lower = n
                case let .failure(problem): return .failure(problem)
                }
            }
            if !right.isEmpty {
                switch value(right, at: upperOffset) {
                case let .success(n): range.upper = n
                case let .failure(problem): return .failure(problem)
                }
            }
            if let lower = range.lower, let upper = range.upper, lower > upper {
                return .failure(RangeProblem(offset: 0, message: "the range \(text) is empty (its start is after its end)"))
            }
            return .success(range)
        }
        return value(Substring(text), at: 0).map { NumericRange(lower: $0, upper: $0) }
    }

    struct RangeProblem: Error {
        var offset: Int
        var message: String
    }
}

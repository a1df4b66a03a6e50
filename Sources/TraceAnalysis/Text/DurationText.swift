/// Durations and times since the session start as StoreScope reads and prints them, in one
/// place, so that every command, filter and screen reads and prints the same input alike.
public enum DurationText {
    /// Nanoseconds for a duration as users write it — `850ns`, `12us` (or `µs`), `1.5ms`, `2s`,
    /// `1m`, `1h` — or `nil` when `text` is not a duration with a unit.
    public static func nanoseconds(_ text: String) -> UInt64? {
        let units: [(String, Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9), ("m", 60e9), ("h", 3600e9)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number), value.isFinite, value * scale < 1.8e19
            else { continue }
            return UInt64((value * scale).rounded())
        }
        return nil
    }

    /// A duration in the unit that keeps it short: `850ns`, `12.5µs`, `3.2ms`, `1.05s`.
    public static func text(_ nanos: UInt64) -> String {
        switch nanos {
        case ..<1_000: "\(nanos)ns"
        case ..<1_000_000: "\(rounded(Double(nanos) / 1_000))µs"
        case ..<1_000_000_000: "\(rounded(Double(nanos) / 1_000_000))ms"
        default: "\(rounded(Double(nanos) / 1_000_000_000))s"
        }
    }

    /// A time since the session start in seconds with `fractionDigits` decimals (0 to 9, cut,
    /// not rounded): `+1.234567s` (6), `+1.234s` (3), `+12s` (0); negative before the start.
    public static func offset(_ nanos: Int64, fractionDigits: Int) -> String {
        offset(nanos, unitNanos: 1_000_000_000, symbol: "s", fractionDigits: fractionDigits)
    }

    /// A time since the session start in the unit of `unitNanos` nanoseconds (written
    /// `symbol`), with `fractionDigits` decimals cut, not rounded (no more than the unit has:
    /// 3 for milliseconds), so a time never reads later than it was: `+7.486ms`.
    public static func offset(_ nanos: Int64, unitNanos: UInt64, symbol: String, fractionDigits: Int) -> String {
        var step = max(1, unitNanos)
        var scale: UInt64 = 1
        for _ in 0..<max(fractionDigits, 0) where step % 10 == 0 {
            step /= 10
            scale *= 10
        }
        let count = nanos.magnitude / step
        let sign = nanos < 0 && count > 0 ? "-" : "+"
        guard scale > 1 else { return "\(sign)\(count)\(symbol)" }
        let fraction = String(count % scale)
        return "\(sign)\(count / scale).\(String(repeating: "0", count: String(scale).count - 1 - fraction.count))\(fraction)\(symbol)"
    }

    private static func rounded(_ value: Double) -> String {
        let text = String((value * 10).rounded() / 10)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

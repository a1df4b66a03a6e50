extension TraceValue {
    /// The type name captured for tuples; their elements are fields named by label, or by
    /// position (`0`, `1`, ...) when unlabeled.
    public static let tupleTypeName = "(tuple)"

    /// Whether `type` names a function type (`(Int) -> String`, `@Sendable () -> ()`): a
    /// captured closure, which text renders as `<closure>`.
    public static func isFunctionType(_ type: String) -> Bool {
        type.contains("->")
    }

    /// `seconds` since 1970 as ISO 8601 in UTC: `2026-12-01T04:24:02Z`, with the fraction of
    /// a second when there is one, to the microsecond (`.25`, `.000001`). Non-finite values
    /// and years outside 0...9999 print as `Date(seconds)`.
    public static func iso8601(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > -62_167_219_200, seconds < 253_402_300_800 else { return "Date(\(seconds))" }
        var micros = Int64((seconds * 1_000_000).rounded())
        var days = micros / 86_400_000_000
        micros -= days * 86_400_000_000
        if micros < 0 {
            micros += 86_400_000_000
            days -= 1
        }
        let (year, month, day) = civilDate(daysSince1970: days)
        let secondOfDay = micros / 1_000_000
        let fraction = micros % 1_000_000
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fraction > 0 {
            var digits = pad(fraction, 6)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// Year, month and day of the proleptic Gregorian calendar (H. Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970: Int64) -> (Int64, Int64, Int64) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

extension String {
    /// Whether the string is a tuple position label (`0`, `1`, ...); no Swift field name is.
    public var isTupleIndex: Bool {
        !isEmpty && utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}

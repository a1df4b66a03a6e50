extension TraceValue {
    /// `seconds` since 1970 as ISO 8601 in UTC, as every printed ``TraceValue/date(_:)`` reads:
    /// `2026-12-01T04:24:02Z`, with the shortest fraction of a second (at most nine digits) that
    /// reads back as exactly `seconds` (``seconds(iso8601:)``): `.25`, `.1234567`. A value no
    /// such text reads back as exactly (non-finite, `-0.0`, a year outside 0...9999, a fraction
    /// finer than a nanosecond near 1970) prints as `Date(seconds)`, which reads back too.
    public static func iso8601(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > -62_167_219_200, seconds < 253_402_300_800 else { return "Date(\(literal(seconds)))" }
        let whole = seconds.rounded(.down)
        // Exact: the integer part of a double is a double, and so is what is left of it.
        let fraction = seconds - whole
        var digits: String?
        var scale: Int64 = 1
        for width in 0...9 {
            defer { scale *= 10 }
            let scaled = (fraction * Double(scale)).rounded()
            guard scaled < Double(scale) else { continue }
            let tenths = Int64(scaled)
            // What ``seconds(iso8601:)`` computes from the text: both sides rounded once, from
            // the same rational number.
            guard (whole + Double(tenths) / Double(scale)).bitPattern == seconds.bitPattern else { continue }
            digits = width == 0 ? "" : "." + pad(tenths, width)
            break
        }
        guard let digits else { return "Date(\(literal(seconds)))" }
        let total = Int64(whole)
        var days = total / 86_400
        var secondOfDay = total - days * 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilDate(daysSince1970: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + digits + "Z"
    }

    /// The seconds since 1970 that `text`, in the form ``iso8601(_:)`` prints
    /// (`YYYY-MM-DDTHH:MM:SS[.fraction]Z`, UTC), names; `nil` for any other text or a day
    /// or time that does not exist (`2026-02-30`, `24:00:00`).
    public static func seconds(iso8601 text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        guard day >= 1, civilDate(daysSince1970: days) == (year, month, day) else { return nil }
        let whole = Double(days * 86_400 + hour * 3600 + minute * 60 + second)
        let rest = bytes[19..<(bytes.count - 1)]
        if rest.isEmpty { return whole }
        guard rest.count >= 2, rest.first == UInt8(ascii: "."), rest.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let fraction = Double("0" + String(decoding: rest, as: UTF8.self))
        else { return nil }
        return whole + fraction
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

    /// The day of a proleptic Gregorian date, counted from 1970-01-01 (H. Hinnant's
    /// `days_from_civil`, the inverse of ``civilDate(daysSince1970:)``).
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

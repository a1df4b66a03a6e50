import TraceFormat

/// The name `storescope listen --record` gives a session's file:
/// `<app>-<session id, 8 hex digits>-<start time, UTC>.sstrace`, such as
/// `search-1f3a9c02-20261201T042615Z.sstrace`. Characters of the app's name that do not
/// belong in a file name become `_`.
enum SessionFileName {
    static func name(for header: SessionHeader, attempt: Int = 1) -> String {
        let app = String(header.appName.prefix(64).map { character -> Character in
            character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character)) ? character : "_"
        })
        let id = header.sessionID.prefix(4).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        let suffix = attempt > 1 ? "-\(attempt)" : ""
        return "\(app.isEmpty || app.allSatisfy { $0 == "." } ? "app" : app)-\(id)-\(utcStamp(header.startWallNanos))\(suffix).sstrace"
    }

    /// `yyyyMMddTHHmmssZ` for nanoseconds since 1970 (civil-from-days, no time zone database).
    static func utcStamp(_ wallNanos: Int64) -> String {
        let seconds = wallNanos / 1_000_000_000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)\(two(month))\(two(day))T\(two(secondOfDay / 3600))\(two(secondOfDay / 60 % 60))\(two(secondOfDay % 60))Z"
    }
}

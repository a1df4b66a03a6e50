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

    /// The path in `directory` of the file named for `header` at `attempt`
    /// (``name(for:attempt:)``).
    static func path(in directory: String, for header: SessionHeader, attempt: Int) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name(for: header, attempt: attempt)
    }

    /// The latest file in `directory` named for `header` whose file header is `bytes` (an
    /// earlier connection of the same session) and that `skipping` does not exclude, or `nil`.
    static func earlierRecording(
        in directory: String, header: SessionHeader, bytes: [UInt8], skipping: (String) -> Bool
    ) -> String? {
        var found: String?
        // The names a session's files get, in order, up to the first that does not exist.
        for attempt in 1...1000 {
            let path = path(in: directory, for: header, attempt: attempt)
            guard let file = try? TraceFile.openForReading(path) else { break }
            defer { file.close() }
            if !skipping(path), (try? file.read(count: bytes.count, at: 0)) == bytes { found = path }
        }
        return found
    }

    /// `yyyyMMddTHHmmssZ` for nanoseconds since 1970: the ISO 8601 basic form of the time the
    /// trace text shows, to the second. The header's time comes from the peer: every Int64 (years
    /// 1677-2262) gives a name, never a trap.
    static func utcStamp(_ wallNanos: Int64) -> String {
        // Floor division, total for every Int64 (the quotient is far from Int64.min).
        let (quotient, remainder) = wallNanos.quotientAndRemainder(dividingBy: 1_000_000_000)
        let seconds = remainder < 0 ? quotient - 1 : quotient
        return TraceValue.iso8601(Double(seconds)).filter { $0 != "-" && $0 != ":" }
    }
}

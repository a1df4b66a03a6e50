/// The `mark` log record a jump leaves in the trace (docs/FORMAT.md, "Control"): `⤺ jumped to #N`,
/// after the command's outcome and before the keyframe of the installed state.
public enum JumpMark {
    /// How the mark's message begins; the source seq follows.
    public static let prefix = "⤺ jumped to #"

    /// The mark of a jump to the state after `seq`, at `monotonicNanos`, the store's latest
    /// action being `latestSeq`.
    public static func record(jumpedTo seq: UInt64, at monotonicNanos: UInt64, latestSeq: UInt64) -> Record {
        .log(LogRecord(level: .mark, message: prefix + String(seq), monotonicNanos: monotonicNanos, seq: latestSeq))
    }

    /// The seq a jump mark says the app was jumped to; `nil` for any other log record.
    public static func sourceSeq(of log: LogRecord) -> UInt64? {
        guard log.level == .mark, log.message.hasPrefix(prefix) else { return nil }
        return UInt64(log.message.dropFirst(prefix.count))
    }
}

import TraceFormat

/// The note a listener writes into a session's file where the app's next connection continues
/// it: the app lost its listener (the listener restarted, or closed the connection) and
/// reconnected, and this session's records go on in the same file instead of a second one.
/// What the app could not send meanwhile follows the note as the app's own `dropped` record,
/// and the keyframes after it make every state exact again (docs/FORMAT.md §17).
///
/// It is a `log` record at level `warning` whose message begins with ``prefix``, so a reader
/// that does not know it still shows it as a warning.
public enum ReconnectNote {
    /// How the note's message begins.
    public static let prefix = "listener: the app reconnected"

    /// The note, after the action `seq` (the last one of the earlier connections), at the
    /// app's monotonic time `monotonicNanos`.
    static func record(afterSeq seq: UInt64, at monotonicNanos: UInt64) -> Record {
        .log(LogRecord(
            level: .warning, message: prefix + "; its session continues here (what it could not send meanwhile is counted in a dropped record)",
            monotonicNanos: monotonicNanos, seq: seq))
    }

    /// Whether `log` is a reconnect note.
    public static func matches(_ log: LogRecord) -> Bool {
        log.level == .warning && log.message.hasPrefix(prefix)
    }
}

extension ReconnectNote {
    /// What is known across a reconnect, from the records that follow the action before it
    /// (``ActionEntry/events``): `nil` when no reconnect note is among them.
    ///
    /// `app reconnected 2.3s later: 8 actions lost (#43-#50) while it had no listener`, or
    /// `app reconnected 0.4s later: nothing lost`.
    public static func summary(after entry: ActionEntry) -> String? {
        guard let index = entry.events.firstIndex(where: { if case let .log(log) = $0 { matches(log) } else { false } }),
            case let .log(note) = entry.events[index]
        else { return nil }
        let later = note.monotonicNanos > entry.action.monotonicNanos
            ? " " + DurationText.text(note.monotonicNanos - entry.action.monotonicNanos) + " later" : ""
        let drop = entry.events[(index + 1)...].lazy.compactMap { record -> DroppedRecords? in
            if case let .dropped(dropped) = record { dropped } else { nil }
        }.first
        guard let drop, drop.count > 0 else { return "app reconnected\(later): nothing lost" }
        let actions = drop.count == 1 ? "1 action" : "\(drop.count) actions"
        let range = drop.firstSeq == drop.lastSeq ? "#\(drop.firstSeq)" : "#\(drop.firstSeq)-#\(drop.lastSeq)"
        return "app reconnected\(later): \(actions) lost (\(range)) while it had no listener; states exact again after"
    }
}

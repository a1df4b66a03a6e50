import TraceFormat

/// What a listener says when a connection repeats the header of a session it recorded but
/// cannot prove it is the app that started that session (no ``SessionProof``, or a wrong
/// one): the connection is recorded in a file of its own, never appended to the session's
/// (docs/FORMAT.md §17). The file starts with this note, a `log` record at level `warning`
/// whose message begins with ``prefix``; `listen` prints ``warning(why:recordedTo:)``.
public enum UnprovenSessionNote {
    /// How the note's message begins.
    public static let prefix = "listener: this connection repeated the header of a recorded session"

    /// The note, before any action, at the app's monotonic time `monotonicNanos`.
    static func record(why: String, at monotonicNanos: UInt64) -> Record {
        .log(LogRecord(
            level: .warning, message: prefix + " but did not prove it is the app that started it (\(why)); recorded apart from that session's file",
            monotonicNanos: monotonicNanos, seq: 0))
    }

    /// The listener's warning for the connection.
    static func warning(why: String, recordedTo path: String?) -> String {
        "repeats the header of a recorded session but did not prove it is that app (\(why)); "
            + (path.map { "recorded apart, to \($0)" } ?? "not continued")
    }
}

/// A log line or mark the app placed in the trace.
public struct LogRecord: Sendable, Hashable {
    /// Severity, lowest first.
    public enum Level: UInt8, Sendable, Hashable, CaseIterable {
        case debug = 0, info = 1, warning = 2, error = 3
        /// A named point in time the user wants to find again.
        case mark = 4
    }
    /// Severity.
    public var level: Level
    /// The text.
    public var message: String
    /// Monotonic time in nanoseconds.
    public var monotonicNanos: UInt64
    /// The latest action sequence number at the time, 0 before any.
    public var seq: UInt64

    /// Creates the record.
    public init(level: Level, message: String, monotonicNanos: UInt64, seq: UInt64) {
        self.level = level
        self.message = message
        self.monotonicNanos = monotonicNanos
        self.seq = seq
    }
}

/// The recorder dropped records to stay within its memory bound.
public struct DroppedRecords: Sendable, Hashable {
    /// How many actions were lost.
    public var count: UInt64
    /// The first lost action sequence number.
    public var firstSeq: UInt64
    /// The last lost action sequence number.
    public var lastSeq: UInt64
    /// Monotonic time in nanoseconds when recording resumed.
    public var monotonicNanos: UInt64

    /// Creates the record.
    public init(count: UInt64, firstSeq: UInt64, lastSeq: UInt64, monotonicNanos: UInt64) {
        self.count = count
        self.firstSeq = firstSeq
        self.lastSeq = lastSeq
        self.monotonicNanos = monotonicNanos
    }
}

/// The session ended in an orderly way (no such record after a crash).
public struct SessionEnded: Sendable, Hashable {
    /// Monotonic time in nanoseconds.
    public var monotonicNanos: UInt64
    /// Wall-clock time in nanoseconds since 1970 UTC.
    public var wallNanos: Int64

    /// Creates the record.
    public init(monotonicNanos: UInt64, wallNanos: Int64) {
        self.monotonicNanos = monotonicNanos
        self.wallNanos = wallNanos
    }
}

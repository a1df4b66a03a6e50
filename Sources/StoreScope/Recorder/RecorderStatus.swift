/// Counters describing what a ``Recorder`` has done, for an app's own diagnostics.
public struct RecorderStatus: Sendable, Hashable {
    /// Actions written to the trace (handed to the sink).
    public var actionsRecorded: UInt64 = 0
    /// Actions lost: dropped under overload or discarded after the sink failed.
    public var actionsDropped: UInt64 = 0
    /// Effect and log events lost the same ways.
    public var eventsDropped: UInt64 = 0
    /// Values cut by a capture limit (``CaptureOptions``) in the records written: each shows in
    /// the trace as a `<truncated …>` marker; raise the limits when this is not 0.
    public var truncatedValues: UInt64 = 0
    /// Bytes the sink accepted, header included.
    public var bytesWritten: Int64 = 0
    /// Actions waiting for the worker right now.
    public var pendingActions: Int = 0
    /// The sink's last error, in words; `nil` while it works.
    public var lastError: String?
    /// Whether the sink failed; nothing more is written after that.
    public var sinkFailed: Bool { lastError != nil }
}

/// Counters describing what a ``Recorder`` has done, for an app's own diagnostics.
public struct RecorderStatus: Sendable, Hashable {
    /// Actions written to the trace: counted once the chunk holding them has been handed to
    /// the sink (a chunk is written when full or at most ~100 ms after its first record), so an
    /// action in a chunk whose write failed is counted as dropped, never as recorded.
    public var actionsRecorded: UInt64 = 0
    /// Actions lost: dropped under overload, in a chunk whose write failed, or discarded after
    /// the sink failed. ``actionsRecorded`` plus this is every action sent before the close.
    public var actionsDropped: UInt64 = 0
    /// Actions not recorded because a listener paused their store's recording: the trace marks
    /// them with `dropped` records where they were sent (and the pause and resume commands).
    /// Counted in neither ``actionsRecorded`` nor ``actionsDropped``.
    public var actionsPaused: UInt64 = 0
    /// Effect and log events lost the same ways.
    public var eventsDropped: UInt64 = 0
    /// Values cut by a capture limit (``CaptureOptions``) in the records written: each shows in
    /// the trace as a `<truncated …>` marker; raise the limits when this is not 0.
    public var truncatedValues: UInt64 = 0
    /// Bytes the sink accepted, header included.
    public var bytesWritten: Int64 = 0
    /// Actions sent after ``Recorder/close(timeout:)`` returned or began: not recorded.
    public var actionsAfterClose: UInt64 = 0
    /// Effect and log events sent after ``Recorder/close(timeout:)``: not recorded.
    public var eventsAfterClose: UInt64 = 0
    /// Actions waiting for the worker right now.
    public var pendingActions: Int = 0
    /// The sink's last error, in words; `nil` while it works. A file written beside a live
    /// stream (``RecordingSink/file(_:exclusive:streamingTo:)``) fails on its own: its error
    /// is in ``sinks``, and recording to the stream goes on.
    public var lastError: String?
    /// Each destination's own figures: one for a file or a live stream, two (the file, then the
    /// stream) for a file with a live stream. ``actionsRecorded`` above counts actions handed to
    /// the sink as a whole; these say what each destination really received.
    public var sinks: [SinkStatus] = []
    /// Whether the sink failed; nothing more is written after that.
    public var sinkFailed: Bool { lastError != nil }
}

/// What one destination of a recording (a trace file, a live stream) has received, in
/// ``RecorderStatus/sinks``. For each, every action sent before the close is in exactly one of
/// ``actionsRecorded``, ``actionsDropped`` and ``actionsUnconfirmed``, once the chunk holding it
/// has been written (a chunk is written when full or ~100 ms after its first record).
public struct SinkStatus: Sendable, Hashable {
    /// `file /path/to/trace.sstrace`, `socket /path/to/scope.sock`, or `custom` for a sink made
    /// from a function of the app's own (in the package's tests).
    public var destination: String
    /// A file: actions in chunks written to it. A live stream: actions in chunks the listener
    /// confirmed it took in (and wrote to its recording, when it records).
    public var actionsRecorded: UInt64 = 0
    /// Actions this destination lost: dropped under overload before any sink, in a chunk whose
    /// write failed, after the destination failed, or (a live stream) while no listener was
    /// there, or sent to a listener that went away before confirming them. A live stream reports
    /// them in the trace's `dropped` record after it reconnects.
    public var actionsDropped: UInt64 = 0
    /// A live stream: actions sent and not confirmed yet, or never (the listener went away at the
    /// close, or does not acknowledge). Always 0 for a file.
    public var actionsUnconfirmed: UInt64 = 0
    /// This destination's last error, in words; `nil` while it works. A live stream's error is
    /// its last disconnection, and it reconnects.
    public var lastError: String?

    /// Creates a status.
    public init(destination: String, actionsRecorded: UInt64 = 0, actionsDropped: UInt64 = 0, actionsUnconfirmed: UInt64 = 0, lastError: String? = nil) {
        self.destination = destination
        self.actionsRecorded = actionsRecorded
        self.actionsDropped = actionsDropped
        self.actionsUnconfirmed = actionsUnconfirmed
        self.lastError = lastError
    }
}

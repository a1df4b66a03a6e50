/// Where a ``Recorder`` sends its trace.
public struct RecordingSink: Sendable {
    let open: @Sendable () throws(TraceError) -> any TraceOutput

    /// Creates a sink from a function that opens its output (for tests and custom transports).
    public init(_ open: @escaping @Sendable () throws(TraceError) -> any TraceOutput) {
        self.open = open
    }

    /// A trace file, created (or replaced, unless `exclusive`) when recording starts. It ends
    /// with a footer index when the recorder closes. The recorder holds an exclusive lock on
    /// the file until it closes: a second recorder given the same path fails to start with a
    /// clear error and leaves the first one's trace alone.
    public static func file(_ path: String, exclusive: Bool = false) -> RecordingSink {
        RecordingSink { () throws(TraceError) in try LockedTraceFile(path: path, exclusive: exclusive) }
    }

    /// A Unix stream socket a viewer listens on (the listening side is the live viewer). A viewer
    /// that is slow, gone or restarted never blocks the app: sends time out after
    /// `sendTimeout`, and a failed socket stops the recording, reported in the status.
    public static func socket(_ path: String, sendTimeout: Duration = .seconds(1)) -> RecordingSink {
        RecordingSink { () throws(TraceError) in try SocketOutput(connectingTo: path, sendTimeout: sendTimeout) }
    }
}

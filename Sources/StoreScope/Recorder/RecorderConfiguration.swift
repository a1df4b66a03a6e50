import TraceFormat

/// How a ``Recorder`` captures, batches and bounds what it records.
public struct RecorderConfiguration: Sendable {
    /// The app's name, written in the trace header.
    public var appName: String
    /// How values are captured: depth and size limits, redaction. A recorder caps
    /// ``CaptureOptions/maximumDepth`` at ``maximumCaptureDepth``.
    public var capture: CaptureOptions
    /// How the trace is cut into chunks and compressed.
    public var chunking: ChunkingOptions
    /// The most memory the recorder may hold for actions not yet written
    /// (``defaultMaximumPendingBytes``: 16 MiB, 64 MiB in a debug build). When an action would
    /// exceed it, the action is dropped, never waited for; a `dropped` record and a fresh
    /// keyframe follow once the backlog has halved.
    public var maximumPendingBytes: Int
    /// A store gets a new keyframe after this many of its actions (default 10,000)...
    public var keyframeEveryActions: Int
    /// ...or once this many bytes of patches were written since its last keyframe (default 1 MiB)...
    public var keyframeEveryPatchBytes: Int
    /// ...or once this many bytes of the session's records, of every store, were written since
    /// its last keyframe, and at least 16 times that keyframe's size (default 4 MiB,
    /// uncompressed). A store that gets few of a session's actions (settings beside a busy
    /// feed), or none for a while, would otherwise have its last keyframe far back in the
    /// trace, and rebuilding its state would read every chunk since; its keyframes are small,
    /// so this costs little.
    public var keyframeEveryTraceBytes: Int
    /// At UI pace, once the worker has recorded a store's latest action, it copies for itself
    /// the collections the store changes (and, when the store registers, all of them), so the
    /// reducer's next in-place mutation does not pay a copy-on-write on the store thread (see
    /// docs/GUIDE.md, "Copy-on-write: what a collection change costs the app").
    public var unsharesChangedCollections: Bool
    /// Whether a state the worker has not taken when the store sends its next action is let go
    /// (the action recorded, its state marked not recorded) rather than copied by the app's
    /// thread: ``StateCoalescing/atUIPace`` by default. A trace that may hold such states
    /// needs a reader of this version (its header says so); ``StateCoalescing/never`` writes
    /// traces older readers read.
    public var stateCoalescing: StateCoalescing
    /// Receives the recorder's own problems (a failing sink, dropped actions) once each.
    /// The default writes one line to standard error.
    public var diagnostics: @Sendable (String) -> Void
    /// Whether listeners may act on the stores that allow it, and within what limits.
    public var control = ControlSettings()

    /// The default ``maximumPendingBytes``: 16 MiB in a release build of StoreScope, 64 MiB in a
    /// debug build. Unoptimized, the worker captures and diffs several times slower, while each
    /// queued action of a store that changes a collection holds the same copy of it as in a
    /// release build: an ordinary app of 5,000 messages, debugged on a loaded machine, dropped
    /// actions in 6 of 20 runs at 16 MiB (issue 39), where its release build dropped none.
    public static var defaultMaximumPendingBytes: Int {
        #if DEBUG
        64 * 1024 * 1024
        #else
        16 * 1024 * 1024
        #endif
    }

    /// Creates a configuration with the defaults described on each property.
    public init(
        appName: String = "app",
        capture: CaptureOptions = .default,
        chunking: ChunkingOptions = .init(),
        maximumPendingBytes: Int = RecorderConfiguration.defaultMaximumPendingBytes,
        keyframeEveryActions: Int = 10_000,
        keyframeEveryPatchBytes: Int = 1024 * 1024,
        keyframeEveryTraceBytes: Int = 4 * 1024 * 1024,
        unsharesChangedCollections: Bool = true,
        stateCoalescing: StateCoalescing = .atUIPace,
        diagnostics: @escaping @Sendable (String) -> Void = RecorderConfiguration.standardErrorDiagnostics
    ) {
        self.appName = appName
        self.capture = capture
        self.chunking = chunking
        self.maximumPendingBytes = max(4096, maximumPendingBytes)
        self.keyframeEveryActions = max(1, keyframeEveryActions)
        self.keyframeEveryPatchBytes = max(1024, keyframeEveryPatchBytes)
        self.keyframeEveryTraceBytes = max(64 * 1024, keyframeEveryTraceBytes)
        self.unsharesChangedCollections = unsharesChangedCollections
        self.stateCoalescing = stateCoalescing
        self.diagnostics = diagnostics
    }

    /// Whether a store whose last keyframe took `keyframeBytes` is due another because the
    /// trace grew by `traceBytesSince` since it (``keyframeEveryTraceBytes``, and at least 16
    /// such keyframes). The benchmarks' trace generator spaces keyframes by this rule too.
    package func keyframeIsFarBehind(traceBytesSince: Int64, keyframeBytes: Int64) -> Bool {
        traceBytesSince >= max(Int64(keyframeEveryTraceBytes), 16 * keyframeBytes)
    }

    /// The deepest ``CaptureOptions/maximumDepth`` a recorder uses (500): the trace format
    /// holds values nested up to 512 levels, and the worker thread's stack is sized for this
    /// depth. A larger setting is lowered to it.
    public static let maximumCaptureDepth = 500

    /// Writes `storescope: <message>` to standard error.
    public static let standardErrorDiagnostics: @Sendable (String) -> Void = { message in
        StandardError.write("storescope: \(message)\n")
    }
}

import TraceFormat

/// Limits and redaction rules that apply while a Swift value is turned into a `TraceValue`.
///
/// The same options must be used for a state's keyframe and for the patches that follow it:
/// ``capturePatch(from:to:options:)`` produces exactly the nodes ``captureValue(_:options:)``
/// would, truncation and redaction included.
public struct CaptureOptions: Sendable, Hashable {
    /// Nesting depth from which composite values (structs, classes, enums, tuples, collections)
    /// are replaced by a `.truncated(.depth)` node. The root is at depth 0. Scalars, custom
    /// representations and optionals are never cut by depth.
    public var maximumDepth: Int
    /// Nodes one captured tree may hold; past it, values become `.truncated(.size)` nodes (a
    /// collection collapses its remaining elements into one marker). At most
    /// ``maximumNodesLimit``, so that a captured tree always fits in a chunk a reader accepts.
    public var maximumNodes: Int
    /// Elements kept per array, dictionary or set; the rest is summarised by one
    /// `.truncated(.collection)` marker at the end (as key and value for a dictionary).
    public var maximumCollectionCount: Int
    /// Which fields are redacted.
    public var redaction: Redaction
    /// Whether ``Redacted`` values are captured as what they wrap: only for a capture that
    /// stays in memory (``RedactedFill``), never for one that is written.
    var revealsRedacted = false

    /// Creates options.
    ///
    /// - Parameters:
    ///   - maximumDepth: see ``maximumDepth``; default 64.
    ///   - maximumNodes: see ``maximumNodes``; default 2,000,000, clamped to ``maximumNodesLimit``.
    ///   - maximumCollectionCount: see ``maximumCollectionCount``; default 1,000,000.
    ///   - redaction: see ``redaction``; default ``Redaction/default``.
    public init(
        maximumDepth: Int = 64, maximumNodes: Int = 2_000_000, maximumCollectionCount: Int = 1_000_000,
        redaction: Redaction = .default
    ) {
        self.maximumDepth = max(0, maximumDepth)
        self.maximumNodes = min(max(1, maximumNodes), Self.maximumNodesLimit)
        self.maximumCollectionCount = max(0, maximumCollectionCount)
        self.redaction = redaction
    }

    /// The largest ``maximumNodes``: half of what one chunk may hold
    /// (`TraceLimits.maximumItemsPerChunk`), leaving room for the record's names and paths. A
    /// larger tree would be refused by the writer, and its whole record lost.
    public static let maximumNodesLimit = TraceLimits.maximumItemsPerChunk / 2

    /// Depth 64, 2,000,000 nodes, 1,000,000 elements per collection, default redaction.
    ///
    /// Ordinary app states are recorded in full: 100,000 users of a dozen fields each are
    /// about 1.5 million nodes. The limits are there for pathological sizes (millions of
    /// elements), whose trees would take hundreds of megabytes.
    public static let `default` = CaptureOptions()

    /// These limits, with nothing redacted: for a capture that never leaves the app's memory.
    var revealingEverything: CaptureOptions {
        var options = self
        options.redaction = .none
        options.revealsRedacted = true
        return options
    }
}

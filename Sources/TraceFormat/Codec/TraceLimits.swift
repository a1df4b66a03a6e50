/// The bounds a reader enforces on hostile input and a writer respects, in one place (see
/// docs/FORMAT.md "Reader limits"): whatever a writer accepts, a reader reads back, and
/// whatever exceeds a limit is refused by the writer at `append` and reported as damage by a
/// reader, never allocated.
public enum TraceLimits {
    /// The deepest value tree: a node at this depth or deeper is refused.
    public static let maximumDepth = 512
    /// The largest stored or raw chunk in bytes (64 MiB): bounds what one length field can
    /// make a reader allocate. Writers close chunks long before (64 KiB by default).
    public static let maximumChunkSize = 64 * 1024 * 1024
    /// The most a zlib stream can expand (deflate's ratio is at most 1032:1), so a chunk's
    /// declared raw length is refused when its stored bytes could never produce it.
    public static let maximumCompressionRatio = 1032
    /// The most items one records chunk may decode to: string table entries, records, patch
    /// operations, path steps and value nodes together (4 Mi). A payload of one-byte nodes
    /// could otherwise decode to ~40 times its size in memory; with this bound a chunk never
    /// takes more than a few hundred MB, whatever its bytes.
    public static let maximumItemsPerChunk = 4 * 1024 * 1024

    /// The error of a chunk, or a record, over ``maximumItemsPerChunk``.
    static let tooManyItems = TraceError.malformed(
        "more than \(maximumItemsPerChunk) items (names, records, operations, path steps, values) in one chunk")
}

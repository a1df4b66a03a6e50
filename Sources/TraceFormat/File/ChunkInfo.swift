/// Where a chunk is in a file and what its header says: one entry of the index.
public struct ChunkInfo: Sendable, Hashable {
    /// Byte offset of the chunk header.
    public var offset: Int64
    /// The chunk header.
    public var header: ChunkHeader

    /// Creates an entry.
    public init(offset: Int64, header: ChunkHeader) {
        self.offset = offset
        self.header = header
    }

    /// Offset just past the chunk's stored bytes.
    public var endOffset: Int64 { offset + Int64(ChunkHeader.size) + Int64(header.storedLength) }
    /// Whether the chunk holds a keyframe.
    public var hasKeyframe: Bool { header.flags.contains(.keyframe) }
    /// The action sequence numbers the chunk covers, when it holds actions.
    public var seqRange: ClosedRange<UInt64>? {
        // A header is data: one claiming a first seq after its last names no range (the
        // reader corrects it when it decodes the chunk) instead of trapping.
        header.lastSeq == 0 || header.firstSeq > header.lastSeq ? nil : header.firstSeq...header.lastSeq
    }
}

/// A byte range of the file that could not be read; records inside it are lost.
public struct TraceGap: Sendable, Hashable, CustomStringConvertible {
    /// First damaged byte.
    public var start: Int64
    /// One past the last damaged byte.
    public var end: Int64
    /// What was wrong.
    public var reason: String

    /// Creates a gap.
    public init(start: Int64, end: Int64, reason: String) {
        self.start = start
        self.end = end
        self.reason = reason
    }

    /// `bytes 96…499 (404 bytes): reason`.
    public var description: String { "\(Self.bytes(from: start, to: end)) (\(end - start) bytes): \(reason)" }

    /// `bytes 96…499`: the bytes from `start` up to `end` (excluded) as people count them, the
    /// first and the last both included; user text never shows Swift's `96..<500`.
    public static func bytes(from start: Int64, to end: Int64) -> String {
        end > start + 1 ? "bytes \(start)…\(end - 1)" : "byte \(start)"
    }
}

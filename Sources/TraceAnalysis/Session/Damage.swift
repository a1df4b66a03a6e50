/// A part of a trace that could not be read, placed among the actions around it, so an
/// answer can say what it is missing: "bytes 4096..<8192 (chunk checksum mismatch): records
/// after #120 and before #185 are lost".
public struct Damage: Sendable, Hashable, CustomStringConvertible {
    /// Why the bytes are missing.
    public enum Kind: Sendable, Hashable {
        /// Damaged bytes in the middle of the file.
        case damaged
        /// An incomplete chunk at the end (a crash, or a chunk still being written).
        case tornTail
        /// A readable chunk whose header (and index entry) misstate its records: nothing is
        /// lost, the records were used as they are, but the file is damaged.
        case misstatedHeader
    }

    /// The byte range and the reason.
    public var gap: TraceGap
    /// What kind of damage.
    public var kind: Kind
    /// The last readable action before the damage, if any.
    public var afterSeq: UInt64?
    /// The first readable action after it, if any.
    public var beforeSeq: UInt64?

    init(gap: TraceGap, kind: Kind, session: TraceSession) {
        self.gap = gap
        self.kind = kind
        let chunks = session.reader.chunks
        afterSeq = chunks.last { $0.endOffset <= gap.start && $0.seqRange != nil }?.header.lastSeq
        beforeSeq = chunks.first { $0.offset >= gap.end && $0.seqRange != nil }?.header.firstSeq
    }

    init(_ mismatch: ChunkHeaderMismatch, session: TraceSession) {
        gap = TraceGap(start: mismatch.offset, end: mismatch.endOffset, reason: "header " + mismatch.problems.joined(separator: "; "))
        kind = .misstatedHeader
    }

    /// One line for people.
    public var description: String {
        if kind == .misstatedHeader {
            return "\(TraceGap.bytes(from: gap.start, to: gap.end)) (chunk \(gap.reason)): its records were read as they are, the header ignored"
        }
        let lost: String
        switch (afterSeq, beforeSeq) {
        case let (after?, before?): lost = "records after #\(after) and before #\(before) are lost"
        case let (after?, nil): lost = "records after #\(after) are lost"
        case let (nil, before?): lost = "records before #\(before) are lost"
        case (nil, nil): lost = "its records are lost"
        }
        let what = kind == .tornTail ? "an incomplete last chunk: the session was cut off" : gap.reason
        return "\(TraceGap.bytes(from: gap.start, to: gap.end)) (\(what)): \(lost)"
    }
}

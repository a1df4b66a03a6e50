/// The fixed 60-byte frame in front of every chunk's stored bytes. See docs/FORMAT.md.
public struct ChunkHeader: Sendable, Hashable {
    /// "SSCK": lets a reader find the next chunk after damage.
    static let magic: [UInt8] = Array("SSCK".utf8)
    /// Size of the encoded header in bytes.
    public static let size = 60

    /// What a chunk holds.
    public enum Kind: UInt8, Sendable {
        /// Records.
        case records = 1
        /// The footer index, written once at clean close.
        case index = 2
    }

    /// Bits of ``flags``.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The stored bytes are a zlib stream (otherwise they are the raw payload).
        public static let compressed = Flags(rawValue: 1)
        /// The chunk holds at least one keyframe.
        public static let keyframe = Flags(rawValue: 2)
        /// The chunk holds at least one `dropped` record.
        public static let dropped = Flags(rawValue: 4)
        /// Every bit a version 1 reader knows.
        static let known: Flags = [.compressed, .keyframe, .dropped]
    }

    public var kind: Kind
    public var flags: Flags
    /// Bytes stored after the header.
    public var storedLength: UInt32
    /// Bytes of the payload once decompressed.
    public var rawLength: UInt32
    /// Records in the chunk.
    public var recordCount: UInt32
    /// CRC-32 of the stored bytes.
    public var payloadCRC: UInt32
    /// Smallest and largest action sequence number in the chunk (0 and 0 when it holds none).
    public var firstSeq: UInt64
    public var lastSeq: UInt64
    /// Earliest and latest monotonic time of the chunk's records (0 and 0 when none is timed).
    public var firstMonotonicNanos: UInt64
    public var lastMonotonicNanos: UInt64

    /// Encodes the header, ending in the CRC-32 of its first 56 bytes.
    func encode(into writer: inout ByteWriter) {
        let start = writer.count
        writer.write(contentsOf: Self.magic)
        writer.write(kind.rawValue)
        writer.write(flags.rawValue)
        writer.writeFixed(UInt16(0))
        writer.writeFixed(storedLength)
        writer.writeFixed(rawLength)
        writer.writeFixed(recordCount)
        writer.writeFixed(payloadCRC)
        writer.writeFixed(firstSeq)
        writer.writeFixed(lastSeq)
        writer.writeFixed(firstMonotonicNanos)
        writer.writeFixed(lastMonotonicNanos)
        let crc = writer.bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[start..<start + 56])) }
        writer.writeFixed(crc)
    }

    /// Whether `bytes` start with the chunk magic.
    static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 4 && bytes[0] == magic[0] && bytes[1] == magic[1] && bytes[2] == magic[2] && bytes[3] == magic[3]
    }

    /// Decodes and verifies a header from exactly ``size`` bytes.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(TraceError) -> ChunkHeader {
        guard bytes.count >= size else { throw .malformed("chunk header cut short") }
        guard hasMagic(bytes) else { throw .malformed("no chunk magic") }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[0..<size]), offset: 4)
        let kindByte = try reader.readByte()
        let flags = Flags(rawValue: try reader.readByte())
        let reserved = try reader.readFixed(UInt16.self)
        let stored = try reader.readFixed(UInt32.self)
        let raw = try reader.readFixed(UInt32.self)
        let count = try reader.readFixed(UInt32.self)
        let payloadCRC = try reader.readFixed(UInt32.self)
        let firstSeq = try reader.readFixed(UInt64.self)
        let lastSeq = try reader.readFixed(UInt64.self)
        let firstTime = try reader.readFixed(UInt64.self)
        let lastTime = try reader.readFixed(UInt64.self)
        let crc = try reader.readFixed(UInt32.self)
        guard crc == CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<56])) else {
            throw .malformed("chunk header checksum mismatch")
        }
        guard let kind = Kind(rawValue: kindByte) else { throw .malformed("unknown chunk kind \(kindByte)") }
        guard reserved == 0, Flags.known.isSuperset(of: flags) else {
            throw .malformed("unknown chunk flags 0x\(String(flags.rawValue, radix: 16))")
        }
        return ChunkHeader(
            kind: kind, flags: flags, storedLength: stored, rawLength: raw, recordCount: count,
            payloadCRC: payloadCRC, firstSeq: firstSeq, lastSeq: lastSeq,
            firstMonotonicNanos: firstTime, lastMonotonicNanos: lastTime)
    }
}

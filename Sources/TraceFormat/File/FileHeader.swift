/// Encoding of the ``SessionHeader`` at offset 0 of a trace file. See docs/FORMAT.md.
enum FileHeader {
    /// 0x89 "SCOPE" CR LF: not text, detects line-ending conversion, like PNG's signature.
    static let magic: [UInt8] = [0x89, 0x53, 0x43, 0x4F, 0x50, 0x45, 0x0D, 0x0A]
    /// Bytes before the variable part: magic, version, flags, body length.
    static let fixedSize = 24
    /// The largest header body a reader accepts.
    static let maximumBodySize = 64 * 1024
    /// The continuation commitment's size (a SHA-256 digest).
    static let commitmentSize = 32

    static func encode(_ header: SessionHeader) -> [UInt8] {
        var body = ByteWriter()
        var id = header.sessionID
        if id.count != 16 { id = Array((id + [UInt8](repeating: 0, count: 16)).prefix(16)) }
        body.write(contentsOf: id)
        body.writeFixed(header.startWallNanos)
        body.writeFixed(header.startMonotonicNanos)
        body.writeFixed(header.schemaFingerprint)
        body.writeString(header.appName)
        body.writeString(header.storeName)
        // Format 1.1: the commitment follows the store name; a header without one stays 1.0,
        // byte for byte.
        if let commitment = header.continuationCommitment { body.write(contentsOf: commitment) }

        var writer = ByteWriter()
        writer.write(contentsOf: magic)
        writer.writeFixed(TraceFormatVersion.major)
        writer.writeFixed(header.continuationCommitment == nil ? 0 : TraceFormatVersion.minor)
        writer.writeFixed(header.compatibleFeatures)
        writer.writeFixed(header.incompatibleFeatures)
        writer.writeFixed(UInt32(body.count))
        writer.write(contentsOf: body)
        writer.writeFixed(CRC32.checksum(writer.bytes))
        return writer.bytes
    }

    /// The total header size once the fixed part is known, or an error when it is not a trace.
    static func totalSize(fixedPart bytes: UnsafeRawBufferPointer) throws(TraceError) -> Int {
        guard bytes.count >= fixedSize else {
            throw .notATrace(bytes.isEmpty ? "the file is empty" : "the file is only \(bytes.count) bytes long")
        }
        guard zip(bytes.prefix(8), magic).allSatisfy({ $0 == $1 }) else {
            throw .notATrace("it does not start with the StoreScope signature")
        }
        var reader = ByteReader(bytes, offset: 8)
        let major = try reader.readFixed(UInt16.self)
        let minor = try reader.readFixed(UInt16.self)
        guard major == TraceFormatVersion.major else { throw .unsupportedVersion(major: major, minor: minor) }
        _ = try reader.readFixed(UInt32.self)
        let incompatible = try reader.readFixed(UInt32.self)
        let unknown = incompatible & ~TraceFormatVersion.knownIncompatibleFeatures
        guard unknown == 0 else { throw .unknownIncompatibleFeatures(unknown) }
        let bodyLength = Int(try reader.readFixed(UInt32.self))
        guard bodyLength <= maximumBodySize else { throw .malformed("header of \(bodyLength) bytes exceeds \(maximumBodySize)") }
        return fixedSize + bodyLength + 4
    }

    /// Reads and verifies the header at the start of `file`.
    ///
    /// - Returns: the header and its size in bytes (where the first chunk starts).
    static func read(from file: TraceFile) throws(TraceError) -> (SessionHeader, Int) {
        let prefix = try file.read(count: fixedSize, at: 0)
        let total = try prefix.withRawBytes { (raw) throws(TraceError) in try totalSize(fixedPart: raw) }
        let bytes = try file.read(count: total, at: 0)
        return (try bytes.withRawBytes { (raw) throws(TraceError) in try decode(raw) }, total)
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws(TraceError) -> SessionHeader {
        let total = try totalSize(fixedPart: bytes)
        guard bytes.count >= total else { throw .malformed("the file header is cut short") }
        let crc = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<total - 4]))
        var crcReader = ByteReader(bytes, offset: total - 4)
        guard try crcReader.readFixed(UInt32.self) == crc else { throw .malformed("file header checksum mismatch") }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[0..<total - 4]), offset: 12)
        let compatible = try reader.readFixed(UInt32.self)
        let incompatible = try reader.readFixed(UInt32.self)
        _ = try reader.readFixed(UInt32.self)
        let id = Array(try reader.readBytes(16))
        let wall = try reader.readFixed(Int64.self)
        let mono = try reader.readFixed(UInt64.self)
        let fingerprint = try reader.readFixed(UInt64.self)
        let app = try reader.readString()
        let store = try reader.readString()
        // 1.1 and later: the continuation commitment; bytes after the fields known are ignored.
        let minor = UInt16(bytes[10]) | UInt16(bytes[11]) << 8
        let commitment = minor >= 1 && reader.remaining >= commitmentSize ? Array(try reader.readBytes(commitmentSize)) : nil
        return SessionHeader(
            sessionID: id, appName: app, storeName: store, startWallNanos: wall, startMonotonicNanos: mono,
            schemaFingerprint: fingerprint, compatibleFeatures: compatible, incompatibleFeatures: incompatible,
            continuationCommitment: commitment)
    }
}

extension SessionHeader {
    /// The file header that starts a trace of this session (docs/FORMAT.md §3).
    public var encodedFileHeader: [UInt8] { FileHeader.encode(self) }
}

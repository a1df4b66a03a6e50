/// Reads what ``ByteWriter`` wrote from a borrowed buffer, checking every length against the
/// bytes that remain, so hostile input fails with ``TraceError/malformed(_:)`` instead of
/// crashing or allocating without bound.
package struct ByteReader {
    @usableFromInline let buffer: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    package private(set) var offset: Int

    /// Creates a reader over `buffer`, which must outlive it.
    package init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    /// Bytes not yet read.
    package var remaining: Int { buffer.count - offset }

    /// Whether everything has been read.
    package var isAtEnd: Bool { offset >= buffer.count }

    /// Reads one byte.
    @inline(__always)
    package mutating func readByte() throws(TraceError) -> UInt8 {
        guard offset < buffer.count else { throw .malformed("unexpected end of data") }
        let byte = buffer[offset]
        offset += 1
        return byte
    }

    /// Reads a fixed-width little-endian integer.
    package mutating func readFixed<T: FixedWidthInteger>(_: T.Type) throws(TraceError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw .malformed("unexpected end of data") }
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + size]))
        }
        offset += size
        return T(littleEndian: value)
    }

    /// Reads an unsigned LEB128 varint of at most 10 bytes.
    @inline(__always)
    package mutating func readVarint() throws(TraceError) -> UInt64 {
        // Most varints (string indices, small counts, small numbers) are one byte.
        if offset < buffer.count, buffer[offset] < 0x80 {
            offset += 1
            return UInt64(buffer[offset - 1])
        }
        return try readLongVarint()
    }

    /// ``readVarint()`` of more than one byte.
    private mutating func readLongVarint() throws(TraceError) -> UInt64 {
        // With ten bytes left no byte of the varint can be past the end: the same checks but
        // the bounds one (action records carry three long varints: times and duration).
        if buffer.count - offset >= 10 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            var index = offset
            while true {
                let byte = buffer[index]
                index += 1
                if shift == 63 {
                    // The tenth byte: only its lowest bit fits, and it must end the varint.
                    guard byte <= 1 else { throw .malformed("varint overflows 64 bits") }
                    offset = index
                    return result | UInt64(byte) << 63
                }
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 {
                    offset = index
                    return result
                }
                shift += 7
            }
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < buffer.count else { throw .malformed("unexpected end of data in varint") }
            let byte = buffer[offset]
            offset += 1
            if shift == 63 && byte > 1 { throw .malformed("varint overflows 64 bits") }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift > 63 { throw .malformed("varint longer than 10 bytes") }
        }
    }

    /// Reads a zigzag varint.
    package mutating func readSignedVarint() throws(TraceError) -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// Reads a varint that counts items of at least `minimumSize` bytes each, rejecting counts
    /// the remaining bytes cannot hold (which bounds every allocation by the input size).
    @inline(__always)
    package mutating func readCount(minimumSize: Int = 1) throws(TraceError) -> Int {
        let raw = try readVarint()
        // raw × size ≤ remaining: raw ≤ remaining / size without a division.
        let bytes = raw.multipliedReportingOverflow(by: UInt64(max(minimumSize, 1)))
        guard !bytes.overflow, bytes.partialValue <= UInt64(remaining) else {
            throw .malformed("count \(raw) exceeds the \(remaining) bytes left")
        }
        return Int(raw)
    }

    /// Reads `count` raw bytes.
    @inline(__always)
    package mutating func readBytes(_ count: Int) throws(TraceError) -> UnsafeRawBufferPointer {
        guard count >= 0 && count <= remaining else { throw .malformed("length \(count) exceeds the \(remaining) bytes left") }
        let slice = UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count])
        offset += count
        return slice
    }

    /// Reads a varint length and that many bytes.
    package mutating func readLengthPrefixed() throws(TraceError) -> [UInt8] {
        let count = try readCount()
        return Array(try readBytes(count))
    }

    /// Reads a varint length and that many bytes of UTF-8 (invalid sequences are repaired).
    package mutating func readString() throws(TraceError) -> String {
        let count = try readCount()
        let bytes = try readBytes(count)
        return String(decoding: bytes, as: UTF8.self)
    }
}

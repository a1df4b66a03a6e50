/// Appends little-endian integers, LEB128 varints and length-prefixed bytes to a growing buffer.
package struct ByteWriter: Sendable {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8]

    /// Creates an empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written.
    package var count: Int { bytes.count }

    /// Forgets the bytes but keeps the allocation.
    package mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Drops every byte after the first `count` (which must not exceed ``count``).
    package mutating func truncate(to count: Int) { bytes.removeSubrange(count...) }

    /// Appends one byte.
    package mutating func write(_ byte: UInt8) { bytes.append(byte) }

    /// Appends raw bytes.
    package mutating func write<C: Collection>(contentsOf data: C) where C.Element == UInt8 {
        bytes.append(contentsOf: data)
    }

    /// Appends a fixed-width little-endian integer.
    package mutating func writeFixed<T: FixedWidthInteger>(_ value: T) {
        var v = value.littleEndian
        withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
    }

    /// Appends an unsigned LEB128 varint (1 to 10 bytes).
    package mutating func writeVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Appends a signed integer as a zigzag varint, so small magnitudes stay short.
    package mutating func writeSignedVarint(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Appends a varint length followed by the string's UTF-8 bytes.
    package mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Appends a varint length followed by the bytes.
    package mutating func writeLengthPrefixed(_ data: [UInt8]) {
        writeVarint(UInt64(data.count))
        bytes.append(contentsOf: data)
    }
}

/// Appends little-endian integers, LEB128 varints and length-prefixed bytes to a growing buffer.
///
/// The bytes are written through a pointer into a buffer the writer owns: a record's bytes are
/// a dozen single-byte writes, and `Array.append` paid a uniqueness check, a capacity check and
/// a call for each (about 50 instructions a byte against 10 here). Copies of a writer share the
/// buffer until one of them writes; the writer copies it then, as an array would.
package struct ByteWriter: Sendable {
    /// The buffer; written only while this writer holds the one reference to it.
    private var storage: Storage
    /// The number of bytes written.
    package private(set) var count = 0

    /// Creates an empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        storage = Storage(capacity: max(capacity, 16))
    }

    /// The bytes written so far (a copy).
    package var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: storage.base, count: count))
    }

    /// Calls `body` with the bytes written so far, without copying them.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage.base, count: count))
    }

    /// Forgets the bytes but keeps the allocation.
    package mutating func removeAll() { count = 0 }

    /// Drops every byte after the first `count` (which must not exceed ``count``).
    package mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count, "truncating \(self.count) bytes to \(count)")
        self.count = count
    }

    /// Appends one byte.
    @inline(__always)
    package mutating func write(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    /// Appends up to `maximum` bytes written by `body` through a ``Cursor``, with one check of
    /// the buffer (that no other writer shares it, that it has room) for all of them: a
    /// record's head, a tag and a few varints, is written so (a check per byte or varint was a
    /// quarter of a scalar-only patch record's encoding). The cursor traps on a write past
    /// `maximum`.
    @inline(__always)
    package mutating func write(atMost maximum: Int, _ body: (inout Cursor) -> Void) {
        let start = reserve(maximum)
        var cursor = Cursor(start: start, limit: start + maximum)
        body(&cursor)
        count += cursor.position - start
    }

    /// Where ``write(atMost:_:)``'s bytes go: a place in the writer's buffer with room for them.
    package struct Cursor {
        fileprivate var position: UnsafeMutablePointer<UInt8>
        private let limit: UnsafeMutablePointer<UInt8>

        fileprivate init(start: UnsafeMutablePointer<UInt8>, limit: UnsafeMutablePointer<UInt8>) {
            position = start
            self.limit = limit
        }

        /// Writes one byte.
        @inline(__always)
        package mutating func byte(_ byte: UInt8) {
            precondition(position < limit, "a write past the bytes reserved")
            position.pointee = byte
            position += 1
        }

        /// Writes an unsigned LEB128 varint (1 to 10 bytes).
        @inline(__always)
        package mutating func varint(_ value: UInt64) {
            var v = value
            while v >= 0x80 {
                byte(UInt8(truncatingIfNeeded: v) | 0x80)
                v >>= 7
            }
            byte(UInt8(v))
        }
    }

    /// Appends raw bytes.
    package mutating func write<C: Collection>(contentsOf data: C) where C.Element == UInt8 {
        let length = data.count
        guard length > 0 else { return }
        let end = reserve(length)
        let copied: Void? = data.withContiguousStorageIfAvailable { source in
            UnsafeMutableRawPointer(end).copyMemory(from: source.baseAddress!, byteCount: length)
        }
        if copied == nil {
            var position = end
            for byte in data {
                position.pointee = byte
                position += 1
            }
        }
        count += length
    }

    /// Appends the bytes another writer wrote.
    package mutating func write(contentsOf other: ByteWriter) {
        guard other.count > 0 else { return }
        UnsafeMutableRawPointer(reserve(other.count)).copyMemory(from: other.storage.base, byteCount: other.count)
        count += other.count
    }

    /// Appends a fixed-width little-endian integer.
    package mutating func writeFixed<T: FixedWidthInteger>(_ value: T) {
        var v = value.littleEndian
        let size = MemoryLayout<T>.size
        let end = reserve(size)
        Swift.withUnsafeBytes(of: &v) { UnsafeMutableRawPointer(end).copyMemory(from: $0.baseAddress!, byteCount: size) }
        count += size
    }

    /// Appends an unsigned LEB128 varint (1 to 10 bytes).
    @inline(__always)
    package mutating func writeVarint(_ value: UInt64) {
        write(atMost: 10) { $0.varint(value) }
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
            write(contentsOf: utf8)
        }
    }

    /// Appends a varint length followed by the bytes.
    package mutating func writeLengthPrefixed(_ data: [UInt8]) {
        writeVarint(UInt64(data.count))
        write(contentsOf: data)
    }

    /// Where the next `extra` bytes go, in a buffer with room for them that no other writer
    /// shares (copied or grown here when needed).
    @inline(__always)
    private mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(!isKnownUniquelyReferenced(&storage) || storage.capacity - count < extra) {
            storage = storage.copy(count: count, minimumCapacity: count + extra)
        }
        return storage.base + count
    }

    /// A writer's bytes.
    ///
    /// `@unchecked Sendable`: a buffer is written only by a writer holding its one reference
    /// (``ByteWriter/reserve(_:)`` copies it first otherwise), so one that crosses threads
    /// inside a copied writer is only read there.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { base.deallocate() }

        /// A buffer of at least `minimumCapacity` (twice this one's at least) holding this
        /// one's first `count` bytes.
        func copy(count: Int, minimumCapacity: Int) -> Storage {
            let copy = Storage(capacity: max(minimumCapacity, capacity * 2))
            UnsafeMutableRawPointer(copy.base).copyMemory(from: base, byteCount: count)
            return copy
        }
    }
}

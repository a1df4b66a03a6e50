/// The frames of a paired connection (docs/FORMAT.md §17, "Pairing"): every byte after the
/// handshake travels in a frame — its payload's length (u32, little endian, 1 to
/// ``maximumPayload``), the payload, and HMAC-SHA256 under the direction's key of the frame's
/// number (u64 LE, from 0 in each direction, never sent), the length and the payload. A frame
/// injected, changed, dropped, reordered or replayed from anywhere fails its code, and the
/// connection ends. The payload is not encrypted.
public enum PairedFrames {
    /// The largest payload in one frame.
    public static let maximumPayload = 64 * 1024
    /// Bytes a frame adds to its payload.
    public static let overhead = 4 + HMACSHA256.codeSize

    /// Seals what one side sends.
    public struct Sealer: Sendable {
        let key: HMACSHA256
        private var number: UInt64 = 0

        public init(key: HMACSHA256) {
            self.key = key
        }

        /// The frame carrying `payload` (at most ``maximumPayload`` bytes, at least one).
        public mutating func seal(_ payload: UnsafeRawBufferPointer) -> [UInt8] {
            precondition(!payload.isEmpty && payload.count <= maximumPayload)
            var frame = [UInt8]()
            frame.reserveCapacity(payload.count + overhead)
            let length = UInt32(payload.count)
            withUnsafeBytes(of: length.littleEndian) { frame.append(contentsOf: $0) }
            frame.append(contentsOf: payload)
            frame += code(key, number, length, payload)
            number += 1
            return frame
        }
    }

    /// Opens what the peer sends, from bytes that arrive in pieces. Memory is bounded by one
    /// frame.
    public struct Opener: Sendable {
        let key: HMACSHA256
        private var number: UInt64 = 0
        private var buffer: [UInt8] = []
        private var start = 0

        public init(key: HMACSHA256) {
            self.key = key
        }

        /// Bytes received and not yet opened.
        public var bufferedBytes: Int { buffer.count - start }

        /// Whether a whole frame waits to be opened (or a length that ends the connection).
        public var hasWholeFrame: Bool {
            guard bufferedBytes >= 4 else { return false }
            let length = buffer.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt32.self)) }
            return length == 0 || Int(length) > maximumPayload || bufferedBytes >= 4 + Int(length) + HMACSHA256.codeSize
        }

        public mutating func append(_ bytes: some Sequence<UInt8>) {
            if start > 0, start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            buffer.append(contentsOf: bytes)
        }

        /// The next frame's payload, or `nil` when more bytes are needed.
        ///
        /// - Throws: ``TraceError/malformed(_:)`` when a frame's length is out of bounds or its
        ///   code is wrong.
        public mutating func next() throws(TraceError) -> [UInt8]? {
            guard buffer.count - start >= 4 else { return nil }
            let length = buffer.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt32.self)) }
            guard length >= 1, Int(length) <= maximumPayload else {
                throw .malformed("a paired frame of \(length) bytes (1 to \(maximumPayload))")
            }
            let end = start + 4 + Int(length) + HMACSHA256.codeSize
            guard buffer.count >= end else { return nil }
            let payloadRange = start + 4..<start + 4 + Int(length)
            let expected = buffer.withUnsafeBytes { raw in
                code(key, number, length, UnsafeRawBufferPointer(rebasing: raw[payloadRange]))
            }
            guard HMACSHA256.constantTimeEquals(expected, buffer[payloadRange.upperBound..<end]) else {
                throw .malformed("paired frame #\(number) fails its authentication code (injected, changed or replayed)")
            }
            number += 1
            let payload = Array(buffer[payloadRange])
            start = end
            if start >= 1 << 16 {
                buffer.removeFirst(start)
                start = 0
            }
            return payload
        }
    }

    static func code(_ key: HMACSHA256, _ number: UInt64, _ length: UInt32, _ payload: UnsafeRawBufferPointer) -> [UInt8] {
        var computation = key.start()
        withUnsafeBytes(of: number.littleEndian) { computation.update($0) }
        withUnsafeBytes(of: length.littleEndian) { computation.update($0) }
        computation.update(payload)
        return computation.finalize()
    }
}

import Testing
@testable import TraceFormat

/// The varint and count readers every record goes through: one-byte varints take a short
/// path, longer ones the checked loop, and counts are bounded by the bytes that remain.
@Suite("Byte reader")
struct ByteReaderTests {
    func read<T>(_ bytes: [UInt8], _ body: (inout ByteReader) throws(TraceError) -> T) -> Result<T, TraceError> {
        bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            return Result { () throws(TraceError) in try body(&reader) }
        }
    }

    @Test("Varints of every length read back what was written, and the reader ends after them")
    func varintsRoundTrip() throws {
        var values: [UInt64] = [0, 1, 0x7F, 0x80, 0x3FFF, 0x4000, UInt64.max, UInt64.max - 1, 1 << 63]
        values += (1..<64).map { UInt64(1) << $0 } + (1..<64).map { (UInt64(1) << $0) - 1 }
        // Followed by ten bytes or by none: the reader's two paths for long varints.
        for value in values {
            for trailing in [[], [UInt8](repeating: 5, count: 10)] {
                var writer = ByteWriter()
                writer.writeVarint(value)
                let read = read(writer.bytes + trailing) { (reader) throws(TraceError) in (try reader.readVarint(), reader.remaining) }
                let (first, remaining) = try read.get()
                #expect(first == value && remaining == trailing.count, "\(value)")
            }
        }
    }

    @Test("A varint cut short, longer than 10 bytes, or over 64 bits is refused")
    func badVarintsAreRefused() {
        #expect(throws: TraceError.malformed("unexpected end of data in varint")) { try read([0x80]) { (r) throws(TraceError) in try r.readVarint() }.get() }
        #expect(throws: TraceError.malformed("unexpected end of data in varint")) { try read([]) { (r) throws(TraceError) in try r.readVarint() }.get() }
        #expect(throws: TraceError.malformed("varint overflows 64 bits")) {
            try read([UInt8](repeating: 0xFF, count: 9) + [0x02]) { (r) throws(TraceError) in try r.readVarint() }.get()
        }
        for trailing in [[], [UInt8](repeating: 0, count: 10)] {
            #expect(throws: TraceError.malformed("varint overflows 64 bits")) {
                try read([UInt8](repeating: 0xFF, count: 9) + [0x02] + trailing) { (r) throws(TraceError) in try r.readVarint() }.get()
            }
            #expect(throws: TraceError.malformed("varint overflows 64 bits")) {
                try read([UInt8](repeating: 0x80, count: 10) + [0x00] + trailing) { (r) throws(TraceError) in try r.readVarint() }.get()
            }
            #expect((try? read([UInt8](repeating: 0xFF, count: 9) + [0x01] + trailing) { (r) throws(TraceError) in try r.readVarint() }.get()) == .max)
        }
        #expect(throws: TraceError.malformed("unexpected end of data in varint")) {
            try read([UInt8](repeating: 0xFF, count: 9)) { (r) throws(TraceError) in try r.readVarint() }.get()
        }
    }

    @Test("A count is accepted when its items fit the bytes left, refused one item more, and never overflows")
    func countsAreBoundedByTheBytesLeft() {
        // A one-byte count, then 10 bytes: 5 items of 2 bytes fit, 6 do not.
        let fits = read([5] + [UInt8](repeating: 0, count: 10)) { (r) throws(TraceError) in try r.readCount(minimumSize: 2) }
        #expect((try? fits.get()) == 5)
        let over = read([6] + [UInt8](repeating: 0, count: 10)) { (r) throws(TraceError) in try r.readCount(minimumSize: 2) }
        #expect(throws: TraceError.malformed("count 6 exceeds the 10 bytes left")) { try over.get() }
        let huge = read([UInt8](repeating: 0xFF, count: 9) + [0x01]) { (r) throws(TraceError) in try r.readCount(minimumSize: 57) }
        #expect(throws: TraceError.self) { try huge.get() }
        let zero = read([0]) { (r) throws(TraceError) in try r.readCount(minimumSize: 0) }
        #expect((try? zero.get()) == 0)
    }
}

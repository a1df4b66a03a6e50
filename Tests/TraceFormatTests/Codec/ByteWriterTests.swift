import Testing
@testable import TraceFormat

/// The writer every record, header and frame is encoded with: bytes written through a pointer
/// into a buffer of its own, grown as needed, and copied before a write when another writer
/// shares it.
@Suite("Byte writer")
struct ByteWriterTests {
    /// The bytes of each write, as the format defines them, written one after another.
    static var writes: [(String, (inout ByteWriter) -> Void, [UInt8])] { [
        ("byte", { $0.write(0xAB) }, [0xAB]),
        ("varint 0", { $0.writeVarint(0) }, [0x00]),
        ("varint 300", { $0.writeVarint(300) }, [0xAC, 0x02]),
        ("varint max", { $0.writeVarint(.max) }, [UInt8](repeating: 0xFF, count: 9) + [0x01]),
        ("signed -3", { $0.writeSignedVarint(-3) }, [0x05]),
        ("fixed", { $0.writeFixed(UInt32(0x0403_0201)) }, [1, 2, 3, 4]),
        ("string", { $0.writeString("héllo") }, [6] + Array("héllo".utf8)),
        ("length-prefixed", { $0.writeLengthPrefixed([9, 8]) }, [2, 9, 8]),
        ("array", { $0.write(contentsOf: [7, 7, 7] as [UInt8]) }, [7, 7, 7]),
        ("lazy collection", { $0.write(contentsOf: (1...3).lazy.map { UInt8($0) }) }, [1, 2, 3]),
        ("empty", { $0.write(contentsOf: [] as [UInt8]) }, []),
        ("head at once", { writer in
            writer.write(atMost: 21) { head in
                head.byte(0x02)
                head.varint(300)
                head.varint(.max)
            }
        }, [0x02, 0xAC, 0x02] + [UInt8](repeating: 0xFF, count: 9) + [0x01]),
        ("head shorter than its room", { $0.write(atMost: 31) { $0.varint(1) } }, [0x01]),
    ] }

    @Test("Every write appends the format's bytes, across many growths of the buffer")
    func writesAppendTheirBytes() {
        var writer = ByteWriter()
        var expected: [UInt8] = []
        for round in 0..<200 {
            for (name, write, bytes) in Self.writes {
                write(&writer)
                expected += bytes
                #expect(writer.count == expected.count, "\(name), round \(round)")
            }
        }
        #expect(writer.bytes == expected)
        writer.withUnsafeBytes { #expect(Array($0) == expected) }
    }

    @Test("A copied writer keeps its bytes when either one writes, truncates or is emptied")
    func copiesDoNotShareWrites() {
        var first = ByteWriter(capacity: 64)
        first.writeString("shared")
        var second = first
        second.write(1)
        first.write(2)
        #expect(first.bytes == [6] + Array("shared".utf8) + [2])
        #expect(second.bytes == [6] + Array("shared".utf8) + [1])

        var third = first
        first.truncate(to: 3)
        first.write(0xEE)
        #expect(first.bytes == [6] + Array("sh".utf8) + [0xEE])
        #expect(third.bytes == [6] + Array("shared".utf8) + [2])
        third.removeAll()
        third.write(5)
        #expect(third.bytes == [5])
        #expect(first.bytes == [6] + Array("sh".utf8) + [0xEE])
    }

    @Test("A head written at once goes to a buffer of the writer's own, grown for it")
    func headsAtOnceDoNotShareWrites() {
        var first = ByteWriter(capacity: 0)
        first.write(atMost: 10) { $0.varint(7) }
        let second = first
        // Longer than the buffer of 16 bytes the writers share: grown and copied once.
        first.write(atMost: 40) { head in
            for _ in 0..<3 { head.varint(.max) }
        }
        #expect(first.bytes == [7] + Array(repeating: [UInt8](repeating: 0xFF, count: 9) + [0x01], count: 3).joined())
        #expect(second.bytes == [7])
        // Room enough in the buffer the two share: each writes to a copy of its own.
        var third = second
        third.write(atMost: 1) { $0.byte(9) }
        var fourth = second
        fourth.write(atMost: 1) { $0.byte(8) }
        #expect(third.bytes == [7, 9])
        #expect(fourth.bytes == [7, 8])
        #expect(second.bytes == [7])
    }

    @Test("Another writer's bytes are appended whole, also to itself through a copy")
    func writerIntoWriter() {
        var body = ByteWriter()
        for value in 0..<1_000 { body.writeVarint(UInt64(value)) }
        var payload = ByteWriter(capacity: 0)
        payload.write(0x01)
        payload.write(contentsOf: body)
        #expect(payload.bytes == [0x01] + body.bytes)
        let copy = payload
        payload.write(contentsOf: copy)
        #expect(payload.bytes == copy.bytes + copy.bytes)
        payload.write(contentsOf: ByteWriter())
        #expect(payload.count == 2 * copy.count)
    }
}

import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

/// docs/FORMAT.md's "Compression": the zlib header a chunk's stream starts with, by level.
@Suite struct CompressionLevelTests {
    @Test("A writer with default options compresses chunks at zlib level 1, streams starting 78 01")
    func defaultLevelIsOne() throws {
        #expect(TraceWriter.Options().compressionLevel == 1)
        #expect(try firstStreamHeader(options: TraceWriter.Options()) == [0x78, 0x01])
    }

    /// Zlib levels and the two bytes their streams start with.
    static let headers: [(level: Int32, header: [UInt8])] = [
        (1, [0x78, 0x01]), (2, [0x78, 0x5E]), (5, [0x78, 0x5E]), (6, [0x78, 0x9C]), (9, [0x78, 0xDA]),
    ]

    @Test("Each zlib level gives the stream header FORMAT.md lists", arguments: 0..<5)
    func headerByLevel(index: Int) throws {
        let (level, header) = Self.headers[index]
        #expect(try firstStreamHeader(options: .init(compressionLevel: level)) == header, "level \(level)")
    }

    /// Writes one record and returns the first two stored bytes of its chunk.
    private func firstStreamHeader(options: TraceWriter.Options) throws -> [UInt8] {
        let output = MemoryTraceOutput()
        let writer = try TraceWriter(output: output, header: Samples.header, options: options)
        try writer.append(.log(LogRecord(level: .info, message: "hello", monotonicNanos: 1, seq: 0)))
        try writer.close()
        #expect(output.isClosed, "the writer closed its output")
        let bytes = output.bytes
        let magic = Array("SSCK".utf8)
        let chunk = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + 4, bytes.count)]) == magic })
        #expect(bytes[chunk + 5] & 1 == 1, "the chunk is compressed")
        let stored = chunk + 60  // the chunk header is 56 bytes and its CRC
        return Array(bytes[stored..<stored + 2])
    }
}

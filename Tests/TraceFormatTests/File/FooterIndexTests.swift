import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

@Suite struct FooterIndexTests {
    let directory: TemporaryDirectory
    let trace: WrittenTrace

    init() throws {
        directory = try TemporaryDirectory()
        trace = try WrittenTrace.make(at: directory.path("closed.sstrace"), records: Samples.mixedRecords(count: 60), chunkSize: 250)
    }

    /// The reader of the trace's bytes after `edit`.
    func reader(after edit: (inout [UInt8]) -> Void, _ name: String = "edited.sstrace") throws -> TraceReader {
        var bytes = trace.bytes
        edit(&bytes)
        let path = directory.path(name)
        try writeFile(bytes, to: path)
        return try TraceReader(path: path)
    }

    var indexOffset: Int { Int(trace.chunks.last!.endOffset) }

    @Test func aCleanlyClosedTraceIsIndexedByItsFooter() throws {
        let reader = try TraceReader(path: trace.path)
        #expect(reader.indexSource == .footer)
        #expect(reader.chunks == trace.chunks)
        #expect(reader.chunks.count >= 5)
        #expect(reader.allRecords() == trace.records)
        #expect(reader.recordCount == trace.records.count)
    }

    @Test func aCutTrailerIsRebuiltToTheSameChunks() throws {
        for cut in [1, 8, 16] {
            let reader = try self.reader(after: { $0.removeLast(cut) }, "cut-\(cut).sstrace")
            #expect(reader.indexSource == .rebuilt("no footer index (the session was not closed cleanly)"))
            #expect(reader.chunks == trace.chunks)
            #expect(reader.allRecords() == trace.records)
            #expect(reader.gaps.isEmpty)
        }
    }

    @Test func aDamagedTrailerIsRebuiltToTheSameChunks() throws {
        for position in 1...16 {
            let reader = try self.reader(after: { $0[$0.count - position] ^= 0x20 }, "trailer-\(position).sstrace")
            #expect(reader.indexSource != .footer, "byte \(position) from the end")
            #expect(reader.chunks == trace.chunks)
            #expect(reader.allRecords() == trace.records)
        }
    }

    @Test func aDamagedIndexChunkIsRebuiltToTheSameChunks() throws {
        let reader = try self.reader { $0[indexOffset + ChunkHeader.size + 2] ^= 0xFF }
        #expect(reader.indexSource == .rebuilt("the footer index is damaged"))
        #expect(reader.chunks == trace.chunks)
        #expect(reader.allRecords() == trace.records)
        #expect(reader.gaps.map(\.start) == [Int64(indexOffset)])
    }

    @Test func aTrailerPointingElsewhereIsNotTrusted() throws {
        let reader = try self.reader { bytes in
            bytes.removeLast(16)
            bytes += FooterIndex.encodeTrailer(indexOffset: Int64(indexOffset - 1))
        }
        #expect(reader.indexSource == .rebuilt("the footer index is damaged"))
        #expect(reader.chunks == trace.chunks)
        let far = try self.reader(after: { bytes in
            bytes.removeLast(16)
            bytes += FooterIndex.encodeTrailer(indexOffset: Int64.max - 100)
        }, "far.sstrace")
        #expect(far.indexSource == .rebuilt("the footer points outside the file"))
        #expect(far.chunks == trace.chunks)
    }

    @Test func anIndexThatDisagreesWithTheChunksIsNotTrusted() throws {
        // A well-formed footer listing one chunk too few.
        let reader = try self.reader { bytes in
            bytes.removeSubrange(indexOffset...)
            var frame = ByteWriter()
            let entries = FooterIndex.encodeEntries(Array(trace.chunks.dropLast()))
            let stored = try! Deflater(level: 6).compress(entries)
            ChunkHeader(
                kind: .index, flags: [.compressed], storedLength: UInt32(stored.count), rawLength: UInt32(entries.count),
                recordCount: 0, payloadCRC: CRC32.checksum(stored), firstSeq: 0, lastSeq: 0,
                firstMonotonicNanos: 0, lastMonotonicNanos: 0
            ).encode(into: &frame)
            frame.write(contentsOf: stored)
            bytes += frame.bytes + FooterIndex.encodeTrailer(indexOffset: Int64(indexOffset))
        }
        #expect(reader.indexSource == .rebuilt("the footer index does not match the chunks"))
        #expect(reader.chunks == trace.chunks)
    }

    @Test func anUnclosedTraceHasNoFooterAndIsScanned() throws {
        let unclosed = try WrittenTrace.make(
            at: directory.path("unclosed.sstrace"), records: Samples.mixedRecords(count: 60), chunkSize: 250, close: false)
        let reader = try TraceReader(path: unclosed.path)
        #expect(reader.indexSource == .rebuilt("no footer index (the session was not closed cleanly)"))
        #expect(reader.chunks == trace.chunks)
        #expect(reader.allRecords() == trace.records)
        #expect(reader.tornTail == nil)
    }

    @Test func footerEntriesRoundTripEveryHeaderField() throws {
        let entries = FooterIndex.encodeEntries(trace.chunks)
        #expect(entries.count == 1 + trace.chunks.count * FooterIndex.entrySize)
        #expect(try entries.withUnsafeBytes { try FooterIndex.decodeEntries($0) } == trace.chunks)
        #expect(FooterIndex.decodeTrailer(FooterIndex.encodeTrailer(indexOffset: 1234)) == 1234)
    }

    @Test func aChunkThatDisagreesWithTheFooterIsAGap() throws {
        // Swap in a different valid chunk of the same size would be rare; a changed seq range
        // with a fixed-up header CRC is enough: the frame is valid but not what the index says.
        let victim = trace.chunks[1]
        let reader = try self.reader { bytes in
            let start = Int(victim.offset)
            bytes[start + 24] &+= 1
            let crc = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[start..<start + 56])) }
            withUnsafeBytes(of: crc.littleEndian) { for (i, b) in $0.enumerated() { bytes[start + 56 + i] = b } }
        }
        #expect(reader.indexSource == .footer)
        #expect(throws: TraceError.malformed("chunk header disagrees with the index")) { try reader.records(in: reader.chunks[1]) }
        #expect(reader.gaps.map(\.reason) == ["chunk header disagrees with the index"])
    }
}

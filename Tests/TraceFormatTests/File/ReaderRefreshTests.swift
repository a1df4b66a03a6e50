import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

/// `TraceReader.refresh()` on a trace another writer is still appending to.
@Suite struct ReaderRefreshTests {
    @Test("refresh indexes the chunks written since open, an incomplete chunk once it is complete, and stops at the footer")
    func refreshFollowsAGrowingFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("growing.sstrace")
        let writer = try TraceWriter(path: path, header: Samples.header, options: .init(chunkSize: 128, flushInterval: .seconds(3600)))
        for seq in 1...10 as ClosedRange<UInt64> { try writer.append(Samples.action(seq)) }
        try writer.flush()
        let reader = try TraceReader(path: path)
        let opened = reader.chunks.count
        #expect(reader.allRecords() == (1...10).map { Samples.action($0) })
        #expect(!reader.isComplete)
        #expect(try reader.refresh() == 0, "nothing new yet")

        for seq in 11...30 as ClosedRange<UInt64> { try writer.append(Samples.action(seq)) }
        try writer.flush()
        // Half of a chunk someone is writing: not a torn tail for good.
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(ChunkHeader.magic))
        try handle.close()
        #expect(try reader.refresh() > 0)
        #expect(reader.chunks.count > opened)
        #expect(reader.tornTail?.start == Int64(size))
        #expect(reader.allRecords() == (1...30).map { Samples.action($0) })

        // The writer's next bytes replace what the "other writer" left: cut it off again.
        let cut = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try cut.truncate(atOffset: UInt64(size))
        try cut.close()
        for seq in 31...40 as ClosedRange<UInt64> { try writer.append(Samples.action(seq)) }
        try writer.close()
        #expect(try reader.refresh() > 0)
        #expect(reader.tornTail == nil)
        #expect(reader.isComplete, "the footer was reached")
        #expect(reader.allRecords() == (1...40).map { Samples.action($0) })
        #expect(try reader.refresh() == 0)
    }
}

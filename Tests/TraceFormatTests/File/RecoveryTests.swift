import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

@Suite struct RecoveryTests {
    @Test func cuttingTheFileAtEveryOffsetKeepsExactlyTheCompleteChunks() throws {
        let directory = try TemporaryDirectory()
        let trace = try WrittenTrace.make(at: directory.path("full.sstrace"), records: Samples.mixedRecords(count: 60), chunkSize: 250)
        #expect(trace.chunks.count >= 5)
        let headerSize = trace.chunks[0].offset
        let indexOffset = trace.chunks.last!.endOffset
        let cutPath = directory.path("cut.sstrace")

        for cut in 0...trace.bytes.count {
            try writeFile(trace.bytes.prefix(cut), to: cutPath)
            let end = Int64(cut)
            guard end >= headerSize else {
                #expect(throws: TraceError.self, "cut at \(cut)") { try TraceReader(path: cutPath) }
                continue
            }
            let reader = try TraceReader(path: cutPath)
            #expect(reader.allRecords() == trace.recordsOfChunks(endingBy: end), "cut at \(cut)")
            #expect(reader.chunks == trace.chunks.filter { $0.endOffset <= end }, "cut at \(cut)")
            #expect(reader.gaps.isEmpty, "cut at \(cut)")
            if cut == trace.bytes.count {
                #expect(reader.indexSource == .footer)
                #expect(reader.tornTail == nil)
            } else if end <= indexOffset {
                #expect(reader.indexSource != .footer)
                let lastEnd = trace.chunks.last { $0.endOffset <= end }?.endOffset ?? headerSize
                if lastEnd == end {
                    #expect(reader.tornTail == nil, "cut at \(cut)")
                } else {
                    #expect(reader.tornTail?.start == lastEnd, "cut at \(cut)")
                    #expect(reader.tornTail?.end == end, "cut at \(cut)")
                }
            }
        }
    }

    @Test func aFollowerOfATruncatedFileSeesTheSameRecordsAsAReader() throws {
        let directory = try TemporaryDirectory()
        let trace = try WrittenTrace.make(at: directory.path("full.sstrace"), records: Samples.mixedRecords(count: 30), chunkSize: 200)
        let cutPath = directory.path("cut.sstrace")
        let headerSize = Int(trace.chunks[0].offset)
        for cut in stride(from: headerSize, through: trace.bytes.count, by: 7) {
            try writeFile(trace.bytes.prefix(cut), to: cutPath)
            let follower = try TraceFollower(path: cutPath)
            let update = try follower.poll()
            #expect(update.records == trace.recordsOfChunks(endingBy: Int64(cut)), "cut at \(cut)")
            #expect(update.gaps.isEmpty)
            #expect(try follower.poll().records.isEmpty)
        }
    }

    @Test func aDamagedChunkIsAGapWithItsByteRangeAndTheOthersStillRead() throws {
        let directory = try TemporaryDirectory()
        let trace = try WrittenTrace.make(at: directory.path("full.sstrace"), records: Samples.mixedRecords(count: 60), chunkSize: 250)
        let victim = trace.chunks[2]
        var bytes = trace.bytes
        bytes[Int(victim.offset) + ChunkHeader.size + 3] ^= 0x55
        // Without the footer the reader must find the damage while scanning.
        for withFooter in [true, false] {
            let path = directory.path("damaged-\(withFooter).sstrace")
            try writeFile(withFooter ? bytes : Array(bytes.prefix(Int(trace.chunks.last!.endOffset))), to: path)
            let reader = try TraceReader(path: path)
            #expect(reader.allRecords() == trace.records(skipping: victim))
            #expect(reader.gaps.map { [$0.start, $0.end] } == [[victim.offset, victim.endOffset]])
            #expect(reader.gaps.first?.reason == "chunk checksum mismatch")
        }
    }

    @Test func aDamagedChunkHeaderIsSkippedByResynchronisingOnTheChunkMagic() throws {
        let directory = try TemporaryDirectory()
        let trace = try WrittenTrace.make(at: directory.path("full.sstrace"), records: Samples.mixedRecords(count: 60), chunkSize: 250, close: false)
        var bytes = trace.bytes
        let victim = trace.chunks[1]
        bytes[Int(victim.offset) + 9] ^= 0xFF  // the stored length
        // Random bytes between chunks are skipped too.
        let junkAt = Int(trace.chunks[3].offset)
        bytes.insert(contentsOf: Array("SSCK junk SSCK".utf8), at: junkAt)
        let path = directory.path("damaged.sstrace")
        try writeFile(bytes, to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.allRecords() == trace.records(skipping: victim))
        #expect(reader.gaps.map { [$0.start, $0.end] } == [
            [victim.offset, victim.endOffset], [Int64(junkAt), Int64(junkAt + 14)],
        ])
        #expect(reader.gaps.first?.reason == "chunk header checksum mismatch")
    }

    @Test func randomCorruptionNeverCrashesOrHangsAndOnlyWrittenRecordsComeBack() throws {
        let directory = try TemporaryDirectory()
        let trace = try WrittenTrace.make(at: directory.path("full.sstrace"), records: Samples.mixedRecords(count: 80), chunkSize: 300)
        let path = directory.path("corrupt.sstrace")
        var rng = SplitMix64(seed: 0x5EED_0001)
        var readable = 0, partial = 0, rejected = 0
        for iteration in 0..<4_000 {
            var bytes = trace.bytes
            for _ in 0..<Int.random(in: 1...3, using: &rng) { mutate(&bytes, using: &rng) }
            try writeFile(bytes, to: path)
            switch Result(catching: { () throws(TraceError) in try readEverything(path, follow: iteration % 5 == 0) }) {
            case let .success((records, followed)):
                #expect(isOrderedSubset(records, of: trace.records), "iteration \(iteration)")
                #expect(isOrderedSubset(followed ?? [], of: trace.records), "iteration \(iteration)")
                if records == trace.records { readable += 1 } else { partial += 1 }
            case let .failure(error):
                #expect(!error.description.isEmpty)
                rejected += 1
            }
        }
        #expect(readable > 0 && partial > 0 && rejected > 0)
    }

    @Test func aFileLongerThanTheFooterClaimsFallsBackToScanning() throws {
        let directory = try TemporaryDirectory()
        let trace = try WrittenTrace.make(at: directory.path("full.sstrace"), records: Samples.mixedRecords(count: 20))
        let path = directory.path("appended.sstrace")
        try writeFile(trace.bytes + [0x00], to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource != .footer)
        #expect(reader.allRecords() == trace.records)
    }
}

/// Every record a reader finds in `path`, and what a follower finds when `follow` is set.
private func readEverything(_ path: String, follow: Bool) throws(TraceError) -> ([Record], [Record]?) {
    let records = try TraceReader(path: path).allRecords()
    guard follow else { return (records, nil) }
    let follower = try TraceFollower(path: path)
    var followed: [Record] = []
    for _ in 0..<3 { followed += try follower.poll().records }
    return (records, followed)
}

/// One random kind of damage: flipped bits, a zeroed range, inserted or removed bytes, or a
/// length field changed in a chunk header.
func mutate(_ bytes: inout [UInt8], using rng: inout SplitMix64) {
    guard !bytes.isEmpty else { return }
    let at = Int.random(in: 0..<bytes.count, using: &rng)
    switch Int.random(in: 0..<6, using: &rng) {
    case 0:
        bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
    case 1:
        let end = min(bytes.count, at + Int.random(in: 1...200, using: &rng))
        for i in at..<end { bytes[i] = 0 }
    case 2:
        let count = Int.random(in: 1...64, using: &rng)
        bytes.insert(contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }, at: at)
    case 3:
        let end = min(bytes.count, at + Int.random(in: 1...64, using: &rng))
        bytes.removeSubrange(at..<end)
    case 4:
        // Rewrite a stored or raw length of some chunk (keeping the frame's CRC stale).
        if let magic = findChunkMagic(in: bytes, from: at) {
            let field = magic + (Bool.random(using: &rng) ? 8 : 12)
            if field + 4 <= bytes.count {
                let value = UInt32.random(in: 0...UInt32.max, using: &rng) >> UInt32.random(in: 0...31, using: &rng)
                withUnsafeBytes(of: value.littleEndian) { for (i, b) in $0.enumerated() { bytes[field + i] = b } }
            }
        }
    default:
        // Truncate.
        bytes.removeSubrange(at...)
    }
}

private func findChunkMagic(in bytes: [UInt8], from start: Int) -> Int? {
    let magic = Array("SSCK".utf8)
    var i = start
    while i + 4 <= bytes.count {
        if bytes[i] == magic[0], bytes[i + 1] == magic[1], bytes[i + 2] == magic[2], bytes[i + 3] == magic[3] { return i }
        i += 1
    }
    return nil
}

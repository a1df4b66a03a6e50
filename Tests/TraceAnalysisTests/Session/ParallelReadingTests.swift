import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// Issue 40: a pass over the whole session (`stats`, `effects`, `export`) decodes its chunks on
/// two threads at once and takes them in, in file order, on its own. What it reads must be
/// what reading one chunk after the other reads: the same records in the same order, a gap
/// where a chunk is damaged, the same damage noted, the same statistics.
@Suite("Whole-session passes that decode chunks on two threads")
struct ParallelReadingTests {
    /// Every item of `reader` read one chunk after the other (``TraceReader/items(progress:)``),
    /// as text: a record's description, or `gap`.
    static func sequentialItems(_ reader: TraceReader) -> [String] {
        Array(reader.items()).map(describe)
    }

    static func parallelItems(_ reader: TraceReader) -> [String] {
        var items: [String] = []
        reader.forEachItem(progress: { _, _ in }) { items.append(describe($0)) }
        return items
    }

    static func describe(_ item: SourceItem) -> String {
        switch item {
        case let .record(record): "\(record)"
        case .gap: "gap"
        }
    }

    /// What `stats` prints of `stats`, field by field.
    static func figures(_ stats: SessionStats) -> [String] {
        stats.actionCases.map { "\($0.name) \($0.count) \($0.noOps) \($0.unjudgedByReferences) \(String(describing: $0.reducer))" }
            + stats.effectNames.map { "\($0.name) \($0.outcomes.sorted { $0.key < $1.key }) \(String(describing: $0.durations))" }
            + stats.stateSizes.map { "\($0)" } + stats.storeSizes.stores.map { "\($0)" } + stats.drops.map { "\($0)" }
            + stats.rate.buckets.map { "\($0)" }
            + ["\(stats.actions) \(stats.noOps) \(stats.unjudged) \(stats.unjudgedByReferences) \(String(describing: stats.seqRange)) \(stats.stores)"]
            + stats.effects.lifetimes.map { "\($0)" }
    }

    /// The statistics of every item read one chunk after the other, each record taken in by
    /// ``SessionStats/add(_:)-(Record)``.
    static func sequentialStats(_ reader: TraceReader, by grouping: SessionStats.Grouping) -> SessionStats {
        var stats = SessionStats(startMonotonicNanos: reader.header.startMonotonicNanos, grouping: grouping)
        for item in reader.items() { stats.add(item) }
        stats.finish()
        return stats
    }

    /// A trace of 400 actions in small chunks, two of the chunks in the middle damaged (their
    /// bytes fail the checksum), far enough apart that both lanes hold one.
    static func damagedFixture(in directory: TemporaryDirectory) throws -> (path: String, damaged: [ChunkInfo]) {
        let fixture = try SessionFixture.write(to: directory.path("damaged.sstrace"))
        let chunks = try TraceReader(path: fixture.path).chunks
        try #require(chunks.count > 20)
        let damaged = [chunks[chunks.count / 3], chunks[chunks.count / 3 + 3]]
        for chunk in damaged { try TraceFixture.flipByte(in: fixture.path, at: chunk.offset + Int64(ChunkHeader.size) + 3) }
        return (fixture.path, damaged)
    }

    /// The traces the project ships: the CLI's fixtures and the recorded samples' replays.
    static let shippedTraces: [String] = {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return ["StoreScopeCLITests/Fixtures", "GeneratedReplayTests", "TraceFormatTests/Fixtures"].flatMap { folder in
            let directory = tests.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".sstrace") }.sorted().map { directory.appendingPathComponent($0).path }
        }
    }()

    @Test("Damaged chunks in the middle: the same records in the same order, a gap for each, and the same damage noted as reading chunk by chunk")
    func damagedChunksInTheMiddle() throws {
        let directory = try TemporaryDirectory()
        let (path, damaged) = try Self.damagedFixture(in: directory)
        let sequential = try TraceReader(path: path), parallel = try TraceReader(path: path)
        let expected = Self.sequentialItems(sequential)
        #expect(expected.filter { $0 == "gap" }.count == 2)
        #expect(Self.parallelItems(parallel) == expected)
        #expect(parallel.gaps.map(\.start) == damaged.map(\.offset))
        #expect(parallel.gaps == sequential.gaps)
        #expect(parallel.missingParts == sequential.missingParts)
        #expect(parallel.missingParts.allSatisfy { $0.contains("could not be read (chunk checksum mismatch)") }, "\(parallel.missingParts)")
        // Read again: each damaged chunk is noted once.
        #expect(Self.parallelItems(parallel) == expected)
        #expect(parallel.gaps == sequential.gaps)
    }

    @Test("stats over the decoding threads equals stats taking in every record in turn, damaged chunks in the middle or not, by case and by case path")
    func statsEqualsRecordByRecord() throws {
        let directory = try TemporaryDirectory()
        let damaged = try Self.damagedFixture(in: directory).path
        for path in Self.shippedTraces + [damaged] {
            for grouping in SessionStats.Grouping.allCases {
                let expected = Self.figures(Self.sequentialStats(try TraceReader(path: path), by: grouping))
                let reader = try TraceReader(path: path)
                let stats = SessionStats.summarizing(reader, by: grouping)
                #expect(Self.figures(stats) == expected, "\(path) by \(grouping)")
                #expect(reader.missingParts == (try TraceReader(path: path)).missingParts(afterReadingAll: true), "\(path)")
            }
        }
        #expect(Self.shippedTraces.count >= 8, "\(Self.shippedTraces)")
    }

    @Test("The shipped traces: every record in the same order as reading chunk by chunk")
    func shippedTracesReadTheSame() throws {
        for path in Self.shippedTraces {
            #expect(Self.parallelItems(try TraceReader(path: path)) == Self.sequentialItems(try TraceReader(path: path)), "\(path)")
        }
    }

    @Test("A pass whose body stops it early leaves the reader free: the next pass reads every chunk")
    func stoppedEarly() throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        let fixture = try SessionFixture.write(to: directory.path("t.sstrace"))
        let reader = try TraceReader(path: fixture.path)
        var seen = 0
        #expect(throws: Stop.self) {
            try reader.forEachItem(progress: { _, _ in }) { _ in
                seen += 1
                if seen == 30 { throw Stop() }
            }
        }
        #expect(seen == 30)
        #expect(Self.parallelItems(reader) == Self.sequentialItems(try TraceReader(path: fixture.path)))
        #expect(reader.gaps.isEmpty)
    }

    @Test("A trace of no chunk and one of a single chunk read as chunk by chunk")
    func fewChunks() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.path("empty.sstrace"), single = directory.path("single.sstrace")
        try TraceFixture.write([], to: empty)
        try TraceFixture.write([TraceFixture.action(1), TraceFixture.action(2)], to: single, chunkSize: 1 << 20)
        for path in [empty, single] {
            let reader = try TraceReader(path: path)
            var progress: [Int] = []
            var items: [String] = []
            reader.forEachItem(progress: { done, _ in progress.append(done) }) { items.append(Self.describe($0)) }
            #expect(items == Self.sequentialItems(try TraceReader(path: path)))
            #expect(progress == Array(0...reader.chunks.count))
        }
    }
}

extension TraceReader {
    /// ``missingParts`` once every chunk has been read, one after the other.
    fileprivate func missingParts(afterReadingAll: Bool) -> [String] {
        for _ in items() {}
        return missingParts
    }
}

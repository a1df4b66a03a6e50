import StoreScopeTestSupport
import Foundation
import Testing
@testable import TraceFormat

/// A selective read (``TraceReader/records(in:keeping:)``) builds only the records its
/// selection keeps and checks the others without building them: it must keep exactly what a
/// full read keeps of the same bytes, and refuse exactly the payloads a full read refuses.
@Suite("Selective reads")
struct SelectiveReadTests {
    /// Every record kind, every value kind and path step, records of two stores.
    static let records: [Record] = {
        let user = TraceValue.structure(type: "User", fields: [
            .init("id", .uint(7)), .init("name", .string("Ann")), .init("score", .double(.nan)),
            .init("joined", .date(1_700_000_000.5)), .init("avatar", .data([1, 2, 3])),
            .init("token", .redacted(type: "String")), .init("nickname", .none(type: "String")),
            .init("tags", .set([.string("a"), .string("b")])),
            .init("extra", .dictionary([.init(key: .string("k"), value: .some(.int(-3)))])),
            .init("session", .object(type: "Session", id: 9, fields: [.init("open", .bool(true))])),
            .init("parent", .reference(type: "Session", id: 9)), .init("url", .scalar(type: "URL", text: "https://x")),
            .init("more", .truncated(.init(reason: .collection, type: "[Int]", omitted: 12))),
            .init("flag", .bool(false)),
        ])
        let state = TraceValue.structure(type: "State", fields: [.init("users", .array([user])), .init("count", .int(1))])
        let action = TraceValue.enumeration(type: "Action", caseName: "add", payload: [.init("", user)])
        return [
            .keyframe(Keyframe(seq: 0, store: "a", state: state)),
            .keyframe(Keyframe(seq: 0, store: "b", state: .int(0))),
            .action(ActionRecord(seq: 1, store: "a", monotonicNanos: 1 << 40, wallNanos: -5, reducerNanos: 300, action: action,
                                 effectID: 4, location: SourceLocation(file: "App.swift", line: 12))),
            .patch(StatePatch(seq: 1, store: "a", operations: [
                .insert(path: [.field("users"), .index(1)], value: user),
                .set(path: [.field("users"), .index(0), .field("extra"), .key(.string("k")), .some], value: .int(4)),
                .remove(path: [.field("users"), .index(1), .field("tags"), .key(.string("a"))]),
                .move(path: [.field("users"), .index(0)], to: 0),
            ])),
            .action(ActionRecord(seq: 2, store: "b", monotonicNanos: 2, wallNanos: 2, reducerNanos: 2, action: .int(1))),
            .patch(StatePatch(seq: 2, store: "b", operations: [.set(path: [], value: .int(1))])),
            .effectStarted(EffectStarted(effectID: 4, name: "load", store: "a", parentSeq: 1, monotonicNanos: 3,
                                         location: SourceLocation(file: "Fx.swift", line: 3))),
            .effectEmitted(EffectEmitted(effectID: 4, actionSeq: 2, monotonicNanos: 4)),
            .effectEnded(EffectEnded(effectID: 4, outcome: .failed("timeout"), monotonicNanos: 5)),
            .log(LogRecord(level: .warning, message: "slow", monotonicNanos: 6, seq: 2)),
            .dropped(DroppedRecords(count: 3, firstSeq: 3, lastSeq: 5, monotonicNanos: 7)),
            .keyframe(Keyframe(seq: 6, store: "b", state: .int(6))),
            .sessionEnded(SessionEnded(monotonicNanos: 8, wallNanos: 8)),
        ]
    }()

    static let selections: [RecordSelection] = [.state(of: "a"), .state(of: "b"), .state(of: "nothing")]

    /// The chunk payload of ``records``: string table, then the records.
    static func payload(of records: [Record] = records) throws -> [UInt8] {
        var encoder = RecordEncoder()
        for record in records { try encoder.encode(record) }
        var bytes = ByteWriter()
        encoder.strings.encode(into: &bytes)
        bytes.write(contentsOf: encoder.body.bytes)
        return bytes.bytes
    }

    /// What a selective read of `payload` must give: a full read's records that `selection`
    /// keeps, with their indices; or the full read's error.
    static func expected(_ payload: [UInt8], _ selection: RecordSelection, itemLimit: Int = TraceLimits.maximumItemsPerChunk) -> Result<[Int], TraceError> {
        Result { () throws(TraceError) in
            let all = try payload.withRawBytes { (raw) throws(TraceError) in try ChunkCodec.decodeRecords(raw, count: records.count, itemLimit: itemLimit) }
            return all.indices.filter { selection.keeps(all[$0]) }
        }
    }

    static func selective(_ payload: [UInt8], _ selection: RecordSelection, itemLimit: Int = TraceLimits.maximumItemsPerChunk) -> Result<[(index: Int, record: Record)], TraceError> {
        Result { () throws(TraceError) in
            try payload.withRawBytes { (raw) throws(TraceError) in
                try ChunkCodec.decodeRecords(raw, count: records.count, keeping: selection, itemLimit: itemLimit)
            }
        }
    }

    /// `payload` cut short at every length, then with every byte changed five ways.
    static func damagedCopies(of payload: [UInt8]) -> [[UInt8]] {
        var damages: [[UInt8]] = (0..<payload.count).map { Array(payload.prefix($0)) }
        for offset in payload.indices {
            for change in [{ (b: UInt8) in b ^ 0xFF }, { _ in 0 }, { _ in 0x7F }, { $0 &+ 1 }, { _ in 0x80 }] {
                var damaged = payload
                damaged[offset] = change(damaged[offset])
                damages.append(damaged)
            }
        }
        return damages
    }

    @Test("A selective read keeps exactly the records of a full read that its selection keeps, at their indices")
    func keepsWhatAFullReadKeeps() throws {
        let payload = try Self.payload()
        for selection in Self.selections {
            let kept = try Self.selective(payload, selection).get()
            #expect(kept.map(\.index) == Self.records.indices.filter { selection.keeps(Self.records[$0]) }, "\(selection)")
            #expect(kept.map(\.record) == kept.map { Self.records[$0.index] }, "\(selection)")
        }
        #expect(try Self.selective(payload, .state(of: "a")).get().map(\.index) == [0, 3, 10])
        #expect(try Self.selective(payload, .state(of: "nothing")).get().map(\.index) == [10], "only the drop")
    }

    @Test("A selective read says what all the chunk's records say, those it did not build too: what its header is verified with")
    func summaryOfAllRecords() throws {
        let payload = try Self.payload()
        for selection in Self.selections + [.allButStates] {
            let read = try payload.withRawBytes { (raw) throws(TraceError) in
                try ChunkCodec.decodeRecordsSummarized(raw, count: Self.records.count, keeping: selection)
            }
            #expect(read.summary == ChunkSummary(Self.records), "\(selection)")
        }
        // A state read that keeps none of the actions still knows their seqs and times.
        let actionsOnly = Self.records.filter { if case .action = $0 { true } else { false } }
        let read = try Self.payload(of: actionsOnly).withRawBytes { (raw) throws(TraceError) in
            try ChunkCodec.decodeRecordsSummarized(raw, count: actionsOnly.count, keeping: .state(of: "nothing"))
        }
        #expect(read.records.isEmpty)
        #expect(read.summary.firstSeq == 1 && read.summary.lastSeq == 2 && read.summary.firstTime == 2 && read.summary.lastTime == 1 << 40)
    }

    @Test("A selective read refuses exactly the damaged or cut payloads a full read refuses, with the same error")
    func refusesWhatAFullReadRefuses() throws {
        let payload = try Self.payload()
        var refused = 0
        for (offset, damaged) in Self.damagedCopies(of: payload).enumerated() {
            for selection in Self.selections {
                let full = Self.expected(damaged, selection), selective = Self.selective(damaged, selection)
                switch (full, selective) {
                case let (.success(indices), .success(kept)):
                    #expect(kept.map(\.index) == indices, "damage \(offset), \(selection)")
                case let (.failure(fullError), .failure(selectiveError)):
                    #expect(fullError == selectiveError, "damage \(offset), \(selection)")
                    refused += 1
                default:
                    Issue.record("damage \(offset), \(selection): full read \(full), selective read \(selective)")
                }
            }
        }
        #expect(refused > payload.count, "most damage is refused")
    }

    @Test("A selective read is held to the chunk's item budget as a full read is")
    func sameItemBudget() throws {
        let payload = try Self.payload()
        var encoder = RecordEncoder()
        for record in Self.records { try encoder.encode(record) }
        let items = encoder.items + encoder.strings.strings.count
        for limit in [1, items / 3, items / 2, items - 1, items, items + 1] {
            for selection in Self.selections {
                let full = Self.expected(payload, selection, itemLimit: limit), selective = Self.selective(payload, selection, itemLimit: limit)
                #expect((try? full.get()) == (try? selective.get())?.map(\.index), "limit \(limit), \(selection)")
                #expect(full.isSuccess == (limit >= items), "limit \(limit)")
                #expect(selective.isSuccess == full.isSuccess, "limit \(limit), \(selection)")
            }
        }
    }

    @Test("A selective read of a damaged chunk in a file reports the same gap as a full read")
    func damagedChunkIsAGap() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("selective-\(getpid()).sstrace").path
        defer { unlink(path) }
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "T", store: "a", schemaFingerprint: 1), chunkSize: 256)
        for record in Self.records.dropLast() { try writer.append(record) }
        try writer.close()
        let reader = try TraceReader(path: path)
        #expect(reader.chunks.count > 2)
        for chunk in reader.chunks {
            let full = try reader.records(in: chunk)
            let kept = try reader.records(in: chunk, keeping: .state(of: "a"))
            #expect(kept.map(\.index) == full.indices.filter { RecordSelection.state(of: "a").keeps(full[$0]) })
        }
        let damaged = reader.chunks[1]
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(damaged.offset) + UInt64(ChunkHeader.size) + 2)
        try handle.write(contentsOf: Data([0xA5, 0x5A]))
        try handle.close()
        let selectiveReader = try TraceReader(path: path), fullReader = try TraceReader(path: path)
        let chunk = try #require(selectiveReader.chunks.first { $0.offset == damaged.offset })
        #expect(throws: TraceError.self) { try selectiveReader.records(in: chunk, keeping: .state(of: "a")) }
        #expect(throws: TraceError.self) { try fullReader.records(in: chunk) }
        #expect(selectiveReader.gaps == fullReader.gaps)
        #expect(selectiveReader.gaps.contains { $0.start == damaged.offset })
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}

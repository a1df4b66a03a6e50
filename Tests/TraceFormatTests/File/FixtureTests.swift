import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

/// Format stability: Fixtures/v1-sample.sstrace was written once by
/// `trace-fixture-writer fixture` with format 1.0 and is committed. Every future reader must
/// decode it to exactly the records below, which are spelled out here independently of the
/// program that wrote them.
@Suite struct FixtureTests {
    static var fixturePath: String {
        get throws {
            let url = try #require(Bundle.module.url(forResource: "v1-sample", withExtension: "sstrace", subdirectory: "Fixtures"))
            return url.path
        }
    }

    static let expectedHeader = SessionHeader(
        sessionID: Array(0x10...0x1F), appName: "FixtureApp", storeName: "main",
        startWallNanos: 1_700_000_000_000_000_000, startMonotonicNanos: 1_000, schemaFingerprint: 0x0123_4567_89AB_CDEF)

    static let initialState = TraceValue.structure(type: "AppState", fields: [
        .init("count", .int(0)),
        .init("todos", .array([.structure(type: "Todo", fields: [.init("title", .string("Buy milk 🥛")), .init("done", .bool(false))])])),
        .init("filter", .enumeration(type: "Filter", caseName: "all", payload: [])),
        .init("scores", .dictionary([.init(key: .string("ada"), value: .double(1.5))])),
        .init("tags", .set([.uint(1), .uint(2)])),
        .init("selected", .none(type: "Int")),
        .init("session", .object(type: "Session", id: 1, fields: [.init("token", .redacted(type: "String"))])),
        .init("owner", .reference(type: "Session", id: 1)),
        .init("avatar", .data([0x89, 0x50, 0x4E, 0x47])),
        .init("updated", .date(1_700_000_000.5)),
        .init("url", .scalar(type: "URL", text: "https://example.com")),
        .init("history", .truncated(.init(reason: .collection, type: "[Int]", omitted: 1_000))),
    ])

    static let walk = TraceValue.structure(type: "Todo", fields: [.init("title", .string("Walk")), .init("done", .bool(false))])

    static let firstChunk: [Record] = [
        .keyframe(Keyframe(seq: 0, store: "main", state: initialState)),
        .action(ActionRecord(
            seq: 1, store: "main", monotonicNanos: 2_000, wallNanos: 1_700_000_000_000_001_000, reducerNanos: 350,
            action: .enumeration(type: "Action", caseName: "add", payload: [.init("title", .string("Walk"))]),
            location: SourceLocation(file: "App/TodoView.swift", line: 42))),
        .patch(StatePatch(seq: 1, store: "main", operations: [
            .insert(path: [.field("todos"), .index(1)], value: walk),
            .set(path: [.field("count")], value: .int(1)),
            .set(path: [.field("selected"), .some], value: .int(1)),
            .move(path: [.field("todos"), .index(1)], to: 0),
            .remove(path: [.field("tags"), .key(.uint(2))]),
            .set(path: [.field("scores"), .key(.string("bo"))], value: .double(-0.0)),
        ])),
        .effectStarted(EffectStarted(
            effectID: 1, name: "save", store: "main", parentSeq: 1, monotonicNanos: 2_100,
            location: SourceLocation(file: "App/Effects.swift", line: 7))),
    ]

    static let secondChunk: [Record] = [
        .effectEmitted(EffectEmitted(effectID: 1, actionSeq: 2, monotonicNanos: 3_000)),
        .action(ActionRecord(
            seq: 2, store: "main", monotonicNanos: 3_000, wallNanos: 1_700_000_000_000_002_000, reducerNanos: 120,
            action: .enumeration(type: "Action", caseName: "saved", payload: [.init("", .bool(true))]), effectID: 1)),
        .effectEnded(EffectEnded(effectID: 1, outcome: .finished, monotonicNanos: 3_100)),
        .effectEnded(EffectEnded(effectID: 2, outcome: .failed("timed out"), monotonicNanos: 3_200)),
        .log(LogRecord(level: .mark, message: "checkpoint", monotonicNanos: 3_300, seq: 2)),
        .dropped(DroppedRecords(count: 3, firstSeq: 3, lastSeq: 5, monotonicNanos: 4_000)),
        .keyframe(Keyframe(seq: 5, store: "main", state: .structure(type: "AppState", fields: [
            .init("count", .int(-5)), .init("ratio", .double(.nan)), .init("limit", .double(.infinity)),
        ]))),
        .sessionEnded(SessionEnded(monotonicNanos: 5_000, wallNanos: 1_700_000_000_000_005_000)),
    ]

    @Test func theCommittedVersion1FixtureDecodesToTheExpectedRecords() throws {
        let reader = try TraceReader(path: Self.fixturePath)
        #expect(reader.header == Self.expectedHeader)
        #expect(reader.indexSource == .footer)
        #expect(reader.gaps.isEmpty && reader.tornTail == nil)
        #expect(reader.chunks.count == 2)
        #expect(try reader.records(in: reader.chunks[0]) == Self.firstChunk)
        #expect(try reader.records(in: reader.chunks[1]) == Self.secondChunk)
    }

    @Test func theFixtureChunkHeadersSummariseTheirRecords() throws {
        let reader = try TraceReader(path: Self.fixturePath)
        let headers = reader.chunks.map(\.header)
        #expect(headers.map(\.kind) == [.records, .records])
        #expect(headers.map(\.flags) == [[.compressed, .keyframe], [.compressed, .keyframe, .dropped]])
        #expect(headers.map(\.recordCount) == [4, 8])
        #expect(headers.map { [$0.firstSeq, $0.lastSeq] } == [[1, 1], [2, 2]])
        #expect(headers.map { [$0.firstMonotonicNanos, $0.lastMonotonicNanos] } == [[2_000, 2_100], [3_000, 5_000]])
        #expect(reader.chunks[0].offset == 84)
    }

    @Test func theFixtureReadsTheSameWhenItsIndexIsRebuilt() throws {
        let directory = try TemporaryDirectory()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixturePath)))
        let path = directory.path("no-trailer.sstrace")
        try writeFile(bytes.dropLast(FooterIndex.trailerSize), to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.indexSource != .footer)
        #expect(reader.allRecords() == Self.firstChunk + Self.secondChunk)
        #expect(reader.chunks == (try TraceReader(path: Self.fixturePath).chunks))
    }

    @Test func theFixtureFileHeaderBytesAreExactlyTheSpecifiedLayout() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixturePath)))
        let expected: [UInt8] = hex("""
            89 53 43 4f 50 45 0d 0a  01 00  00 00  00 00 00 00  00 00 00 00  38 00 00 00
            10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f
            00 00 2a 36 fe 9c 97 17  e8 03 00 00 00 00 00 00  ef cd ab 89 67 45 23 01
            0a 46 69 78 74 75 72 65 41 70 70  04 6d 61 69 6e
            da 4b a4 bc
            53 53 43 4b  01  03
            """)
        #expect(Array(bytes.prefix(expected.count)) == expected)
        // The trailer: "SSIX", the index chunk's offset, and a CRC.
        let trailer = Array(bytes.suffix(16))
        #expect(Array(trailer.prefix(4)) == Array("SSIX".utf8))
        let indexOffset = trailer[4..<12].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        #expect(bytes[Int(indexOffset)..<Int(indexOffset) + 5] == ArraySlice(Array("SSCK".utf8) + [ChunkHeader.Kind.index.rawValue]))
    }

    @Test func thePatchInTheFixtureRebuildsTheStateAfterTheFirstAction() throws {
        var state = Self.initialState
        guard case let .patch(patch) = Self.firstChunk[2] else { Issue.record("no patch"); return }
        try state.apply(patch.operations)
        #expect(state.node(at: [.field("todos")]) == .array([
            Self.walk, .structure(type: "Todo", fields: [.init("title", .string("Buy milk 🥛")), .init("done", .bool(false))]),
        ]))
        #expect(state.node(at: [.field("count")]) == .int(1))
        #expect(state.node(at: [.field("selected")]) == TraceValue.some(.int(1)))
        #expect(state.node(at: [.field("tags")]) == .set([.uint(1)]))
        #expect(state.node(at: [.field("scores")]) == .dictionary([
            .init(key: .string("ada"), value: .double(1.5)), .init(key: .string("bo"), value: .double(-0.0)),
        ]))
    }
}

/// Bytes from whitespace-separated hex pairs.
func hex(_ text: String) -> [UInt8] {
    text.split(whereSeparator: \.isWhitespace).map { UInt8($0, radix: 16)! }
}

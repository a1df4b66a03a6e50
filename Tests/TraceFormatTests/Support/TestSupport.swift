import Foundation
import Testing
@testable import TraceFormat

enum Samples {
    /// A fixed header, so files differ only where the test wants them to.
    static let header = SessionHeader(
        sessionID: Array(0..<16), appName: "SampleApp", storeName: "main", startWallNanos: 1_700_000_000_000_000_000,
        startMonotonicNanos: 42, schemaFingerprint: 0xFEED_FACE_CAFE_BEEF)

    /// One value of every kind, with the edge cases of each.
    static let everyValueKind: [TraceValue] = [
        .structure(type: "User", fields: [.init("id", .int(1)), .init("name", .string("Ada"))]),
        .structure(type: "Empty", fields: []),
        .structure(type: "(tuple)", fields: [.init("", .int(1)), .init("", .bool(true))]),
        .object(type: "Model", id: 7, fields: [.init("count", .uint(3))]),
        .reference(type: "Model", id: 7),
        .enumeration(type: "Loading", caseName: "idle", payload: []),
        .enumeration(type: "Loading", caseName: "loaded", payload: [.init("", .array([.int(1)])), .init("page", .int(2))]),
        .none(type: "Int"),
        .some(.int(5)),
        .some(.some(.none(type: "String"))),
        .array([]),
        .array([.int(1), .string("mixed"), .bool(false)]),
        .dictionary([]),
        .dictionary([.init(key: .string("a"), value: .int(1)), .init(key: .string("b"), value: .int(2))]),
        .set([]),
        .set([.int(-1), .int(3)]),
        .string(""),
        .string("plain ascii"),
        .string("héllo wörld ñ"),
        .string("👩‍👩‍👧‍👦 🇫🇷 🧑🏽‍💻"),
        .string("e\u{301} a\u{30A}\u{332}"),
        .string("nul\u{0}inside\u{0}"),
        .string("\u{FEFF}bom and \u{202E}rtl \u{10FFFF}"),
        .int(0), .int(-1), .int(1), .int(Int64.min), .int(Int64.max), .int(-64), .int(64),
        .uint(0), .uint(UInt64.max), .uint(1 << 63),
        .double(0), .double(-0.0), .double(.nan), .double(-.nan), .double(.signalingNaN),
        .double(Double(bitPattern: 0x7FF8_0000_DEAD_BEEF)),
        .double(.infinity), .double(-.infinity), .double(.greatestFiniteMagnitude),
        .double(.leastNonzeroMagnitude), .double(-1.5),
        .bool(false), .bool(true),
        .date(0), .date(-86_400.25), .date(1_700_000_000.123), .date(.nan),
        .data([]), .data(Array(0...255)),
        .scalar(type: "URL", text: "https://example.com/ä?q=1"),
        .scalar(type: "UUID", text: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        .redacted(type: "Password"),
        .truncated(.init(reason: .depth, type: "Tree")),
        .truncated(.init(reason: .size, type: "State", omitted: 12)),
        .truncated(.init(reason: .collection, type: "[Item]", omitted: UInt64.max)),
    ]

    /// One record of every kind, including each optional field both present and absent.
    static func everyRecordKind() -> [Record] {
        let state = TraceValue.structure(type: "AppState", fields: [
            .init("count", .int(0)), .init("items", .array([.string("a")])),
            .init("tags", .dictionary([.init(key: .string("x"), value: .bool(true))])),
        ])
        return [
            .keyframe(Keyframe(seq: 0, store: "main", state: state)),
            .action(ActionRecord(
                seq: 1, store: "main", monotonicNanos: 100, wallNanos: -5, reducerNanos: 1_234,
                action: .enumeration(type: "Action", caseName: "increment", payload: []))),
            .action(ActionRecord(
                seq: 2, store: "main", monotonicNanos: UInt64.max, wallNanos: Int64.min, reducerNanos: 0,
                action: .enumeration(type: "Action", caseName: "set", payload: [.init("to", .int(9))]),
                effectID: 77, location: SourceLocation(file: "App/Store.swift", line: UInt32.max))),
            .action(ActionRecord(
                seq: 3, store: "other", monotonicNanos: 300, wallNanos: Int64.max, reducerNanos: 9,
                action: .string("raw"), effectID: nil, location: SourceLocation(file: "App/View.swift", line: 0))),
            .patch(StatePatch(seq: 1, store: "main", operations: [])),
            .patch(StatePatch(seq: 2, store: "main", operations: [
                .set(path: [.field("count")], value: .int(9)),
                .insert(path: [.field("items"), .index(1)], value: .string("b")),
                .remove(path: [.field("tags"), .key(.string("x"))]),
                .move(path: [.field("items"), .index(0)], to: 1),
                .set(path: [.field("opt"), .some], value: .double(.nan)),
                .set(path: [], value: .none(type: "AppState")),
                .insert(path: [.index(Int(Int32.max))], value: .int(0)),
            ])),
            .effectStarted(EffectStarted(effectID: 1, name: "load", store: "main", parentSeq: 1, monotonicNanos: 110)),
            .effectStarted(EffectStarted(
                effectID: 2, name: "timer", store: "main", parentSeq: nil, monotonicNanos: 120,
                location: SourceLocation(file: "App/Effects.swift", line: 12))),
            .effectEmitted(EffectEmitted(effectID: 1, actionSeq: 2, monotonicNanos: 130)),
            .effectEnded(EffectEnded(effectID: 1, outcome: .finished, monotonicNanos: 140)),
            .effectEnded(EffectEnded(effectID: 2, outcome: .cancelled, monotonicNanos: 150)),
            .effectEnded(EffectEnded(effectID: 3, outcome: .failed("URLError: timed out ⏱"), monotonicNanos: 160)),
            .effectEnded(EffectEnded(effectID: 4, outcome: .failed(""), monotonicNanos: 161)),
            .log(LogRecord(level: .debug, message: "", monotonicNanos: 170, seq: 0)),
            .log(LogRecord(level: .info, message: "info", monotonicNanos: 171, seq: 1)),
            .log(LogRecord(level: .warning, message: "warn\nline", monotonicNanos: 172, seq: 2)),
            .log(LogRecord(level: .error, message: "error", monotonicNanos: 173, seq: 3)),
            .log(LogRecord(level: .mark, message: "checkpoint", monotonicNanos: 174, seq: 3)),
            .dropped(DroppedRecords(count: 10, firstSeq: 4, lastSeq: 13, monotonicNanos: 180)),
            .keyframe(Keyframe(seq: 13, store: "main", state: .array(everyValueKind))),
            .sessionEnded(SessionEnded(monotonicNanos: 200, wallNanos: 1_700_000_000_000_000_200)),
        ]
    }

    /// An action record whose content depends only on `seq`, so every record of a trace differs.
    static func action(_ seq: UInt64, store: String = "main") -> Record {
        .action(ActionRecord(
            seq: seq, store: store, monotonicNanos: 1_000 + seq * 10, wallNanos: 1_700_000_000_000_000_000 + Int64(seq),
            reducerNanos: seq % 7,
            action: .enumeration(type: "Action", caseName: seq % 3 == 0 ? "tick" : "add", payload: [.init("n", .int(Int64(seq)))])))
    }

    /// A mix of actions, patches, keyframes and effects: `count` records, all distinct.
    static func mixedRecords(count: Int) -> [Record] {
        (0..<count).map { i in
            let seq = UInt64(i + 1)
            switch i % 6 {
            case 0: return .keyframe(Keyframe(seq: seq, store: "main", state: .structure(type: "S", fields: [.init("n", .int(Int64(i)))])))
            case 1, 2: return action(seq)
            case 3: return .patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(i)))]))
            case 4: return .effectStarted(EffectStarted(effectID: seq, name: "fx\(i)", store: "main", parentSeq: seq - 1, monotonicNanos: seq))
            default: return .log(LogRecord(level: .info, message: "line \(i)", monotonicNanos: seq, seq: seq))
            }
        }
    }
}

/// A trace written to disk and what its writer knew.
struct WrittenTrace {
    var path: String
    var records: [Record]
    var chunks: [ChunkInfo]
    var bytes: [UInt8]

    /// Writes `records` with a small chunk size (and a footer unless `close` is false).
    static func make(
        at path: String, records: [Record], chunkSize: Int = 300, close: Bool = true
    ) throws -> WrittenTrace {
        let writer = try TraceWriter(
            path: path, header: Samples.header, options: .init(chunkSize: chunkSize, flushInterval: .seconds(3_600)))
        for record in records { try writer.append(record) }
        if close { try writer.close() } else { try writer.flush() }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return WrittenTrace(path: path, records: records, chunks: writer.chunks, bytes: bytes)
    }

    /// The records of the chunks that end at or before `offset`, in order.
    /// The records of every chunk but `skipped`, in order: what a reader returns when that
    /// one chunk is damaged.
    func records(skipping skipped: ChunkInfo) -> [Record] {
        var result: [Record] = []
        var next = 0
        for chunk in chunks {
            let chunkRecords = records[next..<next + Int(chunk.header.recordCount)]
            next += chunkRecords.count
            if chunk != skipped { result += chunkRecords }
        }
        return result
    }

    func recordsOfChunks(endingBy offset: Int64) -> [Record] {
        var count = 0
        for chunk in chunks where chunk.endOffset <= offset { count += Int(chunk.header.recordCount) }
        return Array(records.prefix(count))
    }
}

/// Writes `bytes` to `path`, replacing it.
func writeFile(_ bytes: some Collection<UInt8>, to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Whether `read` is `written` with some records left out, order kept.
func isOrderedSubset(_ read: [Record], of written: [Record]) -> Bool {
    var iterator = written.makeIterator()
    outer: for record in read {
        while let candidate = iterator.next() {
            if candidate == record { continue outer }
        }
        return false
    }
    return true
}

/// A value nested `levels` arrays deep around a leaf (`levels` 0 is the leaf itself, at depth 0).
func nestedArrays(_ levels: Int) -> TraceValue {
    var value = TraceValue.int(1)
    for _ in 0..<levels { value = .array([value]) }
    return value
}

// trace-fixture-writer: writes traces for TraceFormatTests from a separate process.
//
//   trace-fixture-writer live <path> <count> <sleep-ms>
//       Writes <count> action records (see `TraceFixture.liveRecord(_:)`), flushing each one and sleeping
//       <sleep-ms> between them, then closes the trace. A test follows the growing file.
//   trace-fixture-writer fixture <path>
//       Writes the committed v1 format fixture (Tests/TraceFormatTests/Fixtures/v1-sample.sstrace).
//       Its expected contents are spelled out independently in FixtureTests.swift.

import Foundation
import StoreScopeTestSupport
import TraceFormat

func writeLive(path: String, count: Int, sleepMilliseconds: Int) throws {
    let header = SessionHeader(
        sessionID: [UInt8](repeating: 0xAB, count: 16), appName: "live", storeName: "live",
        startWallNanos: 0, startMonotonicNanos: 0, schemaFingerprint: 1)
    let writer = try TraceWriter(path: path, header: header)
    for seq in 1...max(count, 1) {
        try writer.append(TraceFixture.liveRecord(UInt64(seq)))
        try writer.flush()
        Thread.sleep(forTimeInterval: Double(sleepMilliseconds) / 1_000)
    }
    try writer.close()
}

func writeFixture(path: String) throws {
    let header = SessionHeader(
        sessionID: Array(0x10...0x1F), appName: "FixtureApp", storeName: "main",
        startWallNanos: 1_700_000_000_000_000_000, startMonotonicNanos: 1_000,
        schemaFingerprint: 0x0123_4567_89AB_CDEF, compatibleFeatures: 0, incompatibleFeatures: 0)
    let writer = try TraceWriter(
        path: path, header: header, options: .init(chunkSize: 64 * 1024, flushInterval: .seconds(3_600), compressionLevel: 6))
    let state = TraceValue.structure(type: "AppState", fields: [
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
    // Chunk 1: the initial keyframe, an action and its patch, an effect.
    try writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state)))
    try writer.append(.action(ActionRecord(
        seq: 1, store: "main", monotonicNanos: 2_000, wallNanos: 1_700_000_000_000_001_000, reducerNanos: 350,
        action: .enumeration(type: "Action", caseName: "add", payload: [.init("title", .string("Walk"))]),
        location: SourceLocation(file: "App/TodoView.swift", line: 42))))
    try writer.append(.patch(StatePatch(seq: 1, store: "main", operations: [
        .insert(path: [.field("todos"), .index(1)], value: .structure(type: "Todo", fields: [
            .init("title", .string("Walk")), .init("done", .bool(false)),
        ])),
        .set(path: [.field("count")], value: .int(1)),
        .set(path: [.field("selected"), .some], value: .int(1)),
        .move(path: [.field("todos"), .index(1)], to: 0),
        .remove(path: [.field("tags"), .key(.uint(2))]),
        .set(path: [.field("scores"), .key(.string("bo"))], value: .double(-0.0)),
    ])))
    try writer.append(.effectStarted(EffectStarted(
        effectID: 1, name: "save", store: "main", parentSeq: 1, monotonicNanos: 2_100,
        location: SourceLocation(file: "App/Effects.swift", line: 7))))
    try writer.flush()
    // Chunk 2: the effect's action, its end, a log mark, loss and a new keyframe, the end.
    try writer.append(.effectEmitted(EffectEmitted(effectID: 1, actionSeq: 2, monotonicNanos: 3_000)))
    try writer.append(.action(ActionRecord(
        seq: 2, store: "main", monotonicNanos: 3_000, wallNanos: 1_700_000_000_000_002_000, reducerNanos: 120,
        action: .enumeration(type: "Action", caseName: "saved", payload: [.init("", .bool(true))]), effectID: 1)))
    try writer.append(.effectEnded(EffectEnded(effectID: 1, outcome: .finished, monotonicNanos: 3_100)))
    try writer.append(.effectEnded(EffectEnded(effectID: 2, outcome: .failed("timed out"), monotonicNanos: 3_200)))
    try writer.append(.log(LogRecord(level: .mark, message: "checkpoint", monotonicNanos: 3_300, seq: 2)))
    try writer.append(.dropped(DroppedRecords(count: 3, firstSeq: 3, lastSeq: 5, monotonicNanos: 4_000)))
    try writer.append(.keyframe(Keyframe(seq: 5, store: "main", state: .structure(type: "AppState", fields: [
        .init("count", .int(-5)), .init("ratio", .double(.nan)), .init("limit", .double(.infinity)),
    ]))))
    try writer.append(.sessionEnded(SessionEnded(monotonicNanos: 5_000, wallNanos: 1_700_000_000_000_005_000)))
    try writer.close()
}

let arguments = CommandLine.arguments
do {
    switch arguments.dropFirst().first {
    case "live" where arguments.count == 5:
        guard let count = Int(arguments[3]), let sleep = Int(arguments[4]) else { throw Usage() }
        try writeLive(path: arguments[2], count: count, sleepMilliseconds: sleep)
    case "fixture" where arguments.count == 3:
        try writeFixture(path: arguments[2])
    default:
        throw Usage()
    }
} catch is Usage {
    FileHandle.standardError.write(Data("usage: trace-fixture-writer live <path> <count> <sleep-ms> | fixture <path>\n".utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("trace-fixture-writer: \(error)\n".utf8))
    exit(1)
}

struct Usage: Error {}

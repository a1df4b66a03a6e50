import Foundation
import TraceFormat

/// Traces for tests, written through the real ``TraceWriter``: a header with fixed defaults,
/// a writer that never flushes on a timer (chunks end where the test says, or when full), the
/// records tests write most, and damage done to a file on purpose.
///
/// ```swift
/// let writer = try TraceFixture.writer(at: path, store: "cart", chunkSize: 256)
/// try writer.append(.keyframe(Keyframe(seq: 0, store: "cart", state: state)))
/// try writer.append(TraceFixture.action(1, store: "cart", "add"))
/// try writer.close()
/// ```
public enum TraceFixture {
    /// A session header: the names given, a fixed id, and the times and fingerprint given or 0.
    public static func header(
        app: String = "Fixture", store: String = "main", startWallNanos: Int64 = 0, startMonotonicNanos: UInt64 = 0,
        schemaFingerprint: UInt64 = 7, sessionID: [UInt8] = Array(0..<16)
    ) -> SessionHeader {
        SessionHeader(
            sessionID: sessionID, appName: app, storeName: store, startWallNanos: startWallNanos,
            startMonotonicNanos: startMonotonicNanos, schemaFingerprint: schemaFingerprint)
    }

    /// A writer at `path` for `header`, with chunks of at most `chunkSize` bytes, no timed
    /// flushes, and the fastest compression.
    public static func writer(at path: String, header: SessionHeader = header(), chunkSize: Int = 1_024) throws -> TraceWriter {
        try TraceWriter(path: path, header: header, options: .init(chunkSize: chunkSize, flushInterval: .seconds(3_600), compressionLevel: 1))
    }

    /// A writer at `path` for a session of `app` whose main store is `store`.
    public static func writer(at path: String, app: String = "Fixture", store: String, chunkSize: Int = 1_024) throws -> TraceWriter {
        try writer(at: path, header: header(app: app, store: store), chunkSize: chunkSize)
    }

    /// Writes `records` as a whole trace at `path`.
    public static func write(_ records: [Record], to path: String, header: SessionHeader = header(), chunkSize: Int = 1_024) throws {
        let writer = try writer(at: path, header: header, chunkSize: chunkSize)
        for record in records { try writer.append(record) }
        try writer.close()
    }

    /// Action `seq` of `store`: the enum case `name` of `Action` (with `payload`), at `seq`
    /// microseconds, its reducer taking 10 ns.
    public static func action(_ seq: UInt64, store: String = "main", _ name: String = "set", payload: [TraceValue.Field] = []) -> Record {
        .action(ActionRecord(
            seq: seq, store: store, monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
            action: .enumeration(type: "Action", caseName: name, payload: payload)))
    }

    /// Writes a trace at `path` of one keyframe per store in `stores` (`S(n: 0)`), then `count`
    /// actions, each of the store `storeOf` names setting `n` to its seq with a patch, each in a
    /// chunk of its own: a state far from its keyframe (hostile, as a recorder writes keyframes
    /// every so often).
    public static func writeOneActionChunks(
        _ count: Int, to path: String, app: String = "Fixture", stores: [String] = ["main"], storeOf: (UInt64) -> String = { _ in "main" }
    ) throws {
        let writer = try writer(at: path, header: header(app: app), chunkSize: 1 << 20)
        for store in stores {
            try writer.append(.keyframe(Keyframe(seq: 0, store: store, state: .structure(type: "S", fields: [.init("n", .int(0))]))))
        }
        for seq in UInt64(1)...UInt64(count) {
            let store = storeOf(seq)
            try writer.append(action(seq, store: store, payload: [.init("n", .int(Int64(seq)))]))
            try writer.append(.patch(StatePatch(seq: seq, store: store, operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
            try writer.flush()
        }
        try writer.close()
    }

    /// The `seq`th record of the live trace `trace-fixture-writer live` writes while a test
    /// follows the file.
    public static func liveRecord(_ seq: UInt64) -> Record {
        .action(ActionRecord(
            seq: seq, store: "live", monotonicNanos: seq * 1_000, wallNanos: Int64(seq), reducerNanos: 1,
            action: .enumeration(type: "Action", caseName: "step", payload: [.init("n", .int(Int64(seq)))])))
    }

    /// A dictionary from `"k0"`... to their numbers, its entries in the format's canonical
    /// order (as a recorder writes a dictionary).
    public static func numbers(_ count: Int) -> TraceValue {
        .dictionary((0..<count).map { .init(key: .string("k\($0)"), value: .int(Int64($0))) }.sorted { TraceValue.compare($0.key, $1.key) < 0 })
    }

    /// Inverts every bit of the byte at `offset` of the file at `path`.
    public static func flipByte(in path: String, at offset: Int64) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        let byte = try handle.read(upToCount: 1) ?? Data([0])
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data([byte[0] ^ 0xFF]))
    }
}

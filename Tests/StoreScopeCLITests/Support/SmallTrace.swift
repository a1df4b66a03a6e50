import StoreScopeTestSupport
import TraceFormat

/// Writes small hand-made traces for CLI tests: one session of app "App", store "main".
enum SmallTrace {
    /// The header every small trace shares.
    static let header = TraceFixture.header(app: "App", schemaFingerprint: 1)

    /// Writes `records` to `path` and closes the trace cleanly.
    ///
    /// - Returns: the writer, closed, for its counters.
    @discardableResult
    static func write(_ records: [Record], to path: String) throws -> TraceWriter {
        let writer = try TraceWriter(path: path, header: header)
        for record in records { try writer.append(record) }
        try writer.close()
        return writer
    }

    /// Action `seq` of store "main": `Action.name`, with `payload`.
    static func action(_ seq: UInt64, _ name: String, _ payload: [TraceValue.Field] = []) -> Record {
        .action(ActionRecord(
            seq: seq, store: "main", monotonicNanos: seq, wallNanos: 0, reducerNanos: 1,
            action: .enumeration(type: "Action", caseName: name, payload: payload)))
    }

    /// Writes `count` actions `Action.tick(note:)` of store "main", each setting `.count` to its seq.
    static func ticks(_ count: UInt64, note: String = "", to path: String) throws {
        var records: [Record] = [.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "State", fields: [.init("count", .int(0))])))]
        for seq in UInt64(1)...count {
            records.append(action(seq, "tick", [.init("note", .string(note))]))
            records.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("count")], value: .int(Int64(seq)))])))
        }
        try write(records, to: path)
    }
}

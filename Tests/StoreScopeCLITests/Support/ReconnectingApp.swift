import Foundation
import StoreScopeTestSupport
import TraceFormat

/// One app session streamed over two connections, as an app that lost its listener and
/// reconnected streams it: the first connection sends the file header and the chunks of
/// #1-#5 (an effect starts at #2 and is still running), the second the file header again,
/// then a `dropped` record for #6-#8 (what the app could not send meanwhile), a keyframe and
/// #9-#10, and the session's end. The bytes are those of a real trace written by
/// ``TraceWriter``, cut at its chunks.
struct ReconnectingApp {
    let header: [UInt8]
    let firstConnection: [UInt8]
    let secondConnection: [UInt8]

    init(writingIn directory: TemporaryDirectory) throws {
        let path = directory.path("reconnecting-source.sstrace")
        let writer = try TraceFixture.writer(at: path, header: TraceFixture.header(app: "reconnecting", store: "counter"))
        func counter(_ count: Int64) -> TraceValue { .structure(type: "Counter", fields: [.init("count", .int(count))]) }
        try writer.append(.keyframe(Keyframe(seq: 0, store: "counter", state: counter(0))))
        for seq in UInt64(1)...5 {
            try writer.append(TraceFixture.action(seq, store: "counter", "increment"))
            try writer.append(.patch(StatePatch(seq: seq, store: "counter", operations: [.set(path: [.field("count")], value: .int(Int64(seq)))])))
            if seq == 2 {
                try writer.append(.effectStarted(EffectStarted(effectID: 1, name: "poll", store: "counter", parentSeq: 2, monotonicNanos: 2_100)))
            }
        }
        try writer.flush()
        let firstChunks = writer.chunks.count
        try writer.append(.dropped(DroppedRecords(count: 3, firstSeq: 6, lastSeq: 8, monotonicNanos: 900_000)))
        try writer.append(.keyframe(Keyframe(seq: 8, store: "counter", state: counter(8))))
        for seq in UInt64(9)...10 {
            var action = TraceFixture.action(seq, store: "counter", "increment")
            if case var .action(record) = action {
                record.monotonicNanos = 900_000 + seq * 1_000
                action = .action(record)
            }
            try writer.append(action)
            try writer.append(.patch(StatePatch(seq: seq, store: "counter", operations: [.set(path: [.field("count")], value: .int(Int64(seq)))])))
        }
        try writer.append(.sessionEnded(SessionEnded(monotonicNanos: 920_000, wallNanos: 0)))
        try writer.close()

        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let chunks = try TraceReader(path: path).chunks
        header = Array(bytes[0..<Int(chunks[0].offset)])
        let split = Int(chunks[firstChunks].offset)
        firstConnection = header + bytes[header.count..<split]
        secondConnection = header + bytes[split..<Int(chunks.last!.endOffset)]
    }
}

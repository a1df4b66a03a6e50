import StoreScopeTestSupport
import Foundation
import TraceFormat

/// Traces a careless or hostile writer could produce (issue 17): extreme numbers where the
/// format allows any u64, records out of order, and chunk headers or a footer index that
/// claim something other than what their chunks hold. Each is a valid file: every CRC
/// matches, so only comparing what is claimed with what is there finds the damage.
enum HostileTrace {
    /// The header of the extreme traces: the session starts at monotonic time `start`.
    static func header(start: UInt64 = 0, wall: Int64 = .min) -> SessionHeader {
        TraceFixture.header(app: "Hostile", startWallNanos: wall, startMonotonicNanos: start, schemaFingerprint: 17, sessionID: Array(repeating: 0x17, count: 16))
    }

    /// An action of store "main" with any numbers.
    static func action(_ seq: UInt64, at nanos: UInt64, reducer: UInt64 = 1, wall: Int64 = 0, effect: UInt64? = nil) -> Record {
        .action(ActionRecord(
            seq: seq, store: "main", monotonicNanos: nanos, wallNanos: wall, reducerNanos: reducer,
            action: .enumeration(type: "Action", caseName: "set", payload: [.init("n", .uint(seq))]), effectID: effect))
    }

    static func state(_ n: UInt64) -> TraceValue {
        .structure(type: "S", fields: [.init("n", .uint(n)), .init("items", .array([.int(Int64.min), .int(Int64.max)]))])
    }

    static func setN(_ seq: UInt64, _ n: UInt64) -> Record {
        .patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .uint(n))]))
    }

    /// Seqs 1, 2 and `UInt64.max`: the last action of the session has the largest seq there is.
    static let maxSeq: [Record] = [
        .keyframe(Keyframe(seq: 0, store: "main", state: state(0))),
        action(1, at: 10), setN(1, 1),
        action(2, at: 20), setN(2, 2),
        action(.max, at: 30), setN(.max, 3),
        .effectStarted(EffectStarted(effectID: .max, name: "fx", store: "main", parentSeq: .max, monotonicNanos: 31)),
        .effectEmitted(EffectEmitted(effectID: .max, actionSeq: .max, monotonicNanos: 32)),
        .log(LogRecord(level: .mark, message: "last", monotonicNanos: 33, seq: .max)),
        .sessionEnded(SessionEnded(monotonicNanos: 40, wallNanos: Int64.max)),
    ]

    /// Times and durations at the ends of their types: a session starting near the end of
    /// monotonic time with records before its start, a reducer time of `UInt64.max`, wall
    /// clocks at `Int64.min` and `.max`, an effect ending before it starts and one running
    /// for `UInt64.max` ns, a drop of `UInt64.max` actions.
    static let extremeTimes: [Record] = [
        .keyframe(Keyframe(seq: 0, store: "main", state: state(0))),
        action(1, at: 0, reducer: .max, wall: .min), setN(1, 1),
        .effectStarted(EffectStarted(effectID: 1, name: "backwards", store: "main", parentSeq: 1, monotonicNanos: .max)),
        .effectEnded(EffectEnded(effectID: 1, outcome: .finished, monotonicNanos: 0)),
        .effectStarted(EffectStarted(effectID: 2, name: "forever", store: "main", parentSeq: 1, monotonicNanos: 0)),
        .effectEmitted(EffectEmitted(effectID: 2, actionSeq: 2, monotonicNanos: .max)),
        action(2, at: .max, reducer: .max, wall: .max, effect: 2), setN(2, 2),
        .effectEnded(EffectEnded(effectID: 2, outcome: .failed("late"), monotonicNanos: .max)),
        action(3, at: .max / 2, reducer: 0), setN(3, 3),
        .dropped(DroppedRecords(count: .max, firstSeq: 4, lastSeq: .max - 2, monotonicNanos: .max)),
        .dropped(DroppedRecords(count: .max, firstSeq: .max - 1, lastSeq: .max - 1, monotonicNanos: .max)),
        .keyframe(Keyframe(seq: 3, store: "main", state: state(3))),
        action(.max, at: .max, reducer: .max), setN(.max, 4),
        .log(LogRecord(level: .error, message: "end", monotonicNanos: .max, seq: .max)),
        .sessionEnded(SessionEnded(monotonicNanos: .max, wallNanos: .min)),
    ]

    /// Writes `records` with `header`, one chunk per `perChunk` records, closing cleanly.
    static func write(_ records: [Record], header: SessionHeader = header(), perChunk: Int = .max, to path: String) throws {
        let writer = try TraceWriter(path: path, header: header, options: .init(chunkSize: 1 << 20, flushInterval: .seconds(3_600)))
        for (index, record) in records.enumerated() {
            try writer.append(record)
            if (index + 1) % perChunk == 0 { try writer.flush() }
        }
        try writer.close()
    }
}

/// Rewrites the chunk headers of a closed trace and its footer index to say something else,
/// keeping every CRC valid: what a writer with a bug in its chunk summary would produce.
enum LyingHeaders {
    /// The fields of a chunk header a writer fills in from what it wrote.
    struct Claim {
        var keyframe: Bool
        var dropped: Bool
        var recordCount: UInt32
        var firstSeq: UInt64
        var lastSeq: UInt64
        var firstNanos: UInt64
        var lastNanos: UInt64
    }

    /// Applies `lie` to the header of each records chunk (by index) and to the footer entry
    /// copied from it, so the header and the index agree with each other and not with the chunk.
    static func rewrite(_ path: String, lie: (Int, inout Claim) -> Void) throws {
        let reader = try TraceReader(path: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let end = Int(reader.chunks.last?.endOffset ?? reader.headerSize)
        bytes.removeSubrange(end...)
        var entries: [UInt8] = []
        for (index, chunk) in reader.chunks.enumerated() {
            let at = Int(chunk.offset)
            var claim = Claim(
                keyframe: chunk.header.flags.contains(.keyframe), dropped: chunk.header.flags.contains(.dropped),
                recordCount: chunk.header.recordCount, firstSeq: chunk.header.firstSeq, lastSeq: chunk.header.lastSeq,
                firstNanos: chunk.header.firstMonotonicNanos, lastNanos: chunk.header.lastMonotonicNanos)
            lie(index, &claim)
            var flags = bytes[at + 5] & ~0b110
            if claim.keyframe { flags |= 2 }
            if claim.dropped { flags |= 4 }
            bytes[at + 5] = flags
            put(claim.recordCount, at: at + 16, in: &bytes)
            put(claim.firstSeq, at: at + 24, in: &bytes)
            put(claim.lastSeq, at: at + 32, in: &bytes)
            put(claim.firstNanos, at: at + 40, in: &bytes)
            put(claim.lastNanos, at: at + 48, in: &bytes)
            put(crc32(bytes[at..<at + 56]), at: at + 56, in: &bytes)
            // The footer entry: offset, then the header's bytes 8..<24, flags, bytes 24..<56.
            var entry = [UInt8](repeating: 0, count: 8)
            put(UInt64(at), at: 0, in: &entry)
            entry += bytes[at + 8..<at + 24]
            entry.append(flags)
            entry += bytes[at + 24..<at + 56]
            entries += entry
        }
        // An uncompressed index chunk (flags 0) and the trailer.
        var payload = varint(UInt64(reader.chunks.count))
        payload += entries
        let indexOffset = bytes.count
        var index = Array("SSCK".utf8) + [2, 0, 0, 0]
        index += le(UInt32(payload.count)) + le(UInt32(payload.count)) + le(UInt32(0)) + le(crc32(payload[...]))
        index += [UInt8](repeating: 0, count: 32)
        index += le(crc32(index[...]))
        bytes += index + payload
        var trailer = Array("SSIX".utf8) + le(UInt64(indexOffset))
        trailer += le(crc32(trailer[...]))
        bytes += trailer
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    static func put<T: FixedWidthInteger>(_ value: T, at offset: Int, in bytes: inout [UInt8]) {
        bytes.replaceSubrange(offset..<offset + MemoryLayout<T>.size, with: le(value))
    }

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value, out: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            out.append(byte)
        } while value != 0
        return out
    }

    /// CRC-32 (ISO 3309, zlib's), bit by bit: an independent check of the format's own.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

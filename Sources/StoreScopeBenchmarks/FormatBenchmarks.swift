import Foundation
import TraceAnalysis
import TraceFormat

/// Issue 2: write and read throughput of small records, against NDJSON through one gzip
/// stream (zlib level 6), in the same run.
enum FormatBenchmarks {
    static func run() {
        let count = 1_000_000
        let records = sampleRecords(count: count)
        let path = NSTemporaryDirectory() + "storescope-bench-\(ProcessInfo.processInfo.processIdentifier).sstrace"
        defer { unlink(path) }
        let header = SessionHeader(
            sessionID: Array(repeating: 1, count: 16), appName: "bench", storeName: "main", startWallNanos: 0,
            startMonotonicNanos: 0, schemaFingerprint: 0)

        print("## Trace format: \(count) small records (counter actions, patches, effect events)\n")
        var rows: [[String]] = []
        for level: Int32 in [1, 6] {
            var traceBytes = 0
            let writeSeconds = Stopwatch.seconds {
                let writer = try! TraceWriter(path: path, header: header, options: .init(compressionLevel: level))
                for record in records { try! writer.append(record) }
                try! writer.close()
                traceBytes = Int(writer.bytesWritten)
            }
            var read = 0
            let readSeconds = Stopwatch.seconds {
                let reader = try! TraceReader(path: path)
                reader.forEachRecord { _ in read += 1; return true }
            }
            precondition(read == count, "read \(read) of \(count) records")
            rows.append([
                "trace, zlib \(level)", Report.megabytes(traceBytes), Report.rate(Double(count), per: writeSeconds),
                Report.rate(Double(count), per: readSeconds),
            ])
            if level == 6 { ndjsonComparison(records: records, traceBytes: traceBytes, rows: &rows) }
        }
        Report.table(["encoding", "size", "write", "read"], rows)
    }

    private static func ndjsonComparison(records: [Record], traceBytes: Int, rows: inout [[String]]) {
        var jsonBytes = 0
        var gzipBytes = 0
        let seconds = Stopwatch.seconds {
            let gzip = GzipStream(level: 6)
            var batch: [UInt8] = []
            batch.reserveCapacity(1 << 16)
            for record in records {
                batch.append(contentsOf: record.jsonLine(startMonotonicNanos: 0).utf8)
                batch.append(0x0A)
                if batch.count >= 1 << 16 {
                    jsonBytes += batch.count
                    gzip.write(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            jsonBytes += batch.count
            gzip.write(batch, finish: true)
            gzipBytes = gzip.compressedBytes
        }
        rows.append(["NDJSON (uncompressed)", Report.megabytes(jsonBytes), "", ""])
        rows.append([
            "NDJSON + gzip 6 (one stream)", Report.megabytes(gzipBytes), Report.rate(Double(records.count), per: seconds), "",
        ])
        rows.append(["trace / NDJSON+gzip size", Report.fixed(Double(traceBytes) / Double(gzipBytes), 3), "", ""])
    }

    /// A counter app's session: per action an action record and a one-field patch, and every
    /// tenth action an effect that starts, emits and finishes.
    static func sampleRecords(count: Int) -> [Record] {
        var records: [Record] = []
        records.reserveCapacity(count)
        var seq: UInt64 = 0
        var time: UInt64 = 1_000_000
        var effect: UInt64 = 0
        records.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "CounterState", fields: [
            .init("count", .int(0)), .init("isLoading", .bool(false)), .init("lastError", .none(type: "String")),
        ]))))
        while records.count < count {
            seq += 1
            time += UInt64(200_000 + (seq % 7) * 13_000)
            let amount = Int64(seq % 3 + 1)
            records.append(.action(ActionRecord(
                seq: seq, store: "main", monotonicNanos: time, wallNanos: 1_764_000_000_000_000_000 + Int64(time),
                reducerNanos: 300 + seq % 50,
                action: .enumeration(type: "CounterAction", caseName: "increment", payload: [.init("by", .int(amount))]))))
            records.append(.patch(StatePatch(seq: seq, store: "main", operations: [
                .set(path: [.field("count")], value: .int(Int64(seq) * 2)),
            ])))
            if seq % 10 == 0 {
                effect += 1
                records.append(.effectStarted(EffectStarted(effectID: effect, name: "fetchFact", store: "main", parentSeq: seq, monotonicNanos: time + 10)))
                records.append(.effectEmitted(EffectEmitted(effectID: effect, actionSeq: seq + 1, monotonicNanos: time + 50_000)))
                records.append(.effectEnded(EffectEnded(effectID: effect, outcome: .finished, monotonicNanos: time + 60_000)))
            }
        }
        return Array(records.prefix(count))
    }
}

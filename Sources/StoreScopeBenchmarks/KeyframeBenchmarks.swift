import Foundation
import StoreScope
import TraceFormat

/// A keyframe (the whole state) all the way to compressed bytes, against the JSON baseline all
/// the way to gzipped bytes: capture, record encoding and zlib level 1 (the recorder's
/// default) for ours, `JSONEncoder` and gzip level 6 for JSON. Times are medians.
enum KeyframeBenchmarks {
    static func run() {
        print("## Keyframe, to compressed bytes (users state)\n")
        var rows: [[String]] = []
        for count in [1_000, 10_000] {
            let state = UsersFixture.state(users: count)
            let capture = MedianTiming.nanosPerCall { _ = captureValue(state) }
            let keyframe = MedianTiming.nanosPerCall { _ = Sink.keyframeBytes(of: captureValue(state)) }
            let keyframeBytes = Sink.keyframeBytes(of: captureValue(state))
            let json = MedianTiming.nanosPerCall { _ = try? JSONEncoder().encode(state) }
            let gzippedJSON = MedianTiming.nanosPerCall { _ = JSONBaseline.gzippedBytes(of: state) }
            let jsonBytes = (try? JSONEncoder().encode(state))?.count ?? 0
            let gzippedBytes = JSONBaseline.gzippedBytes(of: state)
            rows.append([
                "\(count)", Report.nanos(capture), Report.nanos(keyframe), "\(keyframeBytes) B",
                Report.nanos(json), Report.nanos(gzippedJSON), "\(jsonBytes) B", "\(gzippedBytes) B",
                Report.fixed(Double(keyframeBytes) / Double(gzippedBytes), 2),
            ])
        }
        Report.table(
            ["users", "capture", "capture+encode+zlib 1", "keyframe chunk", "JSONEncoder", "JSONEncoder+gzip 6",
             "JSON", "gzipped JSON", "keyframe / gzipped JSON"],
            rows)
    }
}

/// The JSON baseline: the state as `JSONEncoder` writes it, compressed as one gzip stream.
enum JSONBaseline {
    /// The size of `value`'s JSON, keys sorted, after gzip at zlib level 6 (0 if it cannot be
    /// encoded). Sorted, because `JSONEncoder`'s key order varies from run to run, and with it
    /// the compressed size (by about 1 %).
    static func gzippedBytes<T: Encodable>(of value: T) -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let json = try? encoder.encode(value) else { return 0 }
        let gzip = GzipStream(level: 6)
        gzip.write(Array(json), finish: true)
        return gzip.compressedBytes
    }
}

extension Sink {
    /// The bytes of a chunk holding only a keyframe of `state`.
    static func keyframeBytes(of state: TraceValue) -> Int {
        chunkBytes(of: .keyframe(Keyframe(seq: 1, store: "users", state: state)))
    }

    /// The bytes of a chunk holding only `record` (framing, string table, zlib at the writer's
    /// default level), written and compressed through a `TraceWriter`.
    static func chunkBytes(of record: Record) -> Int {
        let sink = Sink()
        guard let writer = try? TraceWriter(output: sink, header: header) else { return 0 }
        let headerBytes = sink.bytes
        try? writer.append(record)
        try? writer.flush()
        return sink.bytes - headerBytes
    }
}

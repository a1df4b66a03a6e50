import Foundation
import TraceFormat

/// Issue 17, item 12: traces built to make the engine and the viewer slow, written straight
/// through TraceWriter (no recorder), so each one is exactly the shape that hurt:
///
/// * `chunks.sstrace`: 300,000 actions, each with its patch in a chunk of its own;
/// * `bigdict.sstrace`: one keyframe whose state is a dictionary of 1,000,000 entries, then
///   100 actions that each change one entry;
/// * `bigkeyframe.sstrace`: one keyframe of 2,000,000 nodes (an array of equal integers, so
///   the file stays a few KB), then 100 actions each setting one element, all in one chunk;
///   `bigkeyframe-chunks.sstrace` the same with a 6 MB keyframe payload (more than the
///   session's chunk cache) and each action in a chunk of its own;
/// * `bigdict-keyframes.sstrace`: the 1,000,000-entry dictionary, then 10 actions each
///   recorded as a keyframe of the whole state (one entry changed), a chunk each;
/// * `keyframes-screens.sstrace`: a 300,000-entry dictionary, then 40 actions each recorded
///   as a keyframe of it, a chunk each (3.9 MB raw): more screens of rows over large chunks
///   than the 80x24 timeline holds (its `PgDn`s);
/// * `longstrings.sstrace`: a state holding a 1,000,000-character string, then 40 actions each
///   carrying one, its effect failing with one and a mark holding one (a screen shows 80
///   columns of each).
///
/// `StoreScopeBenchmarks hostile-traces DIR` writes them; `hostile` writes them to a temporary
/// directory and times `storescope` commands on them (needs `swift build -c release`).
enum HostileTraces {
    static let header = SessionHeader(
        sessionID: Array(repeating: 0x17, count: 16), appName: "Hostile", storeName: "main", startWallNanos: 0,
        startMonotonicNanos: 0, schemaFingerprint: 17)

    static func action(_ seq: UInt64) -> Record {
        .action(ActionRecord(
            seq: seq, store: "main", monotonicNanos: seq * 1_000, wallNanos: 0, reducerNanos: 10,
            action: .enumeration(type: "Action", caseName: "set", payload: [.init("n", .int(Int64(seq)))])))
    }

    /// The traces' names, in the order of ``write(to:)``'s paths.
    static let names = ["chunks", "bigdict", "bigkeyframe", "bigkeyframe-chunks", "bigdict-keyframes", "keyframes-screens", "longstrings"]

    /// Writes the traces missing from `directory` and returns the paths of all of them.
    @discardableResult
    static func write(to directory: String) -> [String] {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paths = names.map { directory + "/\($0).sstrace" }
        // Entries in canonical key order, as the recorder writes a dictionary.
        let entries = { (count: Int) in (0..<count).map { TraceValue.DictionaryEntry(key: .string("k\($0)"), value: .int(Int64($0))) }.sorted { TraceValue.compare($0.key, $1.key) < 0 } }
        let dictionaryKey = { (seq: UInt64) in PathComponent.key(.string("k\(seq)")) }
        for (path, write) in zip(paths, [
            { writeOneActionChunks(count: 300_000, to: $0) },
            { writeBigState(.dictionary(entries(1_000_000)), key: dictionaryKey, to: $0) },
            { writeBigState(.array(Array(repeating: .int(0), count: 2_000_000)), key: { .index(Int($0)) }, to: $0) },
            { writeBigState(.array(Array(repeating: .int(1_000), count: 2_000_000)), key: { .index(Int($0)) }, chunkPerAction: true, to: $0) },
            { writeBigState(.dictionary(entries(1_000_000)), key: dictionaryKey, actions: 10, keyframes: true, to: $0) },
            { writeBigState(.dictionary(entries(300_000)), key: dictionaryKey, actions: 40, keyframes: true, to: $0) },
            { writeLongStrings(length: 1_000_000, actions: 40, to: $0) },
        ] as [(String) -> Void]) where !FileManager.default.fileExists(atPath: path) {
            write(path)
        }
        return paths
    }

    static func writeOneActionChunks(count: Int, to path: String) {
        let writer = try! TraceWriter(path: path, header: header, options: .init(chunkSize: 1 << 20, flushInterval: .seconds(3_600)))
        try! writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "S", fields: [.init("n", .int(0))]))))
        for seq in 1...UInt64(count) {
            try! writer.append(action(seq))
            try! writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("n")], value: .int(Int64(seq)))])))
            try! writer.flush()
        }
        try! writer.close()
    }

    /// `state`, then `actions` actions that each set one element or entry: by a patch, or by
    /// a keyframe of the whole state (as a recorder writes every so many actions).
    static func writeBigState(
        _ state: TraceValue, key: (UInt64) -> PathComponent, actions: UInt64 = 100, chunkPerAction: Bool = false,
        keyframes: Bool = false, to path: String
    ) {
        let writer = try! TraceWriter(path: path, header: header, options: .init(chunkSize: 60 << 20, flushInterval: .seconds(3_600), compressionLevel: 9))
        try! writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: state)))
        var current = state
        for seq in 1...actions {
            try! writer.append(action(seq))
            let operations: [PatchOperation] = [.set(path: [key(seq)], value: .int(-Int64(seq)))]
            if keyframes {
                try! current.apply(operations)
                try! writer.append(.keyframe(Keyframe(seq: seq, store: "main", state: current)))
                try! writer.flush()
            } else {
                try! writer.append(.patch(StatePatch(seq: seq, store: "main", operations: operations)))
            }
            if chunkPerAction { try! writer.flush() }
        }
        try! writer.close()
    }

    /// A state whose `label` is a string of `length` characters (wide ones, and a tab the
    /// viewer escapes, among them), then `actions` actions each carrying such a string, setting
    /// `count`, starting an effect that fails with one, and followed by a mark holding one.
    static func writeLongStrings(length: Int, actions: UInt64, to path: String) {
        let pattern = "long text 長い\t"
        let text = { (seed: UInt64) in "\(seed) " + String(repeating: pattern, count: length / pattern.count) }
        let writer = try! TraceWriter(path: path, header: header, options: .init(chunkSize: 8 << 20, flushInterval: .seconds(3_600)))
        try! writer.append(.keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "AppState", fields: [.init("count", .int(0)), .init("label", .string(text(0)))]))))
        for seq in 1...actions {
            let nanos = seq * 1_000
            try! writer.append(.action(ActionRecord(
                seq: seq, store: "main", monotonicNanos: nanos, wallNanos: 0, reducerNanos: 10,
                action: .enumeration(type: "Action", caseName: "typed", payload: [.init("", .string(text(seq)))]))))
            try! writer.append(.patch(StatePatch(seq: seq, store: "main", operations: [.set(path: [.field("count")], value: .int(Int64(seq)))])))
            try! writer.append(.effectStarted(EffectStarted(effectID: seq, name: "save", store: "main", parentSeq: seq, monotonicNanos: nanos + 1)))
            try! writer.append(.effectEnded(EffectEnded(effectID: seq, outcome: .failed(text(seq + 1)), monotonicNanos: nanos + 2)))
            try! writer.append(.log(LogRecord(level: .mark, message: text(seq + 2), monotonicNanos: nanos + 3, seq: seq)))
        }
        try! writer.close()
    }

    /// The traces in the temporary directory, each written there on first use.
    static func cached() -> (directory: String, paths: [String]) {
        let directory = NSTemporaryDirectory() + "storescope-hostile"
        return (directory, write(to: directory))
    }

    static func run() {
        let (directory, paths) = cached()
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("storescope").path
        print("## Hostile traces (\(directory))\n")
        print("| trace | command | wall | CPU |")
        print("|---|---|---:|---:|")
        let runs: [(String, [String])] = [
            (paths[0], ["cat"]), (paths[0], ["log"]), (paths[0], ["blame", "_", ".n"]),
            (paths[1], ["blame", "_", "[\"k5\"]"]), (paths[1], ["log"]),
            (paths[2], ["blame", "_", "[5]"]), (paths[2], ["blame", "_", "."]), (paths[2], ["log"]), (paths[2], ["cat"]),
            (paths[3], ["blame", "_", "[5]"]), (paths[3], ["log"]), (paths[3], ["cat"]),
            (paths[4], ["cat"]), (paths[4], ["log"]), (paths[4], ["blame", "_", "[\"k5\"]"]), (paths[4], ["diff", "--from", "4", "--to", "5", "--json"]),
        ]
        for (path, command) in runs {
            var arguments = command
            if let slot = arguments.firstIndex(of: "_") { arguments[slot] = path } else { arguments.append(path) }
            let run = AnalysisBenchmarks.spawn(binary, arguments)
            print("| \((path as NSString).lastPathComponent) | storescope \(command.filter { $0 != "_" }.joined(separator: " ")) | \(Report.fixed(run.seconds, 2)) s | \(Report.fixed(run.cpuSeconds, 2)) s |")
        }
    }
}

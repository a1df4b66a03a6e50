import Foundation
import StoreScope
import TraceFormat

/// Capture and diff on the users state (UsersFixture), release build, all in one run:
/// (a) our `capturePatch` plus encoding the patch record through a `TraceWriter`,
/// (b) a stand-in written here, not a peer library: keep the old state, walk both fully with
/// `Mirror`, compare the walks (swift-custom-dump's `diff`, behind TCA's `_printChanges`, is
/// measured against us outside this package; docs/BENCHMARKS.md has its numbers),
/// (c) `JSONEncoder` of the whole state, and the JSON's size before and after gzip.
/// Times are medians of thread CPU time (MedianTiming). Prints a table, then the targets.
enum DiffBenchmarks {
    static func run() {
        if let spec = ProcessInfo.processInfo.environment["DIFF_PROFILE"] {
            // Only the profiled loop, so that a profile counts nothing else.
            profile(spec)
            exit(0)
        }
        print("## Capture and diff (users state)\n")
        var rows: [[String]] = []
        var checks: [String] = []
        for count in [1_000, 10_000] {
            let base = UsersFixture.state(users: count)
            let jsonBytes = (try? JSONEncoder().encode(base))?.count ?? 0
            let gzippedJSONBytes = JSONBaseline.gzippedBytes(of: base)
            let json = time { _ = try? JSONEncoder().encode(base) }
            let fullCapture = time { _ = captureValue(base) }
            for change in UsersFixture.Change.allCases {
                var new = base
                UsersFixture.reduce(&new, change.action(step: count / 2, count: count))
                let patch = capturePatch(from: base, to: new)
                let ours = time {
                    let operations = capturePatch(from: base, to: new)
                    Sink.shared.append(operations)
                }
                let diffOnly = time { _ = capturePatch(from: base, to: new) }
                let mirror = time { _ = MirrorBaseline.diff(base, new) }
                let bytes = Sink.chunkBytes(of: patch)
                rows.append([
                    "\(count)", change.rawValue, "\(patch.count)", Report.nanos(diffOnly), Report.nanos(ours), Report.nanos(mirror),
                    Report.fixed(mirror / ours, 0) + "x", Report.nanos(json), "\(bytes) B",
                    Report.fixed(100 * Double(bytes) / Double(jsonBytes), 3) + "%",
                    Report.fixed(100 * Double(bytes) / Double(gzippedJSONBytes), 2) + "%",
                ])
                if count == 1_000, change == .rename {
                    checks.append("localized change, 1k users: \(Report.fixed(mirror / ours, 0))x faster than the stand-in Mirror walk, not a peer library (target >= 100x)")
                    checks.append("trace bytes for one rename: \(Report.fixed(100 * Double(bytes) / Double(jsonBytes), 3))% of the JSON state, \(Report.fixed(100 * Double(bytes) / Double(gzippedJSONBytes), 2))% of the gzipped JSON (target <= 1%)")
                }
                if change == .toggleLoading {
                    // As the recorder's worker finds and writes it: its patcher kept, the record
                    // written straight from the state.
                    var patcher = StatePatcher(options: .default)
                    let asTheWorker = time { _ = appendAsTheWorker(&patcher, from: base, to: new) }
                    checks.append("scalar-only change, \(count) users: diff \(Report.nanos(diffOnly)), diff+encode \(Report.nanos(ours)), found and appended as the recorder's worker does \(Report.nanos(asTheWorker)) (target <= 5 µs)")
                }
            }
            rows.append(["\(count)", "full capture (keyframe)", "-", Report.nanos(fullCapture), "-", "-", "-", Report.nanos(json), "\(jsonBytes) B JSON", "100%", "\(gzippedJSONBytes) B gzipped"])
        }
        Report.table(
            ["users", "change", "ops", "diff", "diff+encode", "stand-in (hand-written Mirror walk)", "stand-in / diff+encode", "JSONEncoder", "patch chunk", "of JSON", "of gzipped JSON"],
            rows)
        for check in checks { print("- " + check) }
        print()
        RebuiltArrayBenchmarks.run()
    }

    /// Loops one case for a profiler: `DIFF_PROFILE=<users>:<change index>:<iterations>[:encode][:fresh]`;
    /// change index -1 is the rename in a rebuilt array (RebuiltArrayBenchmarks), -2 the typed
    /// `!=` scan of the same arrays (its floor). Each patch is found as the recorder's worker
    /// finds it (`StatePatcher`, its buffers kept), or with `fresh` by `capturePatch` (a new
    /// differ each time). With `encode` each patch is also appended to the trace writer, as
    /// the diff+encode column times it.
    private static func profile(_ spec: String) {
        let parts = spec.split(separator: ":").compactMap { Int($0) }
        let flags = Set(spec.split(separator: ":").dropFirst(3))
        let encodes = flags.contains("encode"), fresh = flags.contains("fresh")
        let base = UsersFixture.state(users: parts[0])
        var new = base
        if parts[1] < 0 {
            new.users = UsersFixture.rebuilt(base.users)
            new.users[parts[0] / 2].name = "Renamed"
        } else {
            UsersFixture.reduce(&new, UsersFixture.Change.allCases[parts[1]].action(step: parts[0] / 2, count: parts[0]))
        }
        var total = 0
        if parts[1] == -2 {
            let seconds = Stopwatch.seconds { for _ in 0..<parts[2] { total += RebuiltArrayBenchmarks.typedScan(base.users, new.users) } }
            print(total, Report.nanos(seconds * 1e9 / Double(parts[2])))
            return
        }
        var patcher = StatePatcher(options: .default)
        let seconds = Stopwatch.seconds {
            for _ in 0..<parts[2] {
                if encodes, !fresh {
                    total += appendAsTheWorker(&patcher, from: base, to: new)
                    continue
                }
                let operations = fresh ? capturePatch(from: base, to: new) : patcher.patch(from: base, to: new)
                total += operations.count
                if encodes { Sink.shared.append(operations) }
            }
        }
        print(total, Report.nanos(seconds * 1e9 / Double(parts[2])))
    }

    /// Finds the patch from `old` to `new` with `patcher` and appends it as the recorder's
    /// worker does: a change of the root's scalar fields written straight from the state, any
    /// other as its operations, nothing for no change. Returns the number of operations.
    private static func appendAsTheWorker<State>(_ patcher: inout StatePatcher, from old: State, to new: State) -> Int {
        switch patcher.find(from: old, to: new) {
        case let .rootScalars(patch):
            if !patch.isEmpty { Sink.shared.append(patch, of: new) }
            return patch.operationCount
        case let .operations(operations):
            if !operations.isEmpty { Sink.shared.append(operations) }
            return operations.count
        }
    }

    /// Median nanoseconds per call (see MedianTiming).
    private static func time(_ body: () -> Void) -> Double {
        MedianTiming.nanosPerCall(body)
    }
}

/// Where benchmark patches go: a trace writer on an output that only counts bytes, so the
/// timing includes record encoding and the amortised chunk compression.
final class Sink: TraceOutput {
    nonisolated(unsafe) static let shared = Sink()  // used by the benchmark's one thread only
    private(set) var bytes = 0
    private var writer: TraceWriter?
    private var seq: UInt64 = 0

    func append(_ operations: [PatchOperation]) {
        seq += 1
        try? openWriter().append(.patch(StatePatch(seq: seq, store: "users", operations: operations)))
    }

    /// Appends a change of the root's scalar fields as the recorder's worker does, `state`
    /// being the new state.
    func append<State>(_ patch: RootScalarPatch, of state: State) {
        seq += 1
        try? patch.append(of: state, seq: seq, store: "users", to: openWriter())
    }

    private func openWriter() throws(TraceError) -> TraceWriter {
        if let writer { return writer }
        // Chunks close on size, as at full speed: slowed down under callgrind, a flush interval
        // would cut chunks by the clock and make the count depend on the machine's load.
        let writer = try TraceWriter(output: self, header: Sink.header, options: .init(flushInterval: .seconds(3_600)))
        self.writer = writer
        return writer
    }

    /// The bytes of a chunk holding only this patch record (framing, string table, zlib).
    static func chunkBytes(of operations: [PatchOperation]) -> Int {
        chunkBytes(of: .patch(StatePatch(seq: 1, store: "users", operations: operations)))
    }

    static let header = SessionHeader(
        sessionID: Array(repeating: 0, count: 16), appName: "bench", storeName: "users",
        startWallNanos: 0, startMonotonicNanos: 0, schemaFingerprint: 0)

    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) { self.bytes += bytes.count }
    func sync() throws(TraceError) {}
    func close() {}
    var wantsFooterIndex: Bool { false }
}

/// A stand-in for a reflection-based diff, written here and not taken from any library: reflect
/// both states completely with `Mirror`, then compare the two reflections. swift-custom-dump's
/// `diff` (behind TCA's `_printChanges`) is not this: it compares `Equatable` values with `==`
/// before reflecting, so it skips equal subtrees, and it renders text. docs/BENCHMARKS.md
/// measures the real one side by side.
private enum MirrorBaseline {
    indirect enum Node: Equatable {
        case leaf(String)
        case composite(String, [Child])
    }

    struct Child: Equatable {
        var label: String
        var node: Node
    }

    /// The number of differing leaves between the reflections of `old` and `new`.
    static func diff(_ old: Any, _ new: Any) -> Int {
        changes(reflect(old), reflect(new))
    }

    static func reflect(_ value: Any) -> Node {
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else { return .leaf(String(describing: value)) }
        let typeName = String(describing: type(of: value))
        return .composite(typeName, mirror.children.map { Child(label: $0.label ?? "", node: reflect($0.value)) })
    }

    static func changes(_ old: Node, _ new: Node) -> Int {
        switch (old, new) {
        case let (.composite(t1, c1), .composite(t2, c2)) where t1 == t2:
            var count = 0
            var i = 0, j = 0
            while i < c1.count && j < c2.count {
                count += changes(c1[i].node, c2[j].node)
                i += 1
                j += 1
            }
            return count + (c1.count - i) + (c2.count - j)
        default:
            return old == new ? 0 : 1
        }
    }
}

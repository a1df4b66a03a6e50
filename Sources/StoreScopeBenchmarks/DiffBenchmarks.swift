import Foundation
import StoreScope

/// Capture and diff on the users state (UsersFixture), release build, all in one run:
/// (a) our `capturePatch` plus encoding the patch record through a `TraceWriter`,
/// (b) what TCA's `_printChanges` does (keep the old state, walk both fully with `Mirror`, diff),
/// (c) `JSONEncoder` of the whole state. Prints a table, then the targets.
enum DiffBenchmarks {
    static func run() {
        if let spec = ProcessInfo.processInfo.environment["DIFF_PROFILE"] { return profile(spec) }
        print("## Capture and diff (users state)\n")
        var rows: [[String]] = []
        var checks: [String] = []
        for count in [1_000, 10_000] {
            let base = UsersFixture.state(users: count)
            let jsonBytes = (try? JSONEncoder().encode(base))?.count ?? 0
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
                ])
                if count == 1_000, change == .rename {
                    checks.append("localized change, 1k users: \(Report.fixed(mirror / ours, 0))x faster than the Mirror walk (target >= 100x)")
                    checks.append("trace bytes for one rename: \(Report.fixed(100 * Double(bytes) / Double(jsonBytes), 3))% of the JSON state (target <= 1%)")
                }
                if change == .toggleLoading {
                    checks.append("scalar-only change, \(count) users: diff \(Report.nanos(diffOnly)), diff+encode \(Report.nanos(ours)) (target <= 5 µs)")
                }
            }
            rows.append(["\(count)", "full capture (keyframe)", "-", Report.nanos(fullCapture), "-", "-", "-", Report.nanos(json), "\(jsonBytes) B JSON", "100%"])
        }
        Report.table(
            ["users", "change", "ops", "diff", "diff+encode", "Mirror walk+diff", "ratio", "JSONEncoder", "patch chunk", "of JSON"],
            rows)
        for check in checks { print("- " + check) }
        print()
        RebuiltArrayBenchmarks.run()
    }

    /// Loops one case for a profiler: `DIFF_PROFILE=<users>:<change index>:<iterations>`; change
    /// index -1 is the rename in a rebuilt array (RebuiltArrayBenchmarks).
    private static func profile(_ spec: String) {
        let parts = spec.split(separator: ":").compactMap { Int($0) }
        let base = UsersFixture.state(users: parts[0])
        var new = base
        if parts[1] < 0 {
            new.users = UsersFixture.rebuilt(base.users)
            new.users[parts[0] / 2].name = "Renamed"
        } else {
            UsersFixture.reduce(&new, UsersFixture.Change.allCases[parts[1]].action(step: parts[0] / 2, count: parts[0]))
        }
        var total = 0
        let seconds = Stopwatch.seconds { for _ in 0..<parts[2] { total += capturePatch(from: base, to: new).count } }
        print(total, Report.nanos(seconds * 1e9 / Double(parts[2])))
    }

    /// Mean nanoseconds per call: repeats `body` for at least 0.2 s (at least 3 calls), best
    /// of three such rounds.
    private static func time(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            var calls = 0
            let start = Stopwatch.now()
            var elapsed: UInt64 = 0
            while calls < 3 || elapsed < 200_000_000 {
                body()
                calls += 1
                elapsed = Stopwatch.now() - start
            }
            best = min(best, Double(elapsed) / Double(calls))
        }
        return best
    }
}

/// Where benchmark patches go: a trace writer on an output that only counts bytes, so the
/// timing includes record encoding and the amortised chunk compression.
private final class Sink: TraceOutput {
    nonisolated(unsafe) static let shared = Sink()  // used by the benchmark's one thread only
    private(set) var bytes = 0
    private var writer: TraceWriter?
    private var seq: UInt64 = 0

    func append(_ operations: [PatchOperation]) {
        if writer == nil { writer = try? TraceWriter(output: self, header: Sink.header) }
        seq += 1
        try? writer?.append(.patch(StatePatch(seq: seq, store: "users", operations: operations)))
    }

    /// The bytes of a chunk holding only this patch record (framing, string table, zlib).
    static func chunkBytes(of operations: [PatchOperation]) -> Int {
        let sink = Sink()
        guard let writer = try? TraceWriter(output: sink, header: header) else { return 0 }
        let headerBytes = sink.bytes
        try? writer.append(.patch(StatePatch(seq: 1, store: "users", operations: operations)))
        try? writer.flush()
        return sink.bytes - headerBytes
    }

    static let header = SessionHeader(
        sessionID: Array(repeating: 0, count: 16), appName: "bench", storeName: "users",
        startWallNanos: 0, startMonotonicNanos: 0, schemaFingerprint: 0)

    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) { self.bytes += bytes.count }
    func sync() throws(TraceError) {}
    func close() {}
    var wantsFooterIndex: Bool { false }
}

/// The peer approach (swift-custom-dump's `diff`, behind TCA's `_printChanges`): reflect both
/// states completely with `Mirror`, then compare the two reflections.
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

import Foundation
import StoreScope
import TraceFormat

/// Live sessions through the real `storescope listen` (built next to this executable):
/// latency from `didReduce` to the line the listener prints, and chunk throughput from an app
/// through the listener into its session file.
///
/// Run: `swift build -c release && swift run -c release StoreScopeBenchmarks live`
enum LiveBenchmarks {
    enum Action: Sendable { case ping(UInt64) }

    static func run() {
        guard let storescope = storescopeBinary() else {
            print("live: storescope not found next to the benchmark; run `swift build -c release` first\n")
            return
        }
        print("## Live sessions (storescope listen, release)\n")
        var rows: [[String]] = []
        for flush in [5, 20, 100] {
            let (p50, p99) = latency(storescope: storescope, flushMilliseconds: flush, actions: 300, pace: .milliseconds(10))
            rows.append(["\(flush) ms", Report.fixed(p50, 1) + " ms", Report.fixed(p99, 1) + " ms", "\(flush + 20) ms"])
        }
        Report.table(["flush interval", "p50 didReduce → line", "p99", "target p99"], rows)
        throughput(storescope: storescope)
    }

    /// Records `actions` at `pace`, each carrying its `didReduce` time, and measures when
    /// `storescope listen` prints its line.
    static func latency(storescope: URL, flushMilliseconds: Int, actions: Int, pace: Duration) -> (p50: Double, p99: Double) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storescope-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("run/live.sock").path
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let listener = Process()
        let output = Pipe()
        listener.executableURL = storescope
        listener.arguments = ["listen", socket]
        listener.standardOutput = output
        listener.standardError = FileHandle.nullDevice
        try! listener.run()
        defer {
            listener.terminate()
            listener.waitUntilExit()
        }
        // Arrival times of each ping's line, read on a thread of their own.
        let arrivals = ArrivalLog()
        let reader = Thread {
            var pending = Data()
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                let now = Stopwatch.now()
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    if let start = line.range(of: ".ping("), let end = line[start.upperBound...].firstIndex(of: ")"),
                        let sent = UInt64(line[start.upperBound..<end])
                    {
                        arrivals.add(now - sent)
                    }
                }
            }
        }
        reader.start()
        while !FileManager.default.fileExists(atPath: socket) { Thread.sleep(forTimeInterval: 0.01) }
        let recorder = try! Recorder(
            sink: .socket(socket),
            configuration: .init(appName: "latency", chunking: .init(flushInterval: .milliseconds(Int64(flushMilliseconds))), diagnostics: { _ in }))
        var state = 0
        let store = recorder.store("main", initialState: state, actions: Action.self)
        Thread.sleep(forTimeInterval: 0.3)  // connected
        for _ in 0..<actions {
            store.record(.ping(Stopwatch.now()), reducing: &state) { state, _ in state += 1 }
            Thread.sleep(forTimeInterval: Double(pace.components.attoseconds) / 1e18 + Double(pace.components.seconds))
        }
        Thread.sleep(forTimeInterval: Double(flushMilliseconds) / 1000 + 0.3)
        recorder.close()
        let samples = arrivals.sorted()
        guard !samples.isEmpty else { return (.nan, .nan) }
        func percentile(_ p: Double) -> Double { Double(samples[min(samples.count - 1, Int(Double(samples.count) * p))]) / 1e6 }
        return (percentile(0.5), percentile(0.99))
    }

    /// Sends the chunks of a recorded trace as fast as the socket takes them to
    /// `storescope listen --record --quiet`, and times until its session file is complete.
    static func throughput(storescope: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storescope-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A trace of 1,000-user keyframes and patches, about 100 MB of chunks.
        let source = directory.appendingPathComponent("source.sstrace").path
        let recorder = try! Recorder(
            sink: .file(source), configuration: .init(maximumPendingBytes: 1 << 40, keyframeEveryActions: 20, diagnostics: { _ in }))
        var users = UsersFixture.state(users: 1_000)
        let store = recorder.store("users", initialState: users, actions: Int.self)
        var actions = 0
        while (try? TraceFile.openForReading(source).size()) ?? 0 < 100_000_000 {
            for _ in 0..<500 {
                actions += 1
                store.record(actions, reducing: &users) { state, seq in state.users[seq % state.users.count].name = "user \(seq)" }
            }
            recorder.flush()
        }
        recorder.close()
        let reader = try! TraceReader(path: source)
        let bytes = Array(try! Data(contentsOf: URL(fileURLWithPath: source)))
        let chunkBytes = Int(reader.chunks.last!.endOffset)  // header and chunks, not the footer
        let records = reader.recordCount

        let socket = directory.appendingPathComponent("run/live.sock").path
        let sessions = directory.appendingPathComponent("sessions").path
        let listener = Process()
        listener.executableURL = storescope
        listener.arguments = ["listen", socket, "--record", sessions, "--quiet"]
        listener.standardOutput = FileHandle.nullDevice
        listener.standardError = FileHandle.nullDevice
        let cpuBefore = ChildRun.childrenCPUSeconds()
        try! listener.run()
        while !FileManager.default.fileExists(atPath: socket) { Thread.sleep(forTimeInterval: 0.01) }
        var medians: [Double] = []
        for _ in 0..<3 {
            let before = (try? FileManager.default.contentsOfDirectory(atPath: sessions).count) ?? 0
            let seconds = Stopwatch.seconds {
                BenchmarkSocket.send(Array(bytes[0..<chunkBytes]), to: socket)
                // Done when the listener wrote every chunk of the new session.
                let deadline = Stopwatch.now() + 120_000_000_000
                while Stopwatch.now() < deadline {
                    let files = (try? FileManager.default.contentsOfDirectory(atPath: sessions)) ?? []
                    if files.count > before, let newest = files.sorted().last,
                        (try? TraceFile.openForReading(sessions + "/" + newest).size()) ?? 0 >= Int64(chunkBytes)
                    {
                        break
                    }
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
            medians.append(seconds)
            try? FileManager.default.removeItem(atPath: sessions)
            try? FileManager.default.createDirectory(atPath: sessions, withIntermediateDirectories: true)
        }
        listener.terminate()
        listener.waitUntilExit()
        // The listener's own CPU time: what the machine's load does not inflate.
        let cpu = (ChildRun.childrenCPUSeconds() - cpuBefore) / 3
        let seconds = medians.sorted()[1]
        Report.table(
            ["app → listen → file", "chunk bytes", "records", "wall time (median of 3)", "throughput", "listener CPU per run", "per CPU-second"],
            [["\(reader.chunks.count) chunks", Report.megabytes(chunkBytes), "\(records)", Report.fixed(seconds * 1000, 0) + " ms",
              Report.fixed(Double(chunkBytes) / seconds / 1_048_576, 0) + " MiB/s, " + Report.rate(Double(records), per: seconds) + " records",
              Report.fixed(cpu * 1000, 0) + " ms", Report.fixed(Double(chunkBytes) / cpu / 1_048_576, 0) + " MiB/s"]])
    }

    static func storescopeBinary() -> URL? {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("storescope")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }
}

/// Latencies in nanoseconds, appended by the reader thread.
final class ArrivalLog: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var samples: [UInt64] = []

    func add(_ sample: UInt64) { lock.withLock { samples.append(sample) } }
    func sorted() -> [UInt64] { lock.withLock { samples.sorted() } }
}

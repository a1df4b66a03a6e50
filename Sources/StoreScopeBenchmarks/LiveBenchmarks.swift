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
        transports(storescope: storescope)
    }

    /// The Unix socket and loopback TCP side by side, in one run: latency from `didReduce` to
    /// the listener's line, and an app's throughput through the listener into its file, with
    /// the store thread's cost per action (the transport runs on the recorder's worker, so it
    /// should not move). Rounds alternate between the two so that the machine's load falls on
    /// both alike; each figure is the median of three.
    static func transports(storescope: URL, actions: Int = 10_000, rounds: Int = 3) {
        print("### Unix socket vs loopback TCP (paired)\n")
        var latencies: [LiveTransport: [(Double, Double)]] = [:]
        var throughputs: [LiveTransport: [StreamThroughput]] = [:]
        for _ in 0..<rounds {
            for transport in LiveTransport.allCases {
                latencies[transport, default: []].append(
                    latency(storescope: storescope, flushMilliseconds: 5, actions: 300, pace: .milliseconds(10), over: transport))
                throughputs[transport, default: []].append(streamThroughput(storescope: storescope, actions: actions, over: transport))
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let unixRate = median(throughputs[.unixSocket]!.map(\.bytesPerSecond))
        let unixP99 = median(latencies[.unixSocket]!.map(\.1))
        var rows: [[String]] = []
        for transport in LiveTransport.allCases {
            let runs = throughputs[transport]!
            let rate = median(runs.map(\.bytesPerSecond))
            let p99 = median(latencies[transport]!.map(\.1))
            let dropped = runs.map(\.dropped).max() ?? 0
            rows.append([
                transport.rawValue,
                Report.fixed(median(latencies[transport]!.map(\.0)), 2) + " ms", Report.fixed(p99, 2) + " ms",
                Report.unlessDropped(Report.fixed(rate / 1_048_576, 1) + " MiB/s", dropped: dropped),
                Report.unlessDropped(Report.fixed(median(runs.map(\.actionsPerSecond)) / 1e3, 1) + " k actions/s", dropped: dropped),
                Report.nanos(median(runs.map(\.storeNanosPerAction))),
                Report.fixed(unixRate / rate, 2) + "x / " + Report.fixed(p99 / unixP99, 2) + "x",
            ])
        }
        Report.table(
            ["transport", "p50 didReduce → line (5 ms flush)", "p99", "app → listen → file", "actions", "store thread per action", "vs Unix: time / p99 (goal ≤ 1.2x)"],
            rows)
    }

    /// What one app streamed through a listener into its session file.
    struct StreamThroughput {
        var bytesPerSecond: Double
        var actionsPerSecond: Double
        var storeNanosPerAction: Double
        var dropped: UInt64
    }

    /// An app (this process's recorder) records `actions` (a multiple of 500) on 1,000 users
    /// with a keyframe every 20 as fast as it can, over `transport` to
    /// `storescope listen --record --quiet`; timed from the first action until the listener
    /// confirmed the last one, which it does once the chunk is in its file.
    static func streamThroughput(storescope: URL, actions: Int, over transport: LiveTransport) -> StreamThroughput {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storescope-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sessions = directory.appendingPathComponent("sessions").path
        let listener = transport.startListener(storescope: storescope, in: directory, ["--record", sessions, "--quiet"], output: FileHandle.nullDevice)
        defer { listener.stop() }
        // A buffer that never drops: the transport, not the budget, is measured.
        let recorder = try! Recorder(
            sink: listener.sink, configuration: .init(appName: "throughput", maximumPendingBytes: 1 << 30, keyframeEveryActions: 20, diagnostics: { _ in }))
        var users = UsersFixture.state(users: 1_000)
        let store = recorder.store("users", initialState: users, actions: Int.self)
        Thread.sleep(forTimeInterval: 0.3)  // connected (and paired)
        var storeNanos: UInt64 = 0
        let start = Stopwatch.now()
        for batch in 0..<(actions / 500) {
            let before = Stopwatch.now()
            for index in 0..<500 {
                store.record(batch * 500 + index, reducing: &users) { state, seq in state.users[seq % state.users.count].name = "user \(seq)" }
            }
            storeNanos += Stopwatch.now() - before
        }
        recorder.flush()
        let deadline = Stopwatch.now() + 120_000_000_000
        var status = recorder.status.sinks.first
        while Stopwatch.now() < deadline, let sink = status, sink.actionsRecorded + sink.actionsDropped < UInt64(actions) {
            Thread.sleep(forTimeInterval: 0.0005)
            status = recorder.status.sinks.first
        }
        let seconds = Double(Stopwatch.now() - start) / 1e9
        recorder.close()
        let file = (try? FileManager.default.contentsOfDirectory(atPath: sessions))?.first.map { sessions + "/" + $0 }
        let bytes = file.flatMap { try? TraceFile.openForReading($0).size() } ?? 0
        return StreamThroughput(
            bytesPerSecond: Double(bytes) / seconds, actionsPerSecond: Double(actions) / seconds,
            storeNanosPerAction: Double(storeNanos) / Double(actions), dropped: status?.actionsDropped ?? UInt64(actions))
    }

    /// Records `actions` at `pace`, each carrying its `didReduce` time, and measures when
    /// `storescope listen` prints its line.
    static func latency(
        storescope: URL, flushMilliseconds: Int, actions: Int, pace: Duration, over transport: LiveTransport = .unixSocket
    ) -> (p50: Double, p99: Double) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storescope-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = Pipe()
        let listener = transport.startListener(storescope: storescope, in: directory, [], output: output)
        defer { listener.stop() }
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
        let recorder = try! Recorder(
            sink: listener.sink,
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

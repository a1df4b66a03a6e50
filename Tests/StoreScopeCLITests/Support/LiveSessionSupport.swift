import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live-session tests run real processes (listeners, apps, tails) and check what they
/// print; one at a time, so that they do not starve the rest of the suite of CPU.
@Suite("Live sessions with real processes", .serialized, .tags(.process))
struct LiveProcessTests {}

/// Real processes for the live-session tests: `storescope listen` and `live-app-fixture` apps.
enum Live {
    /// Starts `storescope listen SOCKET --record DIR ...` and waits until it listens.
    static func listen(_ socket: String, record directory: String? = nil, _ extra: [String] = [], via launcher: [String] = []) throws -> RunningProcess {
        var arguments = ["listen", socket]
        if let directory { arguments += ["--record", directory] }
        arguments += extra
        let listener: RunningProcess
        if launcher.isEmpty {
            listener = try RunningProcess(product: "storescope", arguments)
        } else {
            listener = try RunningProcess(URL(fileURLWithPath: launcher[0]), Array(launcher.dropFirst()) + [try ProductLocator.url(of: "storescope").path] + arguments)
        }
        try listener.waitForError(containing: "Listening on")
        return listener
    }

    /// Starts an app that records to the default sink with only `STORESCOPE_SOCKET` set.
    static func app(_ name: String, socket: String, _ extra: [String] = []) throws -> RunningProcess {
        try RunningProcess(product: "live-app-fixture", [name] + extra, environment: ["STORESCOPE_SOCKET": socket])
    }

    /// Asks an app to record `count` actions and waits until it did.
    static func record(_ app: RunningProcess, _ count: Int, endingAt seq: Int) throws {
        app.send("record \(count)")
        try app.waitForOutput(containing: "recorded \(seq)\n")
    }

    /// Records one action at a time after `seq` until `app`'s listener has confirmed one of them,
    /// for a listener that prints no actions (`--quiet`; else ``recordUntilReceived(_:by:after:store:)``):
    /// an app that reconnected streams again only once it heard from the new listener, and what
    /// it records before that is counted as dropped. Returns the app's last seq.
    static func recordUntilConfirmed(_ app: RunningProcess, after seq: Int) throws -> Int {
        let before = try confirmedActions(app)
        return try recordOneAtATime(app, after: seq, failure: "the listener confirmed no action recorded after #\(seq) in 20 s") { _ in
            try confirmedActions(app) > before
        }
    }

    /// The actions `app`'s live stream has had confirmed by its listener so far (the fixture's
    /// answer to `streamed`).
    static func confirmedActions(_ app: RunningProcess) throws -> UInt64 {
        let answer = app.stdout.components(separatedBy: "\nstreamed ").count
        app.send("streamed")
        try app.waitForOutput(containing: "streamed \(answer): ")
        let line = app.stdout.split(separator: "\n").last { $0.hasPrefix("streamed \(answer): ") }
        return line.flatMap { UInt64($0.split(separator: "=").last ?? "") } ?? 0
    }

    /// Records one action at a time after `seq` until `listener` prints one: an app that
    /// reconnected streams again only once it heard from the new listener (it may ask for the
    /// session's proof first), and the actions before that are counted as dropped. Returns
    /// the first action the listener received.
    static func recordUntilReceived(_ app: RunningProcess, by listener: RunningProcess, after seq: Int, store: String = "main") throws -> Int {
        try recordOneAtATime(app, after: seq, failure: "the new listener received no action after #\(seq) in 20 s") { next in
            listener.stdout.contains(" #\(next) \(store) action")
        }
    }

    /// Records one action at a time after `seq`, giving each 200 ms for `arrived` (asked with
    /// the action's seq) to say the listener has it, for at most 20 s (then `failure` is an
    /// issue). Returns the last seq recorded.
    private static func recordOneAtATime(
        _ app: RunningProcess, after seq: Int, failure: String, until arrived: (Int) throws -> Bool
    ) throws -> Int {
        var next = seq
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            next += 1
            try record(app, 1, endingAt: next)
            // Polled here: a timed-out wait of RunningProcess's would stop the listener.
            let waitUntil = ContinuousClock.now + .milliseconds(200)
            while ContinuousClock.now < waitUntil {
                if try arrived(next) { return next }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        Issue.record(Comment(rawValue: failure))
        return next
    }

    /// Stops a listener with `signal` and expects it to exit 0, its files complete.
    static func stop(_ listener: RunningProcess, with signal: Int32 = SIGINT, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        listener.signal(signal)
        #expect(try listener.waitForExit() == 0, "stderr: \(listener.stderr)", sourceLocation: sourceLocation)
    }

    /// Closes an app and returns its journal: each action's seq and value, in order.
    static func close(_ app: RunningProcess) throws -> [(seq: UInt64, value: Int)] {
        app.send("close")
        let output = try app.waitForOutput(containing: "closed\n")
        #expect(try app.waitForExit() == 0)
        return output.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "journal", let seq = UInt64(words[1]), let value = Int(words[2]) else { return nil }
            return (seq, value)
        }
    }

    /// The trace files a listener recorded in `directory`.
    static func recordings(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".sstrace") }.sorted()
            .map { directory + "/" + $0 }
    }

    /// Checks every action of the journal against what was received: each is an action record
    /// with its seq and value, or inside a `dropped` record's range. Never silently missing.
    ///
    /// - Returns: how many were received and how many were counted as dropped.
    @discardableResult
    static func verify(
        _ journal: [(seq: UInt64, value: Int)], against records: [Record], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> (received: Int, dropped: Int) {
        var actions: [UInt64: String] = [:]
        var dropped: [ClosedRange<UInt64>] = []
        for record in records {
            switch record {
            case let .action(action): actions[action.seq] = "\(action.action)"
            case let .dropped(loss): dropped.append(loss.firstSeq...loss.lastSeq)
            default: break
            }
        }
        var received = 0
        var counted = 0
        for entry in journal {
            if let text = actions[entry.seq] {
                #expect(text.hasPrefix(".step(\(entry.value), "), "action #\(entry.seq) is \(text), the app recorded \(entry.value)", sourceLocation: sourceLocation)
                received += 1
            } else if dropped.contains(where: { $0.contains(entry.seq) }) {
                counted += 1
            } else {
                Issue.record("action #\(entry.seq) was neither received nor counted in a dropped record", sourceLocation: sourceLocation)
            }
        }
        return (received, counted)
    }

    /// The records of the one trace file a listener recorded in `directory` (one session, one
    /// file, however often it reconnected), after checking that it is a clean trace.
    static func recordsOfTheOneCleanFile(in directory: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [Record] {
        let files = try recordings(in: directory)
        #expect(files.count == 1, "one session, one file: \(files)", sourceLocation: sourceLocation)
        let file = try #require(files.first, sourceLocation: sourceLocation)
        let check = try ChildProcess.storescope(["check", file])
        #expect(check.status == 0, "the continued file is a clean trace: \(check.stdout)\(check.stderr)", sourceLocation: sourceLocation)
        return try records(file)
    }

    /// Every record of a trace file (recovering a torn or unfinished one).
    static func records(_ path: String) throws -> [Record] {
        try TraceReader(path: path).allRecords()
    }
}

/// A client socket written against libc, for peers that are not StoreScope apps.
final class RawPeer {
    let fd: Int32

    init(connectingTo path: String) throws {
        fd = Syscalls.makeUnixStreamSocket()
        let result = withUnixSocketAddress(path) { [fd] in connect(fd, $0, $1) }
        guard result == 0 else {
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(fd) }

    /// Sends bytes (ignoring a peer that already hung up).
    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Syscalls.sendWithoutSignal(fd, $0) }
    }
}

/// The bytes of a real trace, cut where the tests need: its header, its first chunk.
struct TraceBytes {
    let bytes: [UInt8]
    let headerSize: Int
    let firstChunk: Range<Int>

    init(path: String) throws {
        bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let reader = try TraceReader(path: path)
        headerSize = Int(reader.headerSize)
        let chunk = reader.chunks[0]
        firstChunk = Int(chunk.offset)..<Int(chunk.endOffset)
    }

    var header: [UInt8] { Array(bytes[0..<headerSize]) }
    var chunk: [UInt8] { Array(bytes[firstChunk]) }
}

/// CRC-32 (IEEE), to forge chunk headers whose only fault is the one under test.
func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

extension Live {
    /// One sink's figures, as the fixture prints them at close.
    struct SinkFigures: Equatable {
        var recorded: UInt64
        var dropped: UInt64
        var unconfirmed: UInt64
    }

    /// The figures an app printed at close for the sink whose destination starts with `prefix`
    /// (`file`, `socket`).
    static func sinkFigures(_ app: RunningProcess, _ prefix: String) -> SinkFigures? {
        let line = app.stdout.split(separator: "\n").first { $0.hasPrefix("sink \(prefix) ") }
        guard let line else { return nil }
        func value(_ name: String) -> UInt64? {
            line.split(separator: " ").first { $0.hasPrefix(name + "=") }.flatMap { UInt64($0.dropFirst(name.count + 1)) }
        }
        guard let recorded = value("recorded"), let dropped = value("dropped"), let unconfirmed = value("unconfirmed") else { return nil }
        return SinkFigures(recorded: recorded, dropped: dropped, unconfirmed: unconfirmed)
    }
}

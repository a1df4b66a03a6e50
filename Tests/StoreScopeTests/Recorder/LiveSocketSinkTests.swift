import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceAnalysis

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Live socket sink")
struct LiveSocketSinkTests {
    @Test("an app that starts before its listener streams once it appears: a dropped record for what it missed, a keyframe of the current state, then every action")
    func listenerAppearingLater() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("run/live.sock")  // the listener creates run/ 0700
        let recorder = try Recorder(
            sink: .socket(path), configuration: .init(chunking: .init(flushInterval: .milliseconds(5)), diagnostics: { _ in }))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...30 { recording.record(.add(id, "early"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.flush())

        let listener = try LiveListener(path: path)
        var received: [Record] = []
        try pollUntilStarted(listener, into: &received)
        for id in 31...60 { recording.record(.add(id, "late"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(try pollUntilEnded(listener, into: &received) == .closed)
        listener.stop()

        let dropped = received.compactMap(\.droppedRecord)
        #expect(dropped.map { $0.firstSeq...$0.lastSeq } == [1...30])
        #expect(dropped.first?.count == 30)
        let keyframes = received.compactMap { if case let .keyframe(k) = $0 { k } else { nil } }
        #expect(keyframes.first?.seq == 30)
        #expect(keyframes.first.map { "\($0.state)".contains("early") } == true)
        #expect(received.compactMap(\.actionRecord).map(\.seq) == Array(31...60))
    }

    @Test("a listener that stops reading never blocks the app: the buffer stays within its limit, and what did not fit is counted until the stream can resume")
    func stalledListenerIsBounded() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("stalled.sock")
        let listener = try TestListener(path: path)
        let limit = 64 * 1024
        let output = LiveSocketOutput(path: path, bufferLimit: limit, diagnostics: { _ in })
        let header = SessionHeader(sessionID: Array(repeating: 7, count: 16), appName: "t", storeName: "s", startWallNanos: 0, startMonotonicNanos: 0, schemaFingerprint: 0)
        let writer = try TraceWriter(output: output, header: header, options: .init(chunkSize: 4096, compressionLevel: 1))
        let peer = listener.acceptConnection()
        defer { close(peer) }
        var largestFrame = 0
        for seq in 1...2_000 {
            // Incompressible text, so each chunk is about as big as its records.
            let message = (0..<64).map { _ in String(UInt64.random(in: 0 ... .max), radix: 36) }.joined()
            try writer.append(.log(LogRecord(level: .info, message: message, monotonicNanos: UInt64(seq), seq: UInt64(seq))))
            largestFrame = max(largestFrame, 4096 + 1024)
            #expect(output.bufferedBytes <= limit + largestFrame)
        }
        #expect(!output.service(closing: false), "the buffer is still full: not ready to resume")

        // The listener catches up: the stream is ready to resume and reports the chunks lost.
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        var ready = false
        for _ in 0..<10_000 where !ready {
            _ = bytes.withUnsafeMutableBytes { recv(peer, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            ready = output.service(closing: false)
        }
        #expect(ready)
        let loss = output.resume()
        #expect(loss.chunks > 0)
        #expect(loss.records > 0)
        try writer.close()
    }

    @Test("a tee records the whole session to its file while no listener is there")
    func teeWithoutListener() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("local.sstrace")
        let recorder = try Recorder(
            sink: .file(file, streamingTo: directory.path("run/none.sock")), configuration: .init(diagnostics: { _ in }))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...50 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let reader = try TraceReader(path: file)
        #expect(reader.indexSource == .footer)
        #expect(reader.allRecords().compactMap(\.actionRecord).map(\.seq) == Array(1...50))
    }

    @Test("a tee whose file fails (a full disk) goes on streaming every action to the listener")
    func teeWithFailingFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("run/live.sock")
        let listener = try LiveListener(path: path)
        let diagnostics = DiagnosticsLog()
        let recorder = try Recorder(
            sink: .file("/dev/full", streamingTo: path),
            configuration: .init(chunking: .init(flushInterval: .milliseconds(5)), diagnostics: diagnostics.handler))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        var received: [Record] = []
        try pollUntilStarted(listener, into: &received)
        for id in 1...50 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(try pollUntilEnded(listener, into: &received) == .closed)
        listener.stop()
        #expect(received.compactMap(\.actionRecord).map(\.seq) == Array(1...50))
        #expect(!recorder.status.sinkFailed)
        #expect(diagnostics.all.filter { $0.contains("recording to the file stopped") && $0.contains("No space left on device") }.count == 1)
        let sinks = recorder.status.sinks
        #expect(sinks.map(\.destination) == ["file /dev/full", "socket \(path)"])
        #expect(sinks[0].lastError?.contains("No space left on device") == true)
        #expect(sinks[0].actionsRecorded == 0 && sinks[0].actionsDropped == 50)
        // The listener was not polled during the close: what it had not confirmed stays unconfirmed.
        #expect(sinks[1].actionsDropped == 0)
        #expect(sinks[1].actionsRecorded + sinks[1].actionsUnconfirmed == 50)
    }

    @Test("a tee whose disk fills mid-session: the file's figures are what the file holds, the stream's what the listener confirmed, each adding up to what was sent")
    func teeFiguresPerDestination() throws {
        let directory = try TemporaryDirectory()
        let socket = directory.path("run/live.sock")
        let path = directory.path("filling.sstrace")
        let listening = PolledListener(try LiveListener(path: socket))
        let recorder = try Recorder(
            sink: RecordingSink(opening: { (context) throws(TraceError) in
                let file = FillingOutput(file: try TraceFile.create(path), capacity: 6_000)
                let stream = LiveSocketOutput(path: socket, bufferLimit: context.bufferLimit, diagnostics: context.diagnostics)
                return TeeOutput(file: file, path: path, stream: stream, diagnostics: context.diagnostics)
            }),
            configuration: .init(chunking: .init(chunkSize: 1_024, flushInterval: .milliseconds(5)), diagnostics: { _ in }))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        try listening.waitUntil { $0.contains { if case .started = $0 { true } else { false } } }
        for id in 1...400 { recording.record(.add(id, "item \(id)"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        try listening.waitUntil { $0.contains { if case .ended(_, .closed) = $0 { true } else { false } } }
        let received = listening.stop().compactMap(\.actionRecord).count
        let inFile = try TraceReader(path: path).allRecords().compactMap(\.actionRecord).count
        let status = recorder.status
        let (file, stream) = (status.sinks[0], status.sinks[1])
        #expect(inFile > 0 && inFile < 400, "the disk filled mid-session: \(inFile)")
        #expect(file.actionsRecorded == UInt64(inFile))
        #expect(file.actionsRecorded + file.actionsDropped == 400)
        #expect(file.lastError?.contains("No space left on device") == true)
        #expect(received == 400)
        #expect(stream.actionsRecorded == 400 && stream.actionsDropped == 0 && stream.actionsUnconfirmed == 0, "\(stream)")
        #expect(stream.lastError == nil)
    }

    @Test("the default socket path: STORESCOPE_SOCKET, else XDG_RUNTIME_DIR, else /tmp per user")
    func defaultPath() {
        #expect(SocketPath.resolve(environment: ["STORESCOPE_SOCKET": "/x/y.sock", "XDG_RUNTIME_DIR": "/run/user/5"], userID: 5) == "/x/y.sock")
        #expect(SocketPath.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/5"], userID: 5) == "/run/user/5/storescope/storescope.sock")
        #expect(SocketPath.resolve(environment: ["STORESCOPE_SOCKET": ""], userID: 501) == "/tmp/storescope-501/storescope.sock")
    }

    /// Polls until `done` holds for one poll's events, collecting every record.
    private func pollUntilStarted(_ listener: LiveListener, into records: inout [Record]) throws {
        _ = try poll(listener, into: &records, for: "the session's start") { if case .started = $0 { () } else { nil } }
    }

    /// Polls until the session ends, whatever the way: a test that waited only for `.closed`
    /// would spend its whole deadline on a session that hung up, and not say so.
    private func pollUntilEnded(_ listener: LiveListener, into records: inout [Record]) throws -> LiveSessionEnd {
        try poll(listener, into: &records, for: "the session's end") { if case let .ended(_, end) = $0 { end } else { nil } }
    }

    /// Polls `listener`, collecting the records, until an event `match` answers; on a deadline
    /// (20 s, for a loaded machine) fails saying which events did come.
    private func poll<Answer>(
        _ listener: LiveListener, into records: inout [Record], for what: String, match: (LiveEvent) -> Answer?
    ) throws -> Answer {
        let deadline = ContinuousClock.now + .seconds(20)
        var seen: [String] = []
        while ContinuousClock.now < deadline {
            // The whole poll's records are kept, those after the awaited event too.
            var answer: Answer?
            for event in listener.poll(timeout: .milliseconds(50)) {
                if case let .records(_, batch) = event { records += batch }
                if answer == nil { answer = match(event) }
                seen.append(Self.summary(of: event))
            }
            if let answer { return answer }
        }
        Issue.record("the listener did not see \(what) in 20 s; it saw: \(seen.isEmpty ? "nothing" : seen.joined(separator: ", "))")
        throw CancellationError()
    }

    private static func summary(of event: LiveEvent) -> String {
        switch event {
        case .started: "started"
        case let .records(_, batch): "\(batch.count) records"
        case let .ended(_, end): "ended (\(end))"
        case let .refused(reason): "refused (\(reason))"
        case let .warning(_, message): "warning (\(message))"
        }
    }
}

/// A listener polled on a thread of its own, collecting every event, so that an app on the
/// test's thread can wait (in its close) for the listener's confirmations.
final class PolledListener: @unchecked Sendable {
    // @unchecked: `listener` is used only by the polling thread until `stop()` has joined it;
    // `events` is read and written under `lock`.
    private let listener: LiveListener
    private let lock = NSLock()
    private var events: [LiveEvent] = []
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    /// Starts polling `listener`, after `delay` (a listener that answers late).
    init(_ listener: LiveListener, startingAfter delay: TimeInterval = 0) {
        self.listener = listener
        Thread { [self] in
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            while lock.withLock({ running }) {
                let new = self.listener.poll(timeout: .milliseconds(20))
                lock.withLock { events += new }
            }
            self.listener.stop()
            done.signal()
        }.start()
    }

    /// Waits until the events so far satisfy `condition`.
    func waitUntil(_ condition: ([LiveEvent]) -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if lock.withLock({ condition(events) }) { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        Issue.record("the listener did not see the expected event in time")
        throw CancellationError()
    }

    /// Stops the listener and returns every record it received.
    func stop() -> [Record] {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock {
            events.flatMap { event -> [Record] in
                if case let .records(_, batch) = event { return batch }
                return []
            }
        }
    }
}

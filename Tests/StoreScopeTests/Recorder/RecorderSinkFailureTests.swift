import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct RecorderSinkFailureTests {
    @Test func aFullDiskStopsTheRecordingButNotTheApp() throws {
        let diagnostics = DiagnosticsLog()
        let recorder = try Recorder(sink: .file("/dev/full"), configuration: .init(diagnostics: diagnostics.handler))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...50 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        recorder.flush()
        #expect(state.items.count == 50)
        let status = recorder.status
        #expect(status.sinkFailed)
        #expect(status.lastError?.contains("No space left on device") == true)
        #expect(status.actionsRecorded + status.actionsDropped == 50)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(diagnostics.all.filter { $0.contains("recording stopped") }.count == 1)
    }

    /// Records `sent` actions through an output that holds `capacity` bytes and then fails, and
    /// checks that the status counts as recorded exactly the actions the trace holds, and every
    /// other one as dropped.
    ///
    /// - Parameters:
    ///   - action: the action to send for each number from 1.
    ///   - flushEvery: flush after this many actions (0: never).
    func expectCountsMatchTheTrace(
        capacity: Int, chunkSize: Int, sent: Int, flushEvery: Int = 0, _ action: (Int) -> ListAction
    ) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("full.sstrace")
        let output = FillingOutput(file: try TraceFile.create(path), capacity: capacity)
        let recorder = try Recorder(
            sink: RecordingSink { output }, configuration: .init(chunking: .init(chunkSize: chunkSize), diagnostics: { _ in }))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...sent {
            recording.record(action(id), reducing: &state) { reduceList(&$0, $1) }
            if flushEvery > 0, id % flushEvery == 0 { recorder.flush() }
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let status = recorder.status
        #expect(status.sinkFailed)
        let inTrace = try TraceReader(path: path).allRecords().compactMap(\.actionRecord).count
        #expect(inTrace > 0)
        #expect(status.actionsRecorded == UInt64(inTrace))
        #expect(status.actionsRecorded + status.actionsDropped == UInt64(sent))
    }

    @Test("when the disk fills mid-chunk, the actions of that chunk count as dropped, not recorded")
    func aChunkWhoseWriteFailsIsCountedAsDropped() throws {
        try expectCountsMatchTheTrace(capacity: 24 * 1024, chunkSize: 2048, sent: 3_000, flushEvery: 100) { id in
            .setFilter("filter number \(id) \(id * 7919)")
        }
    }

    @Test("an action whose record closes a chunk counts as recorded when the next chunk's write fails")
    func theActionThatClosesAChunkIsRecorded() throws {
        // The state never changes, so every record after the keyframe is an action record and
        // every chunk the writer cuts for its size is cut by appending one.
        try expectCountsMatchTheTrace(capacity: 8 * 1024, chunkSize: 1024, sent: 2_000) { _ in .setFilter("") }
    }

    @Test func aViewerThatHangsUpNeverStopsTheAppNorTheRecording() throws {
        let directory = try TemporaryDirectory()
        let socketPath = directory.path("viewer.sock")
        let listener = try TestListener(path: socketPath)
        let diagnostics = DiagnosticsLog()
        let recorder = try Recorder(sink: .socket(socketPath), configuration: .init(diagnostics: diagnostics.handler))
        listener.acceptAndHangUp()
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for round in 0..<20 {
            for id in 1...20 { recording.record(.add(round * 100 + id, "x"), reducing: &state) { reduceList(&$0, $1) } }
            recorder.flush()
        }
        // Writing to a socket whose peer closed raises EPIPE, never SIGPIPE: we are still here,
        // and the stream is being retried rather than given up.
        #expect(!recorder.status.sinkFailed)
        #expect(diagnostics.all.filter { $0.contains("the listener at \(socketPath) hung up right after connecting") }.count == 1)
        recording.record(.setFilter("still working"), reducing: &state) { reduceList(&$0, $1) }
        #expect(state.filter == "still working")
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(recorder.status.actionsRecorded == UInt64(recording.lastSentSeq))
    }

    @Test func aSocketWithNoListenerLetsTheAppStartAndSaysSoOnce() throws {
        let directory = try TemporaryDirectory()
        let diagnostics = DiagnosticsLog()
        let recorder = try Recorder(sink: .socket(directory.path("nobody.sock")), configuration: .init(diagnostics: diagnostics.handler))
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...100 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.flush())
        #expect(state.items.count == 100)
        #expect(!recorder.status.sinkFailed)
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(diagnostics.all.filter { $0.contains("no listener at") && $0.contains("nobody.sock") }.count == 1)
    }
}

/// A Unix socket listener for tests, written against libc directly.
final class TestListener: @unchecked Sendable {
    // @unchecked: `fd` is set once in init and only read afterwards.
    let fd: Int32

    init(path: String) throws {
        fd = Syscalls.makeUnixStreamSocket()
        let bound = withUnixSocketAddress(path) { [fd] in bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit { close(fd) }

    /// Accepts one connection and closes it right away.
    func acceptAndHangUp() {
        let client = accept(fd, nil, nil)
        if client >= 0 { close(client) }
    }

    /// Accepts one connection and returns its descriptor (the caller reads or closes it).
    func acceptConnection() -> Int32 {
        accept(fd, nil, nil)
    }
}

/// A file on a disk that fills up after `capacity` bytes: the write that crosses it writes what
/// fits and fails with ENOSPC, as `write(2)` does on a full disk.
final class FillingOutput: TraceOutput, @unchecked Sendable {
    // @unchecked: used by the recorder's worker thread only.
    private let file: TraceFile
    private var room: Int

    init(file: TraceFile, capacity: Int) {
        self.file = file
        room = capacity
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceError) {
        let fits = min(room, bytes.count)
        try file.write(UnsafeRawBufferPointer(rebasing: bytes[..<fits]))
        room -= fits
        guard fits == bytes.count else {
            throw .io(operation: "cannot write", path: "full disk", errno: ENOSPC, message: "No space left on device")
        }
    }

    func sync() throws(TraceError) {}
    func close() { file.close() }
    var wantsFooterIndex: Bool { true }
}

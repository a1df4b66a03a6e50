import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport

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
        #expect(recorder.close())
        #expect(diagnostics.all.filter { $0.contains("recording stopped") }.count == 1)
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
        #expect(recorder.close())
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
        #expect(recorder.close())
        #expect(diagnostics.all.filter { $0.contains("no listener at") && $0.contains("nobody.sock") }.count == 1)
    }
}

/// A Unix socket listener for tests, written against libc directly.
final class TestListener: @unchecked Sendable {
    // @unchecked: `fd` is set once in init and only read afterwards.
    let fd: Int32

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
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

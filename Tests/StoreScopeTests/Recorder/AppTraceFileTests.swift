import Foundation
@testable import StoreScope
import StoreScopeTestSupport
import Testing
import TraceFormat

/// `RecordingSink.file()`: the trace an app records when it names no path, in its caches.
@Suite struct AppTraceFileTests {
    @Test func theNameHoldsTheAppTheStartInUTCAndTheSessionsFirstBytes() {
        // 2026-12-06 14:25:01 UTC, 1_796_567_101 s after the epoch (and some nanoseconds).
        let name = AppTraceFile.fileName(
            appName: "Mail Ω/inbox", sessionID: [0x1F, 0x3A, 0x9C, 0xFF], startWallNanos: 1_796_567_101_999_000_000)
        #expect(name == "Mail___inbox-20261206-142501-1f3a9c.sstrace")
        #expect(AppTraceFile.fileName(appName: "", sessionID: [0, 1, 2], startWallNanos: 0) == "app-19700101-000000-000102.sstrace")
    }

    @Test func anAppThatNamesNoPathRecordsIntoItsCachesAndIsToldWhere() throws {
        let diagnostics = DiagnosticsLog()
        let appName = "AppTraceFileTests-\(UInt32.random(in: 0...UInt32.max))"
        let recorder = try Recorder(sink: .file(), configuration: .init(appName: appName, diagnostics: diagnostics.handler))
        let path = try #require(recorder.traceFile)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var state = ListState()
        let recording = recorder.store("list", initialState: state, actions: ListAction.self)
        for id in 1...3 { recording.record(.add(id, "x"), reducing: &state) { reduceList(&$0, $1) } }
        #expect(recorder.close(timeout: .recorderCloseInTests))

        let caches = try #require(FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first)
        let folder = caches.appendingPathComponent("StoreScope").path
        #expect(path.hasPrefix(folder + "/" + appName + "-"))
        #expect(path.hasSuffix(".sstrace"))
        #expect(diagnostics.all == ["recording to \(path)"])
        let actions = try readTrace(path).filter { if case .action = $0 { true } else { false } }
        #expect(actions.count == 3)
        #expect(try TraceReader(path: path).header.appName == appName)
        let permissions = { (path: String) throws -> Int in
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
        }
        #expect(try permissions(folder) == 0o700)
        #expect(try permissions(path) == 0o600)
    }

    @Test func twoSessionsOfOneAppGetTwoFiles() throws {
        let appName = "AppTraceFileTests-\(UInt32.random(in: 0...UInt32.max))"
        let first = try Recorder(sink: .file(), configuration: .init(appName: appName, diagnostics: { _ in }))
        let second = try Recorder(sink: .file(), configuration: .init(appName: appName, diagnostics: { _ in }))
        defer {
            for path in [first.traceFile, second.traceFile].compactMap({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
        }
        #expect(first.close(timeout: .recorderCloseInTests) && second.close(timeout: .recorderCloseInTests))
        #expect(first.traceFile != nil && second.traceFile != nil)
        #expect(first.traceFile != second.traceFile)
    }

    @Test func theTraceFileIsThePathGivenAndNoneForAStreamAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("given.sstrace")
        let file = try Recorder(sink: .file(path), configuration: .init(diagnostics: { _ in }))
        let both = try Recorder(sink: .file(directory.path("both.sstrace"), streamingTo: directory.path("both.sock")), configuration: .init(diagnostics: { _ in }))
        let stream = try Recorder(sink: .socket(directory.path("none.sock")), configuration: .init(diagnostics: { _ in }))
        #expect(file.traceFile == path)
        #expect(both.traceFile == directory.path("both.sstrace"))
        #expect(stream.traceFile == nil)
        for recorder in [file, both, stream] { _ = recorder.close(timeout: .milliseconds(500)) }
    }
}
